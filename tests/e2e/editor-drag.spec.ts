/**
 * The form editor's drag and drop (issue 5: add by drag, reorder by drag): real HTML5 drag
 * events in Chromium, checked in the canvas order and in the saved definition.
 */
import {
	test,
	expect,
	type RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';
import type { Page } from '@playwright/test';
import {
	type StoredForm,
	contactForm,
	createForm,
	deleteForm,
	openEditor,
} from './utils';

/**
 * Ids of the canvas fields, top to bottom.
 *
 * @param page Editor page.
 */
async function canvasOrder( page: Page ): Promise< number[] > {
	return page
		.locator( '.kestrel-forms-canvas__field' )
		.evaluateAll( ( items ) =>
			items.map( ( li ) => Number( li.getAttribute( 'data-field-id' ) ) )
		);
}

async function savedTypes(
	requestUtils: RequestUtils,
	id: number
): Promise< Array< [ number, string ] > > {
	const form = await requestUtils.rest< StoredForm >( {
		path: `/kestrel-forms/v1/forms/${ id }`,
	} );
	return ( form.fields as Array< { id: number; type: string } > ).map(
		( f ) => [ f.id, f.type ]
	);
}

test.describe( 'form editor drag and drop', () => {
	test( 'a field dragged from the palette lands where it is dropped; a dragged field moves', async ( {
		page,
		requestUtils,
	} ) => {
		const form = await createForm(
			requestUtils,
			contactForm( `E2E drag ${ Date.now() }` )
		);
		const ids = ( form.fields as Array< { id: number } > ).map(
			( f ) => f.id
		);
		await openEditor( page, form );
		expect( await canvasOrder( page ) ).toEqual( ids );

		// Drag "Number" from the palette onto the second field: it is inserted before it.
		const fields = page.locator( '.kestrel-forms-canvas__field' );
		await page
			.getByRole( 'button', { name: 'Add Number field' } )
			.dragTo( fields.nth( 1 ) );
		await expect( fields ).toHaveCount( ids.length + 1 );
		const afterAdd = await canvasOrder( page );
		const added = afterAdd.find( ( id ) => ! ids.includes( id ) );
		expect( added ).toBeDefined();
		expect( afterAdd ).toEqual( [
			ids[ 0 ],
			added as number,
			...ids.slice( 1 ),
		] );

		// Drag the first field to the end of the form.
		await fields
			.first()
			.dragTo( page.locator( '.kestrel-forms-canvas__end' ) );
		await expect
			.poll( () => canvasOrder( page ) )
			.toEqual( [ added as number, ...ids.slice( 1 ), ids[ 0 ] ] );

		// Saved as shown.
		await page.getByRole( 'button', { name: 'Save form' } ).click();
		await expect(
			page.locator( '.kestrel-forms-editor__status' )
		).toHaveText( 'Saved' );
		const saved = await savedTypes( requestUtils, form.id );
		expect( saved.map( ( [ id ] ) => id ) ).toEqual( [
			added as number,
			...ids.slice( 1 ),
			ids[ 0 ],
		] );
		expect( saved[ 0 ][ 1 ] ).toBe( 'number' );

		await deleteForm( requestUtils, form.id );
	} );
} );
