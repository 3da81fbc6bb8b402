/**
 * The first render is the markup a visitor without JavaScript uses (docs/server-rendering.md §3):
 * the enhanced multi-select is the plain `<select multiple>` until the browser has taken the
 * server's markup over, and a radio group's "other" text box can be typed in and is posted.
 * After hydration, each control is what it was before (the token list; the box enabled only
 * while "other" is chosen), and hydrating the server's markup finds no mismatch.
 */
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from '@wordpress/element';
import type { FieldDefinition, FieldValue } from '../../../shared';
import { Field } from '../../components/Field';
import { renderFixture } from '../../test/render-fixtures-harness';

const tags: FieldDefinition = {
	id: 5,
	type: 'multiselect',
	label: 'Tags',
	choices: [
		{ text: 'Red', value: 'r' },
		{ text: 'Blue', value: 'b' },
	],
	enableEnhancedUI: true,
};

const size: FieldDefinition = {
	id: 6,
	type: 'radio',
	label: 'Size',
	choices: [ { text: 'Small', value: 's' } ],
	enableOtherChoice: true,
};

/**
 * Renders a field's first render (react-dom/server, as the render fixtures do: the markup PHP
 * prints), then hydrates that markup as the page does; returns the container, the server's
 * markup and the recoverable errors React reported.
 *
 * @param field The field.
 * @param value Its value.
 */
async function serverThenHydrated( field: FieldDefinition, value: FieldValue ) {
	const element = (
		<Field
			formId={ 1 }
			field={ field }
			value={ value }
			onChange={ () => {} }
		/>
	);
	const container = document.createElement( 'div' );
	container.innerHTML = renderFixture( {
		kind: 'field',
		description: '',
		html: [],
		formId: 1,
		field,
		values: { [ String( field.id ) ]: value },
	} );
	document.body.appendChild( container );
	const serverHtml = container.innerHTML;
	const mismatches: unknown[] = [];
	await act( async () => {
		hydrateRoot( container, element, {
			onRecoverableError: ( error ) => mismatches.push( error ),
		} );
	} );
	return { container, serverHtml, mismatches };
}

afterEach( () => {
	document.body.innerHTML = '';
} );

describe( 'first render', () => {
	it( 'the enhanced multi-select is a plain multiple select on the server, the token list once hydrated', async () => {
		const { serverHtml, mismatches } = await serverThenHydrated( tags, [
			'b',
		] );
		const server = document.createElement( 'div' );
		server.innerHTML = serverHtml;
		const select = server.querySelector( 'select' ) as HTMLSelectElement;
		expect( select.multiple ).toBe( true );
		expect( select.name ).toBe( 'input_5[]' );
		expect(
			Array.from( select.selectedOptions ).map( ( o ) => o.value )
		).toEqual( [ 'b' ] );
		expect( server.querySelector( '[role="combobox"]' ) ).toBeNull();

		expect( mismatches ).toEqual( [] );
		expect( screen.getByRole( 'combobox', { name: 'Tags' } ) ).toBeTruthy();
		expect(
			screen.getByRole( 'button', { name: 'Remove Blue' } )
		).toBeTruthy();
		expect( document.querySelector( 'select' ) ).toBeNull();
	} );

	it( 'a radio’s other text box is named and enabled on the server, disabled once hydrated while other is not chosen', async () => {
		const { serverHtml, mismatches } = await serverThenHydrated(
			size,
			's'
		);
		const server = document.createElement( 'div' );
		server.innerHTML = serverHtml;
		const text = server.querySelector(
			'#input_1_6_other'
		) as HTMLInputElement;
		expect( text.name ).toBe( 'input_6_other' );
		expect( text.disabled ).toBe( false );

		expect( mismatches ).toEqual( [] );
		expect(
			( document.getElementById( 'input_1_6_other' ) as HTMLInputElement )
				.disabled
		).toBe( true );
	} );

	it( 'a radio’s other text box stays enabled once hydrated when other is chosen', async () => {
		const { mismatches } = await serverThenHydrated( size, 'Huge' );
		expect( mismatches ).toEqual( [] );
		const text = document.getElementById(
			'input_1_6_other'
		) as HTMLInputElement;
		expect( text.disabled ).toBe( false );
		expect( text.value ).toBe( 'Huge' );
	} );
} );
