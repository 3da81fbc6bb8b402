/**
 * form-view hydrates the server's markup (docs/server-rendering.md §1): a render fixture's form
 * printed as the server prints it is hydrated without a mismatch; a markup that differs is
 * counted ("recovered"); what the visitor typed before the script ran is kept.
 */
import '../../forms-ui/test/server-globals';
import { act } from '@testing-library/react';
import { createHooks } from '@wordpress/hooks';
// React's own server renderer; it comes with @wordpress/element.
// eslint-disable-next-line import/no-extraneous-dependencies
import { renderToStaticMarkup } from 'react-dom/server';
import type { FormDefinition } from '../../shared';
import { Form } from '../../forms-ui';
import { formPropsOf, type PageData } from '../../forms-ui/page-data';
import { mountAll, typedValues } from '../form-view';
import {
	fixtureNames,
	pageDataOf,
	readFixture,
	type FormFixture,
} from '../../forms-ui/test/render-fixtures-harness';

// @wordpress/jest-console's matchers, which ship without types.
declare global {
	namespace jest {
		interface Matchers< R > {
			toHaveWarned: () => R;
			toHaveErrored: () => R;
		}
	}
}

/**
 * The server's markup of a page's data: the TSX's first render, which the render fixtures prove
 * equal to FormMarkup's in canonical form.
 *
 * @param data The page's data.
 */
function serverMarkup( data: PageData ): string {
	/* eslint-disable no-console -- layout effects do not run on the server (render-fixtures-harness). */
	const original = console.error;
	console.error = ( ...args: unknown[] ) => {
		if (
			! String( args[ 0 ] ).includes(
				'useLayoutEffect does nothing on the server'
			)
		) {
			original( ...args );
		}
	};
	try {
		return renderToStaticMarkup(
			<Form { ...formPropsOf( data ) } hooks={ createHooks() } />
		);
	} finally {
		console.error = original;
	}
	/* eslint-enable no-console */
}

/**
 * Prints a form's container as FormRenderer does.
 *
 * @param data   The page's data.
 * @param markup The root's markup.
 */
function printContainer( data: PageData, markup: string ): HTMLElement {
	const id = data.form.id;
	document.body.innerHTML =
		`<div class="kestrel-form" id="kestrel-form-${ id }" data-kestrel-form-id="${ id }">` +
		`<script type="application/json" class="kestrel-form__data">${ JSON.stringify(
			data
		).replace( /</g, '\\u003c' ) }</script>` +
		`<div class="kestrel-form__root">${ markup }</div></div>`;
	return document.getElementById( `kestrel-form-${ id }` ) as HTMLElement;
}

/** Runs form-view's mount, as it runs when the page loads. */
async function runFormView() {
	await act( async () => {
		mountAll();
	} );
	// Field units, render-token timers and restores settle.
	await act( async () => {
		await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
	} );
}

afterEach( () => {
	document.body.innerHTML = '';
} );

