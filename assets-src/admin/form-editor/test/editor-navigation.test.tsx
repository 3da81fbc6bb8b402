import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../../../shared';
import { store } from '../../store/forms';
import { Editor } from '../Editor';
import { typeMatches } from '../palette-search';
import { fieldRuleSummary } from '../rule-summary';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.setTimeout( 30000 );

const definition: FormDefinition = {
	title: 'Order',
	fields: [
		{
			id: 1,
			type: 'radio',
			label: 'Size',
			choices: [
				{ text: 'Small', value: 'small' },
				{ text: 'Large', value: 'large' },
			],
		},
		{
			id: 2,
			type: 'text',
			label: 'Engraving',
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ { fieldId: '1', operator: 'is', value: 'large' } ],
			},
		},
		{ id: 3, type: 'text', label: 'Notes' },
	],
};

/**
 * The editor on the stored definition.
 */
async function renderEditor() {
	( apiFetch as unknown as jest.Mock ).mockResolvedValue( {
		...definition,
		id: 3,
		status: 'active',
		createdAt: '',
		updatedAt: '',
		entryCount: 0,
	} );
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<Editor
				config={ {
					formId: 3,
					preview: false,
					listUrl: '/l',
					entriesUrl: '/e',
					shortcodeTag: 'kestrel_form',
					feedAddons: { 'example-log': 'Example log' },
				} }
			/>
		</RegistryProvider>
	);
	await screen.findByRole( 'heading', { name: 'Edit form: Order' } );
	return { user: userEvent.setup(), registry };
}

const palette = () =>
	screen.getByRole( 'complementary', { name: 'Add fields' } );
const addButtons = () =>
	within( palette() )
		.queryAllByRole( 'button', { name: /^Add .* field$/ } )
		.map( ( b ) => b.getAttribute( 'aria-label' ) );

describe( 'Editor: finding things', () => {
	it( 'narrows the palette to the field types the search names', async () => {
		const { user } = await renderEditor();
		const all = addButtons().length;
		expect( all ).toBeGreaterThan( 20 );
		await user.type(
			within( palette() ).getByRole( 'searchbox', {
				name: 'Search field types',
			} ),
			'upl'
		);
		expect( addButtons() ).toEqual( [ 'Add File upload field' ] );
		// Groups without a match are gone.
		expect(
			within( palette() ).queryByRole( 'heading', {
				name: 'Pricing fields',
			} )
		).toBeNull();
		await user.click(
			within( palette() ).getByRole( 'button', {
				name: 'Add File upload field',
			} )
		);
		expect(
			document.querySelectorAll( '.kestrel-forms-canvas__field' )
		).toHaveLength( 4 );

		await user.type(
			within( palette() ).getByRole( 'searchbox', {
				name: 'Search field types',
			} ),
			'zzz'
		);
		expect( addButtons() ).toEqual( [] );
		expect( within( palette() ).getByRole( 'status' ).textContent ).toBe(
			'No field type matches “uplzzz”.'
		);
	} );

	it( "shows a field's rule on its card", async () => {
		await renderEditor();
		const card = document.querySelector(
			'[data-field-id="2"] .kestrel-forms-canvas__rule'
		);
		expect( card?.textContent ).toBe( 'Shown when Size (1) is "Large"' );
		expect(
			document.querySelector(
				'[data-field-id="3"] .kestrel-forms-canvas__rule'
			)
		).toBeNull();
	} );

	it( 'opens the form settings with one click, even with a field selected', async () => {
		const { user } = await renderEditor();
		await user.click(
			screen.getByRole( 'button', { name: /^Engraving/ } )
		);
		expect(
			screen.getByRole( 'heading', { name: 'Single line text field 2' } )
		).toBeTruthy();
		const settings = screen.getByRole( 'button', {
			name: 'Form settings',
		} );
		expect( settings.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		await user.click( settings );
		expect(
			screen.getByRole( 'heading', { level: 2, name: 'Form settings' } )
		).toBeTruthy();
		expect( settings.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		// The feeds panel knows the registered add-ons.
		await user.click( screen.getByRole( 'button', { name: 'Feeds' } ) );
		expect(
			screen.getByRole( 'combobox', { name: 'Add-on' } ).textContent
		).toBe( 'Example log' );
	} );
} );

describe( 'typeMatches', () => {
	it( 'matches every word in the name or the slug, any case', () => {
		expect( typeMatches( 'fileupload', 'FILE up' ) ).toBe( true );
		expect( typeMatches( 'textarea', 'textarea' ) ).toBe( true );
		expect( typeMatches( 'email', 'mail' ) ).toBe( true );
		expect( typeMatches( 'email', 'mail phone' ) ).toBe( false );
		expect( typeMatches( 'email', '   ' ) ).toBe( true );
	} );
} );

describe( 'fieldRuleSummary', () => {
	const rules = [
		{ fieldId: '1', operator: 'is' as const, value: 'large' },
		{ fieldId: '3', operator: 'contains' as const, value: 'gift' },
	];
	it( 'words show and hide, all and any, and a page break', () => {
		expect(
			fieldRuleSummary(
				{
					id: 4,
					type: 'text',
					conditionalLogic: {
						actionType: 'hide',
						logicType: 'any',
						rules,
					},
				},
				definition
			)
		).toBe(
			'Hidden when Size (1) is "Large" or Notes (3) contains "gift"'
		);
		expect(
			fieldRuleSummary(
				{
					id: 4,
					type: 'text',
					conditionalLogic: {
						actionType: 'show',
						logicType: 'all',
						rules,
					},
				},
				definition
			)
		).toBe(
			'Shown when Size (1) is "Large" and Notes (3) contains "gift"'
		);
		expect(
			fieldRuleSummary(
				{
					id: 5,
					type: 'page',
					nextButton: {
						type: 'text',
						text: 'Next',
						conditionalLogic: {
							actionType: 'show',
							logicType: 'all',
							rules: rules.slice( 0, 1 ),
						},
					},
				},
				definition
			)
		).toBe( 'Next button shown when Size (1) is "Large"' );
		expect(
			fieldRuleSummary(
				{
					id: 4,
					type: 'text',
					conditionalLogic: {
						actionType: 'show',
						logicType: 'all',
						rules: [],
					},
				},
				definition
			)
		).toBeNull();
	} );
} );

describe( 'Editor: landmarks', () => {
	it( "adds no <main> of its own: wp-admin's #wpbody is the main landmark (issue 14)", async () => {
		await renderEditor();
		expect( screen.queryAllByRole( 'main' ) ).toHaveLength( 0 );
		expect( document.querySelector( 'main' ) ).toBeNull();
		// The canvas is still a named region.
		expect(
			screen.getByRole( 'region', { name: 'Form fields' } )
		).toBeTruthy();
	} );
} );
