/**
 * The plain field types' render fixtures hydrate cleanly: each fixture's first render (the
 * markup PHP prints for it, which the render fixtures prove equal in canonical form) is taken
 * over by React with the same props without a recoverable error or a mismatch warning, and
 * the controls keep the values the server printed.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from '@wordpress/element';
import { Field } from '../../components/Field';
import {
	fieldValueOf,
	fixtureNames,
	readFixture,
	renderFixture,
	type FieldFixture,
} from '../../test/render-fixtures-harness';

/** The types whose fixtures these are (helper files: field-{type}-*.json). */
const TYPES = [
	'text',
	'textarea',
	'email',
	'number',
	'select',
	'quantity',
	'radio',
	'checkbox',
	'name',
	'phone',
	'website',
	'time',
	'hidden',
	'html',
	'section',
	'consent',
	'multiselect',
];

const names = fixtureNames().filter( ( name ) =>
	TYPES.some( ( type ) => name.startsWith( `field-${ type }-` ) )
);

/**
 * What the form's controls hold: each named control's value or checked state.
 *
 * @param container The markup's container.
 */
function controlState( container: Element ): string[] {
	return Array.from(
		container.querySelectorAll< HTMLInputElement >(
			'input[name], textarea[name], select[name]'
		)
	).map( ( control ) => {
		if ( control instanceof HTMLSelectElement ) {
			return `${ control.name }=${ Array.from( control.selectedOptions )
				.map( ( o ) => o.value )
				.join( '|' ) }`;
		}
		return [ 'checkbox', 'radio' ].includes( control.type )
			? `${ control.name }:${ control.value }=${ control.checked }`
			: `${ control.name }=${ control.value }`;
	} );
}

/**
 * Prints a fixture as the server does and hydrates it with the fixture's props.
 *
 * @param name The fixture's file name.
 * @return The recoverable errors, and the controls' state as printed and once hydrated.
 */
async function hydrate( name: string ) {
	const fixture = readFixture( name ) as FieldFixture;
	const container = document.createElement( 'div' );
	container.innerHTML = renderFixture( fixture );
	document.body.appendChild( container );
	const printed = controlState( container );
	const errors: unknown[] = [];
	await act( async () => {
		hydrateRoot(
			container,
			<Field
				formId={ fixture.formId }
				field={ fixture.field }
				value={ fieldValueOf( fixture ) }
				error={ fixture.error?.message }
				errorInputs={ fixture.error?.inputs }
				onChange={ () => {} }
				concealed={ !! fixture.concealed }
				descriptionPlacement={ fixture.descriptionPlacement }
			/>,
			{ onRecoverableError: ( error ) => errors.push( error ) }
		);
	} );
	const hydrated = controlState( container );
	container.remove();
	return { fixture, errors, printed, hydrated };
}

describe( 'plain field fixtures hydrate', () => {
	it( 'has the fixtures', () => {
		// All of them, unless RENDER_FIXTURE picks some.
		expect( names.length ).toBeGreaterThan(
			process.env.RENDER_FIXTURE ? 0 : 100
		);
	} );

	it.each( names )( '%s without a mismatch', async ( name ) => {
		expect( ( await hydrate( name ) ).errors ).toEqual( [] );
	} );

	// The enhanced multi-select swaps its list box for the token list once hydrated.
	it.each(
		names.filter(
			( name ) =>
				! ( readFixture( name ) as FieldFixture ).field.enableEnhancedUI
		)
	)( '%s keeps the printed values', async ( name ) => {
		const { fixture, printed, hydrated } = await hydrate( name );
		expect( fixture.kind ).toBe( 'field' );
		expect( hydrated ).toEqual( printed );
	} );
} );
