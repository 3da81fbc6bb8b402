import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider, useSelect } from '@wordpress/data';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store } from '../../store/forms';
import { FieldSettings } from '../FieldSettings';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const stored = {
	id: 7,
	title: 'Pay',
	fields: [ { id: 1, type: 'creditcard' as const, label: 'Card' } ],
	status: 'active' as const,
	createdAt: '',
	updatedAt: '',
	entryCount: 0,
};

/** FieldSettings of the edited form's card field, re-rendered on every edit. */
function CardSettings() {
	const form = useSelect( ( select ) =>
		select( store ).getEditedDefinition()
	);
	return form ? (
		<FieldSettings field={ form.fields[ 0 ] } form={ form } />
	) : null;
}

function setup( creditCards?: string[] ) {
	const registry = createRegistry();
	registry.register( store );
	registry.dispatch( store ).openEditor( {
		...stored,
		fields: [ { ...stored.fields[ 0 ], creditCards } ],
	} );
	render(
		<RegistryProvider value={ registry }>
			<CardSettings />
		</RegistryProvider>
	);
	const cards = () =>
		registry.select( store ).getEditedDefinition()?.fields[ 0 ].creditCards;
	return { registry, cards };
}

beforeEach( () => ( apiFetch as unknown as jest.Mock ).mockReset() );

it( 'lists every built-in card type, all accepted when the field names none', () => {
	setup();
	const group = screen.getByRole( 'group', { name: 'Accepted cards' } );
	const boxes = Array.from(
		group.querySelectorAll< HTMLInputElement >( 'input[type=checkbox]' )
	);
	expect(
		boxes.map( ( box ) => box.labels?.[ 0 ]?.textContent ?? '' )
	).toEqual( [
		'Visa',
		'Mastercard',
		'American Express',
		'Discover',
		'JCB',
		'Diners Club',
		'Maestro',
	] );
	expect( boxes.every( ( box ) => box.checked ) ).toBe( true );
} );

it( 'unchecking a type lists the others; checking it again removes the key', async () => {
	const { cards } = setup();
	await userEvent.click(
		screen.getByRole( 'checkbox', { name: 'American Express' } )
	);
	expect( cards() ).toEqual( [
		'visa',
		'mastercard',
		'discover',
		'jcb',
		'diners',
		'maestro',
	] );
	await userEvent.click(
		screen.getByRole( 'checkbox', { name: 'American Express' } )
	);
	expect( cards() ).toBeUndefined();
} );

it( 'keeps the last accepted type checked and keeps slugs of a site’s own rules', async () => {
	const { cards } = setup( [ 'visa', 'storecard' ] );
	expect(
		(
			screen.getByRole( 'checkbox', {
				name: 'storecard',
			} ) as HTMLInputElement
		 ).checked
	).toBe( true );
	expect(
		(
			screen.getByRole( 'checkbox', {
				name: 'Mastercard',
			} ) as HTMLInputElement
		 ).checked
	).toBe( false );
	await userEvent.click( screen.getByRole( 'checkbox', { name: 'Visa' } ) );
	expect( cards() ).toEqual( [ 'storecard' ] );
	const last = screen.getByRole( 'checkbox', { name: 'storecard' } );
	expect( ( last as HTMLInputElement ).disabled ).toBe( true );
} );

it( 'saves through the server and shows its message under the control', async () => {
	const { registry } = setup();
	await userEvent.click( screen.getByRole( 'checkbox', { name: 'Visa' } ) );
	( apiFetch as unknown as jest.Mock ).mockRejectedValue( {
		code: 'kestrel_forms_invalid_form',
		message: 'The form definition is not valid.',
		data: {
			status: 400,
			errors: [
				{
					path: 'fields[0].creditCards',
					keyword: 'maxItems',
					message: 'Too many card types.',
				},
			],
		},
	} );
	let saved: boolean | undefined;
	await act( async () => {
		saved = ( await registry
			.dispatch( store )
			.saveForm() ) as unknown as boolean;
	} );
	expect( saved ).toBe( false );
	const request = ( apiFetch as unknown as jest.Mock ).mock.calls[ 0 ][ 0 ];
	expect( request ).toMatchObject( {
		path: '/kestrel-forms/v1/forms/7',
		method: 'PUT',
	} );
	expect( request.data.fields[ 0 ].creditCards ).not.toContain( 'visa' );
	const group = screen.getByRole( 'group', { name: 'Accepted cards' } );
	expect( group.textContent ).toContain( 'Too many card types.' );
} );
