/**
 * What a visitor can see and reach on one page of a multi-page form (issue 14, item 1): the
 * fields of the current page are visible and take the keyboard focus in turn; the fields of
 * the other pages are neither visible nor reachable with Tab. Used for the visitor page, the
 * front-end preview, the editor's live preview and the block preview.
 */
import type { Locator } from '@playwright/test';
import { expect } from '@wordpress/e2e-test-utils-playwright';

/**
 * A two-page form: name and email on page 1, company and comments on page 2.
 * @param title
 */
export function twoPageForm( title: string ): Record< string, unknown > {
	return {
		title,
		pagination: { type: 'steps' },
		button: { text: 'Send' },
		fields: [
			{ id: 1, type: 'text', label: 'First name' },
			{ id: 2, type: 'email', label: 'Email address' },
			{ id: 3, type: 'page' },
			{ id: 4, type: 'text', label: 'Company' },
			{ id: 5, type: 'textarea', label: 'Comments' },
		],
	};
}

export const PAGE_ONE = [ 'First name', 'Email address' ];
export const PAGE_TWO = [ 'Company', 'Comments' ];

/**
 * The labels of the form controls Tab reaches, starting from the first control of `shown`,
 * until the focus leaves `form`.
 *
 * @param form  The form's root.
 * @param first The control to start from.
 */
export async function tabWalk( form: Locator, first: Locator ) {
	await first.focus();
	const reached: string[] = [];
	for ( let i = 0; i < 20; i++ ) {
		const step = await form.evaluate( ( root ) => {
			const active = root.ownerDocument
				.activeElement as HTMLElement | null;
			if ( ! active || ! root.contains( active ) ) {
				return null;
			}
			const labels = ( active as HTMLInputElement ).labels;
			return (
				labels?.[ 0 ]?.textContent?.trim() ??
				active.getAttribute( 'aria-label' ) ??
				active.textContent?.trim() ??
				''
			);
		} );
		if ( step === null ) {
			break;
		}
		reached.push( step );
		await first.page().keyboard.press( 'Tab' );
	}
	return reached;
}

/**
 * Asserts that only the fields of one page are visible (and, unless `inert`, reachable by Tab).
 *
 * @param form          The form's root.
 * @param shown         Labels of the current page's fields.
 * @param hidden        Labels of the other pages' fields.
 * @param options       Options.
 * @param options.inert A preview whose inputs are disabled on purpose (the block editor's):
 *                      visible, not focusable.
 */
export async function expectOnlyPage(
	form: Locator,
	shown: string[],
	hidden: string[],
	options: { inert?: boolean } = {}
) {
	for ( const label of shown ) {
		await expect(
			form.getByLabel( label, { exact: false } )
		).toBeVisible();
	}
	for ( const label of hidden ) {
		await expect( form.getByLabel( label, { exact: false } ) ).toBeHidden();
	}
	if ( options.inert ) {
		return;
	}
	const reached = await tabWalk(
		form,
		form.getByLabel( shown[ 0 ], { exact: false } )
	);
	for ( const label of shown ) {
		expect( reached.some( ( r ) => r.startsWith( label ) ) ).toBe( true );
	}
	for ( const label of hidden ) {
		expect( reached.some( ( r ) => r.startsWith( label ) ) ).toBe( false );
	}
}