describe( 'form-view hydration', () => {
	it.each(
		fixtureNames().filter( ( name ) => readFixture( name ).kind === 'form' )
	)( 'hydrates the server markup of %s cleanly', async ( name ) => {
		const data = pageDataOf( readFixture( name ) as FormFixture );
		const container = printContainer( data, serverMarkup( data ) );
		const root = container.querySelector(
			'.kestrel-form__root'
		) as HTMLElement;
		const form = root.querySelector( 'form' );
		expect( form ).not.toBeNull();
		await runFormView();
		expect( container.dataset.kestrelReady ).toBe( 'true' );
		expect( container.dataset.kestrelHydration ).toBe( 'clean' );
		// The same elements: React adopted the server's, it did not print its own.
		expect( root.querySelector( 'form' ) ).toBe( form );
	} );

	it( 'counts a markup that differs from the TSX as recovered, and warns once', async () => {
		const data = pageDataOf(
			readFixture( 'form-single-page.json' ) as FormFixture
		);
		const markup = serverMarkup( data ).replace(
			'Your name',
			'Not the same label'
		);
		const container = printContainer( data, markup );
		await runFormView();
		expect( container.dataset.kestrelHydration ).toBe( 'recovered' );
		expect( container.dataset.kestrelReady ).toBe( 'true' );
		// React rendered the form again: the TSX's label.
		expect(
			container.querySelector( '#label_7_1' )?.textContent
		).toContain( 'Your name' );
		expect( console ).toHaveWarned();
		expect( console ).toHaveErrored();
	} );

	it( 'reads what changed as the submission values, by the inputs names', () => {
		const form = {
			id: 4,
			title: 'Names',
			fields: [
				{ id: 1, type: 'name', label: 'Name', nameFormat: 'simple' },
				{
					id: 2,
					type: 'select',
					label: 'Size',
					choices: [
						{ text: 'S', value: 's' },
						{ text: 'M', value: 'm' },
					],
				},
				{
					id: 3,
					type: 'radio',
					label: 'Colour',
					choices: [
						{ text: 'Red', value: 'red', isSelected: true },
						{ text: 'Blue', value: 'blue' },
					],
				},
				{
					id: 4,
					type: 'consent',
					label: 'Terms',
					checkboxLabel: 'I agree',
					defaultValue: '1',
				},
				{ id: 5, type: 'text', label: 'Untouched', defaultValue: 'x' },
			],
		} as unknown as FormDefinition & { id: number };
		const data: PageData = {
			form,
			rest: { submitPath: '/kestrel-forms/v1/forms/4/submissions' },
		};
		const root = printContainer( data, serverMarkup( data ) ).querySelector(
			'.kestrel-form__root'
		) as HTMLElement;
		expect( typedValues( root, form ) ).toBeUndefined();
		const named = ( name: string ) =>
			root.querySelector( `[name="${ name }"]` ) as HTMLInputElement;
		const first = root.querySelector(
			'[name^="input_1"]'
		) as HTMLInputElement;
		first.value = 'Ada';
		( named( 'input_2' ) as unknown as HTMLSelectElement ).value = 'm';
		(
			root.querySelector(
				'[name="input_3"][value="blue"]'
			) as HTMLInputElement
		 ).checked = true;
		const consent = root.querySelector(
			'[name^="input_4"]'
		) as HTMLInputElement;
		const consentWasTicked = consent.checked;
		consent.checked = ! consentWasTicked;
		const values = typedValues( root, form );
		expect( values?.[ first.name.replace( 'input_', '' ) ] ).toBe( 'Ada' );
		expect( values?.[ '2' ] ).toBe( 'm' );
		expect( values?.[ '3' ] ).toBe( 'blue' );
		// An unticked box is read as empty, so the change is kept too.
		expect( values?.[ consent.name.replace( 'input_', '' ) ] ).toBe(
			consentWasTicked ? '' : consent.value
		);
		expect( values ).not.toHaveProperty( '5' );
	} );

	it( 'reads a radio’s “other” choice as the text typed next to it', () => {
		const form = {
			id: 5,
			title: 'Other',
			fields: [
				{
					id: 1,
					type: 'radio',
					label: 'Colour',
					enableOtherChoice: true,
					choices: [
						{ text: 'Red', value: 'red' },
						{ text: 'Blue', value: 'blue' },
					],
				},
			],
		} as unknown as FormDefinition & { id: number };
		const data: PageData = {
			form,
			rest: { submitPath: '/kestrel-forms/v1/forms/5/submissions' },
		};
		const root = printContainer( data, serverMarkup( data ) ).querySelector(
			'.kestrel-form__root'
		) as HTMLElement;
		(
			root.querySelector(
				'[name="input_1"][value="gf_other_choice"]'
			) as HTMLInputElement
		 ).checked = true;
		const text = root.querySelector(
			'[name="input_1_other"]'
		) as HTMLInputElement | null;
		expect( text ).not.toBeNull();
		( text as HTMLInputElement ).disabled = false;
		( text as HTMLInputElement ).value = 'Teal';
		expect( typedValues( root, form ) ).toEqual( { 1: 'Teal' } );
	} );

	it( 'keeps what the visitor typed before the script ran', async () => {
		const form: FormDefinition & { id: number } = {
			id: 9,
			title: 'Early',
			fields: [
				{ id: 1, type: 'text', label: 'Answer' },
				{
					id: 2,
					type: 'checkbox',
					label: 'Extras',
					choices: [
						{ text: 'Tea', value: 'tea' },
						{ text: 'Cake', value: 'cake' },
					],
				},
				{
					id: 3,
					type: 'text',
					label: 'Only for yes',
					conditionalLogic: {
						actionType: 'show',
						logicType: 'all',
						rules: [
							{ fieldId: '1', operator: 'is', value: 'yes' },
						],
					},
				},
			],
		} as FormDefinition & { id: number };
		const data: PageData = {
			form,
			options: {},
			rest: { submitPath: '/kestrel-forms/v1/forms/9/submissions' },
			action: '/early/#kestrel-form-9',
		};
		const container = printContainer( data, serverMarkup( data ) );
		const answer = container.querySelector(
			'input[name="input_1"]'
		) as HTMLInputElement;
		const cake = container.querySelector(
			'input[name="input_2.2"]'
		) as HTMLInputElement;
		const field3 = container.querySelector( '#field_9_3' ) as HTMLElement;
		expect( field3.hidden ).toBe( true );
		// The visitor types and ticks before form-view runs.
		answer.value = 'yes';
		cake.checked = true;
		await runFormView();
		expect( container.dataset.kestrelHydration ).toBe( 'clean' );
		expect(
			(
				container.querySelector(
					'input[name="input_1"]'
				) as HTMLInputElement
			 ).value
		).toBe( 'yes' );
		expect(
			(
				container.querySelector(
					'input[name="input_2.2"]'
				) as HTMLInputElement
			 ).checked
		).toBe( true );
		// The form's state has them: the rule on the answer shows the third field.
		expect(
			( container.querySelector( '#field_9_3' ) as HTMLElement ).hidden
		).toBe( false );
	} );
} );
