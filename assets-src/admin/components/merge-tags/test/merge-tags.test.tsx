import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from '@wordpress/element';
import type { FormDefinition } from '../../../../shared';
import {
	filterTags,
	insertAt,
	mergeTagsFor,
	MergeTagTextareaControl,
	MergeTagTextControl,
	type MergeTagTarget,
} from '..';

jest.setTimeout( 30000 );

const form: FormDefinition = {
	title: 'Order',
	fields: [
		{ id: 1, type: 'text', label: 'Your name' },
		{ id: 2, type: 'email', label: 'Email' },
		{ id: 3, type: 'number', label: 'Nights' },
		{
			id: 4,
			type: 'product',
			label: 'Room',
			inputType: 'singleproduct',
			basePrice: '90.00',
		},
		{ id: 5, type: 'quantity', label: 'Guests', productField: 4 },
		{ id: 6, type: 'list', label: 'Items', columns: [ 'Item', 'Qty' ] },
		{ id: 7, type: 'total', label: 'Total' },
		{ id: 8, type: 'section', label: 'More' },
		{
			id: 9,
			type: 'text',
			label: 'Address',
			inputs: [
				{ id: '9.1', label: 'Street' },
				{ id: '9.2', label: 'City' },
			],
		},
		{ id: 10, type: 'password', label: 'Secret' },
		{ id: 11, type: 'payment', label: 'Pay' },
	],
};

const tagsOf = ( target: MergeTagTarget, f = form, exclude?: number ) =>
	mergeTagsFor( f, target, exclude ).map( ( t ) => t.tag );

