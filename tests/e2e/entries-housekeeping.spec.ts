/**
 * Entries housekeeping like WordPress's own lists (issue 14): the views "All | Unread | Starred
 * | Spam | Trash (n)" with their counts, bulk Move to trash with Undo, the entry screen's Trash
 * with Undo and Print, and the dates in the site's formats.
 */
import {
	test,
	expect,
	RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';
import { createForm, deleteForm, entriesOf, entryRows } from './utils';

/**
 * A form with three entries (Ada, Grace, Linus), Grace starred.
 *
 * @param requestUtils Admin request utils.
 */
async function formWithEntries( requestUtils: RequestUtils ) {
	const form = await createForm( requestUtils, {
		title: `E2E housekeeping ${ Date.now() }`,
		fields: [ { id: 1, type: 'text', label: 'Name', isRequired: true } ],
	} );
	for ( const name of [ 'Ada', 'Grace', 'Linus' ] ) {
		await requestUtils.rest( {
			method: 'POST',
			path: `/kestrel-forms/v1/forms/${ form.id }/submissions`,
			data: { values: { 1: name } },
		} );
	}
	const entries = await entriesOf( requestUtils, form.id );
	const ids: Record< string, number > = {};
	for ( const entry of entries ) {
		ids[ String( entry.values[ '1' ] ) ] = entry.id;
	}
	await requestUtils.rest( {
		method: 'POST',
		path: '/kestrel-forms/v1/entries/bulk',
		data: { action: 'star', ids: [ ids.Grace ] },
	} );
	return { form, ids };
}

/** Expectations that wait as long as a busy shared Playground needs. */
const slow = expect.configure( { timeout: 60_000 } );

test.describe( 'entries housekeeping', () => {
	// A shared Playground on a busy machine: setup alone can take a minute.
	test.setTimeout( 300_000 );
	test.use( { navigationTimeout: 150_000 } );

	test( 'views with counts, bulk trash with Undo, trash on the entry screen, local dates', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, ids } = await formWithEntries( requestUtils );
		// The site's own settings stay (other specs may run at the same time): WordPress's
		// default formats, "November 25, 2026 4:07 pm". Jest and PHPUnit cover other zones.
		const localTime = /^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d\d [ap]m/;
		try {
			await page.goto(
				`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ form.id }`
			);
			const views = page.getByRole( 'list', { name: 'Entry views' } );
			const view = ( name: string ) =>
				views.getByRole( 'button', { name, exact: true } );
			await slow( view( 'All (3)' ) ).toHaveAttribute(
				'aria-current',
				'true'
			);
			await slow( view( 'Unread (3)' ) ).toBeVisible();
			await slow( view( 'Starred (1)' ) ).toBeVisible();
			await slow( view( 'Spam (0)' ) ).toBeVisible();
			await slow( view( 'Trash (0)' ) ).toBeVisible();
			const rows = entryRows( page );
			await slow( rows ).toHaveCount( 3 );
			// The submission time in the site's zone and formats.
			await slow(
				entryRows( page, ids.Ada ).locator( 'time' )
			).toHaveText( localTime );

			// Bulk: Ada and Linus to the Trash, then Undo.
			for ( const id of [ ids.Ada, ids.Linus ] ) {
				await page
					.getByRole( 'checkbox', { name: `Entry #${ id }` } )
					.check();
			}
			await page
				.getByRole( 'button', { name: 'Move to trash', exact: true } )
				.click();
			const notice = page.locator( '.components-notice' );
			await slow( notice ).toContainText(
				'2 entries moved to the Trash.'
			);
			await slow( rows ).toHaveCount( 1 );
			await slow( view( 'All (1)' ) ).toBeVisible();
			await slow( view( 'Trash (2)' ) ).toBeVisible();
			await notice.getByRole( 'button', { name: 'Undo' } ).click();
			await slow( notice ).toContainText( '2 entries put back.' );
			await slow( rows ).toHaveCount( 3 );
			await slow( view( 'All (3)' ) ).toBeVisible();
			await slow( view( 'Trash (0)' ) ).toBeVisible();

			// Views switch the list: Starred shows Grace only; Trash after trashing Linus.
			await view( 'Starred (1)' ).click();
			await slow( rows ).toHaveCount( 1 );
			await slow( entryRows( page, ids.Grace ) ).toHaveCount( 1 );
			await view( 'All (3)' ).click();
			await slow( rows ).toHaveCount( 3 );

			// The entry screen: Move to Trash, Undo, then Trash for good, and Print is there.
			await page.goto(
				`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ ids.Linus }`
			);
			const bar = page.getByRole( 'group', { name: 'Entry actions' } );
			await slow(
				bar.getByRole( 'button', { name: 'Print' } )
			).toBeVisible();
			await bar.getByRole( 'button', { name: 'Move to Trash' } ).click();
			await slow( notice ).toContainText( '1 entry moved to the Trash.' );
			await slow(
				bar.getByRole( 'button', { name: 'Restore' } )
			).toBeVisible();
			await notice.getByRole( 'button', { name: 'Undo' } ).click();
			await slow(
				bar.getByRole( 'button', { name: 'Move to Trash' } )
			).toBeVisible();
			await bar.getByRole( 'button', { name: 'Move to Trash' } ).click();
			await slow(
				bar.getByRole( 'button', { name: 'Restore' } )
			).toBeVisible();
			// Its date in the site's format, the relative time beside it.
			await slow(
				page.locator( '.kestrel-forms-entry-meta time' ).first()
			).toHaveText( new RegExp( localTime.source + ' \\(.+ ago\\)$' ) );

			// Back on the list: Trash (1) holds Linus.
			await page.goto(
				`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ form.id }`
			);
			await slow( view( 'All (2)' ) ).toBeVisible();
			await view( 'Trash (1)' ).click();
			await slow( rows ).toHaveCount( 1 );
			await slow( entryRows( page, ids.Linus ) ).toHaveCount( 1 );
		} finally {
			await deleteForm( requestUtils, form.id );
		}
	} );
} );
