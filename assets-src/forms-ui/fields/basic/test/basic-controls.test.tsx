/**
 * The basic controls (docs/server-rendering.md §3): a field whose control ships in a script of
 * its own renders its plain inputs on the server and while React hydrates them, so hydration
 * finds exactly the server's markup, then its enhanced control (or "Loading…" while its script
 * has not run); the payment field says that paying needs JavaScript until it is hydrated.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from '@wordpress/element';
import type { FieldDefinition } from '../../../../shared';
import { Field } from '../../../components/Field';
import { renderFixture } from '../../../test/render-fixtures-harness';

/**
 * The server's markup of a field (react-dom/server, as the render fixtures render it: the markup
 * PHP prints), hydrated in a container as the page does.
 *
 * @param field The field.
 * @return The container and the recoverable errors React reported.
 */
async function hydrated( field: FieldDefinition ) {
	const element = (
		<Field
			formId={ 3 }
			field={ field }
			value={ undefined }
			onChange={ () => {} }
		/>
	);
	const container = document.createElement( 'div' );
	container.innerHTML = renderFixture( {
		kind: 'field',
		description: '',
		html: [],
		formId: 3,
		field,
	} );
	document.body.appendChild( container );
	const first = container.innerHTML;
	const errors: unknown[] = [];
	await act( async () => {
		hydrateRoot( container, element, {
			onRecoverableError: ( error ) => errors.push( error ),
		} );
	} );
	return { container, server: first, errors };
}

afterEach( () => {
	document.body.innerHTML = '';
} );

describe( 'basic controls before hydration', () => {
	it( 'a date picker is a text box with its hint, then gets its calendar button', async () => {
		const field = { id: 5, type: 'date', label: 'Day' } as FieldDefinition;
		const { container, server, errors } = await hydrated( field );
		expect( server ).toContain( 'name="input_5"' );
		expect( server ).not.toContain( 'Choose date' );
		expect( errors ).toEqual( [] );
		expect(
			container.querySelector( '.kestrel-form__date-button' )
		).not.toBeNull();
		expect( container.querySelector( '#input_3_5_format' ) ).not.toBeNull();
	} );

	it( 'an upload is a plain file input, then the uploader’s field', async () => {
		const field = {
			id: 5,
			type: 'fileupload',
			label: 'Files',
			multipleFiles: true,
			allowedExtensions: 'pdf',
		} as FieldDefinition;
		const { container, server, errors } = await hydrated( field );
		expect( server ).toMatch(
			/<input[^>]*type="file"[^>]*name="input_5\[\]"|<input[^>]*name="input_5\[\]"[^>]*type="file"/
		);
		expect( server ).toContain( 'multiple' );
		expect( server ).toContain( 'accept=".pdf"' );
		expect( errors ).toEqual( [] );
		// Without upload bindings (no form around it) the enhanced field shows its label only.
		expect( container.querySelector( 'input[type="file"]' ) ).toBeNull();
	} );

	it( 'a password has its inputs without toggles, then the toggles', async () => {
		const field = {
			id: 5,
			type: 'password',
			label: 'Password',
		} as FieldDefinition;
		const { container, server, errors } = await hydrated( field );
		expect( server ).toContain( 'name="input_5.2"' );
		expect( server ).not.toContain( 'kestrel-form__password-toggle' );
		expect( errors ).toEqual( [] );
		expect(
			container.querySelectorAll( '.kestrel-form__password-toggle' )
		).toHaveLength( 2 );
	} );

	it.each( [ 'captcha', 'creditcard' ] )(
		'a %s says it needs JavaScript, then renders its control',
		async ( type ) => {
			const field = { id: 5, type, label: 'X' } as FieldDefinition;
			const { container, server, errors } = await hydrated( field );
			expect( server ).toContain( 'needs JavaScript' );
			expect( errors ).toEqual( [] );
			expect( container.textContent ).not.toContain( 'needs JavaScript' );
		}
	);

	it( 'an address is the same control before and after', async () => {
		const field = {
			id: 5,
			type: 'address',
			label: 'Address',
			addressType: 'us',
		} as FieldDefinition;
		const { container, server, errors } = await hydrated( field );
		expect( server ).toContain( 'name="input_5.4"' );
		expect( errors ).toEqual( [] );
		// The same elements (React drops the server's `selected` attribute for the property).
		expect( container.innerHTML.replace( / selected=""/g, '' ) ).toBe(
			server.replace( / selected=""/g, '' )
		);
	} );

	it( 'a payment field says paying needs JavaScript, then that its script is missing', async () => {
		const field = {
			id: 5,
			type: 'payment',
			label: 'Payment',
		} as FieldDefinition;
		const { container, server, errors } = await hydrated( field );
		expect( server ).toContain( 'Paying needs JavaScript' );
		expect( server ).not.toContain( 'not available' );
		expect( errors ).toEqual( [] );
		// No unit script in this test: after hydration the field says it is unavailable.
		expect( container.textContent ).toContain(
			'This field is not available right now'
		);
		expect( container.textContent ).not.toContain( 'needs JavaScript' );
	} );
} );