describe( 'mergeTagsFor', () => {
	it( 'offers only numeric values to formulas, list columns included', () => {
		expect( tagsOf( 'formula' ) ).toEqual( [
			'{Nights:3}',
			'{Guests:5}',
			'{Items:6.1}',
			'{Items:6.2}',
		] );
		// Prices a formula reads: calculated, typed or chosen ones (not a fixed single price).
		expect(
			tagsOf( 'formula', {
				title: 'x',
				fields: [
					{ id: 1, type: 'product', inputType: 'calculation' },
					{
						id: 2,
						type: 'product',
						inputType: 'radio',
						label: 'Size',
					},
					{ id: 3, type: 'shipping', inputType: 'singleshipping' },
					{
						id: 4,
						type: 'option',
						inputType: 'select',
						label: 'Opt',
					},
				],
			} )
		).toEqual( [ '{:1}', '{Size:2}', '{Opt:4}' ] );
		// A formula never offers its own field.
		expect( tagsOf( 'formula', form, 3 ) ).not.toContain( '{Nights:3}' );
	} );

	it( 'offers email fields and the admin address to email targets', () => {
		expect( tagsOf( 'email' ) ).toEqual( [
			'{Email:2}',
			'{user:user_email}',
			'{admin_email}',
		] );
	} );

	it( 'offers every field, its inputs, the form and payment tags to text', () => {
		const text = tagsOf( 'text' );
		expect( text ).toEqual(
			expect.arrayContaining( [
				'{Your name:1}',
				'{Email:2}',
				'{Total:7}',
				'{Address:9}',
				'{Address:9.1}',
				'{Address:9.2}',
				'{Room:4.1}',
				'{Room:4.2}',
				'{Room:4.3}',
				'{Items:6.2}',
				'{Pay:11}',
				'{pricing_fields}',
				'{total}',
				'{form_id}',
				'{user:display_name}',
				'{site_title}',
				'{site_url}',
				'{admin_email}',
				'{all_fields}',
				'{form_title}',
				'{entry_id}',
				'{date}',
				'{ip}',
				'{embed_url}',
				'{payment_status}',
				'{payment_amount}',
				'{transaction_id}',
				'{payment_method}',
				'{receipt_url}',
			] )
		);
		// No section (no value) and no password in a message.
		expect( text ).not.toContain( '{More:8}' );
		expect( text ).not.toContain( '{Secret:10}' );
		expect( tagsOf( 'html' ) ).toEqual( text );
		// A URL gets no table of values; a form without payment no payment tags.
		expect( tagsOf( 'url' ) ).not.toContain( '{all_fields}' );
		expect( tagsOf( 'url' ) ).not.toContain( '{pricing_fields}' );
		expect( tagsOf( 'url' ) ).toContain( '{entry_id}' );
		const unpaid = tagsOf( 'text', {
			...form,
			fields: form.fields.filter( ( f ) => f.type !== 'payment' ),
		} );
		expect( unpaid ).not.toContain( '{payment_status}' );
		// Without products, no order tags.
		expect(
			tagsOf( 'text', { title: 'x', fields: [ form.fields[ 0 ] ] } )
		).not.toContain( '{total}' );
	} );

	it( 'offers a date or a time whole only: the entry keeps one value, not its inputs', () => {
		const imported: FormDefinition = {
			title: 'Imported',
			fields: [
				{
					id: 1,
					type: 'date',
					label: 'Day',
					dateType: 'datedropdown',
					inputs: [
						{ id: '1.1', label: 'Month' },
						{ id: '1.2', label: 'Day' },
						{ id: '1.3', label: 'Year' },
					],
				},
				{
					id: 2,
					type: 'time',
					label: 'At',
					inputs: [
						{ id: '2.1', label: 'HH' },
						{ id: '2.2', label: 'MM' },
						{ id: '2.3', label: 'AM/PM' },
					],
				},
			],
		};
		const fieldTags = tagsOf( 'text', imported ).filter( ( tag ) =>
			/^\{(Day|At):/.test( tag )
		);
		expect( fieldTags ).toEqual( [ '{Day:1}', '{At:2}' ] );
	} );

	it( 'offers default values only what the server fills before an entry exists', () => {
		expect( tagsOf( 'default' ) ).toEqual( [
			'{form_title}',
			'{form_id}',
			'{date}',
			'{embed_url}',
			'{user:display_name}',
			'{user:user_email}',
			'{user:user_login}',
			'{site_title}',
			'{site_url}',
		] );
	} );

	it( 'drops braces and colons from labels', () => {
		expect(
			tagsOf( 'text', {
				title: 'x',
				fields: [ { id: 1, type: 'text', label: 'Time: {now}' } ],
			} )[ 0 ]
		).toBe( '{Time now:1}' );
	} );

	it( 'filters by every word of the search, in label or tag', () => {
		const tags = mergeTagsFor( form, 'text' );
		expect(
			filterTags( tags, 'address CITY' ).map( ( t ) => t.tag )
		).toEqual( [ '{Address:9.2}' ] );
		expect( filterTags( tags, 'entry_id' ).map( ( t ) => t.tag ) ).toEqual(
			[ '{entry_id}' ]
		);
	} );
} );

describe( 'insertAt', () => {
	it( 'replaces the selection and puts the cursor after the tag', () => {
		expect( insertAt( 'Hello !', '{x}', 6, 6 ) ).toEqual( {
			value: 'Hello {x}!',
			caret: 9,
		} );
		expect( insertAt( 'Hello world', '{x}', 6, 11 ) ).toEqual( {
			value: 'Hello {x}',
			caret: 9,
		} );
		expect( insertAt( 'ab', '{x}', null, null ) ).toEqual( {
			value: 'ab{x}',
			caret: 5,
		} );
	} );
} );

/**
 * A controlled textarea with a picker, as the panels use it.
 *
 * @param props        Props.
 * @param props.start  First text.
 * @param props.target Target.
 */
function Harness( {
	start,
	target = 'html',
}: {
	start: string;
	target?: MergeTagTarget;
} ) {
	const [ value, setValue ] = useState( start );
	return (
		<MergeTagTextareaControl
			form={ form }
			target={ target }
			label="Message"
			value={ value }
			onChange={ setValue }
		/>
	);
}

describe( 'MergeTagPicker', () => {
	it( 'inserts the chosen tag at the cursor and gives focus back to the input', async () => {
		const user = userEvent.setup();
		render( <Harness start="Thanks !" /> );
		const box = screen.getByRole( 'textbox', {
			name: 'Message',
		} ) as HTMLTextAreaElement;
		box.focus();
		box.setSelectionRange( 7, 7 );

		const button = screen.getByRole( 'button', {
			name: 'Insert merge tag into Message',
		} );
		expect( button.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		await user.click( button );
		expect( button.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		const search = screen.getByRole( 'combobox', {
			name: 'Search merge tags',
		} );
		await waitFor( () =>
			expect( box.ownerDocument.activeElement ).toBe( search )
		);

		await user.keyboard( 'your name' );
		const options = screen.getAllByRole( 'option' );
		expect( options.map( ( o ) => o.textContent ) ).toEqual( [
			'Your name (1) {Your name:1}',
		] );
		await user.keyboard( '{Enter}' );

		expect( box.value ).toBe( 'Thanks {Your name:1}!' );
		expect( screen.queryByRole( 'combobox' ) ).toBeNull();
		await waitFor( () =>
			expect( box.ownerDocument.activeElement ).toBe( box )
		);
		expect( box.selectionStart ).toBe( 20 );
		expect( box.selectionEnd ).toBe( 20 );
	} );

	it( 'replaces selected text; arrows move the active tag; a click inserts too', async () => {
		const user = userEvent.setup();
		render( <Harness start="Dear NAME, hello" /> );
		const box = screen.getByRole( 'textbox', {
			name: 'Message',
		} ) as HTMLTextAreaElement;
		box.focus();
		box.setSelectionRange( 5, 9 );
		await user.click(
			screen.getByRole( 'button', {
				name: 'Insert merge tag into Message',
			} )
		);
		await user.keyboard( 'form' );
		const search = screen.getByRole( 'combobox' );
		const active = () =>
			document.getElementById(
				search.getAttribute( 'aria-activedescendant' ) ?? ''
			)?.textContent;
		expect( active() ).toBe( 'Form title {form_title}' );
		await user.keyboard( '{ArrowDown}' );
		expect( active() ).toBe( 'Form ID {form_id}' );
		await user.keyboard( '{ArrowUp}' );
		expect( active() ).toBe( 'Form title {form_title}' );
		await user.click(
			screen.getByRole( 'option', { name: /\{embed_url\}/ } )
		);
		expect( box.value ).toBe( 'Dear {embed_url}, hello' );
		await waitFor( () =>
			expect( box.ownerDocument.activeElement ).toBe( box )
		);
		expect( box.selectionStart ).toBe( 16 );
	} );

	it( 'Escape closes the list, keeps the text and focuses the button', async () => {
		const user = userEvent.setup();
		render( <Harness start="x" /> );
		const button = screen.getByRole( 'button', {
			name: 'Insert merge tag into Message',
		} );
		await user.click( button );
		await user.keyboard( '{Escape}' );
		expect( screen.queryByRole( 'listbox' ) ).toBeNull();
		expect( button.ownerDocument.activeElement ).toBe( button );
		expect(
			(
				screen.getByRole( 'textbox', {
					name: 'Message',
				} ) as HTMLTextAreaElement
			 ).value
		).toBe( 'x' );
	} );

	it( 'lists only what suits the target, and says when nothing matches', async () => {
		const user = userEvent.setup();
		function Email() {
			const [ value, setValue ] = useState( '' );
			return (
				<MergeTagTextControl
					form={ form }
					target="email"
					label="Send to"
					value={ value }
					onChange={ setValue }
				/>
			);
		}
		render( <Email /> );
		await user.click(
			screen.getByRole( 'button', {
				name: 'Insert merge tag into Send to',
			} )
		);
		expect(
			screen.getAllByRole( 'option' ).map( ( o ) => o.textContent )
		).toEqual( [
			'Email (2) {Email:2}',
			"Logged-in user's email {user:user_email}",
			"The site's admin email {admin_email}",
		] );
		await user.keyboard( 'nights' );
		expect( screen.queryAllByRole( 'option' ) ).toHaveLength( 0 );
		expect( screen.getByText( 'No merge tags match.' ) ).toBeTruthy();
		await user.keyboard( '{Enter}' );
		expect(
			(
				screen.getByRole( 'textbox', {
					name: 'Send to',
				} ) as HTMLInputElement
			 ).value
		).toBe( '' );
	} );
} );
