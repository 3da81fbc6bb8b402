/**
 * P1 check 15: the entries list filters by payment status, the CSV export carries the payment
 * columns, and the payment merge tags render in the confirmation.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { addFilter, entryRows, parseCsv } from '../e2e/utils';
import {
	SITE,
	createFormPage,
	entriesOf,
	ledger,
	orderForm,
	payOverRest,
} from './utils';

test.describe( 'payments in the entries (P1 check 15)', () => {
	test( 'check 15: entries list filter "Paid", CSV payment columns, merge tags in the confirmation', async ( {
		page,
		requestUtils,
	} ) => {
		const def = orderForm( 'P1 check 15 entries' );
		const { form } = await createFormPage( requestUtils, def );
		// Two paid entries on one form; an authorised (not paid) one on another.
		const paid = await payOverRest( form.id );
		expect( paid.status, JSON.stringify( paid.body ) ).toBe( 201 );
		const heldForm = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 15 held', { captureMode: 'authorize' } )
		);
		const held = await payOverRest( heldForm.form.id );
		expect( held.status ).toBe( 201 );
		const second = await payOverRest( form.id );
		expect( second.status ).toBe( 201 );
		const entries = await entriesOf( requestUtils, form.id );
		expect( entries ).toHaveLength( 2 );

		// The merge tags in the confirmation the visitor got.
		const provider = Object.values( ( await ledger() ).payments ).find(
			( p ) => JSON.stringify( paid.body ).includes( p.id )
		);
		expect(
			provider,
			'the transaction id in the confirmation'
		).toBeTruthy();
		const shown = JSON.stringify( paid.body.confirmation );
		expect( shown ).toContain( 'Paid' );
		expect( shown ).toContain( '$30.00' );
		expect( shown ).toContain( 'Card' );
		expect( shown ).not.toContain( '{payment_' );
		expect( shown ).not.toContain( '{transaction_id}' );

		// REST filter.
		const paidOnly = await requestUtils.rest< Array< { id: number } > >( {
			path: '/kestrel-forms/v1/entries',
			params: { form_id: heldForm.form.id, payment_status: 'paid' },
		} );
		expect( paidOnly ).toEqual( [] );
		const authorized = await requestUtils.rest< Array< { id: number } > >( {
			path: '/kestrel-forms/v1/entries',
			params: { form_id: heldForm.form.id, payment_status: 'authorized' },
		} );
		expect( authorized.map( ( e ) => e.id ) ).toEqual( [
			held.body.entry_id,
		] );

		// The list screen: a payment status column and the "Paid" filter.
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ heldForm.form.id }`
		);
		await expect( entryRows( page ) ).toHaveCount( 1 );
		await expect( entryRows( page, held.body.entry_id ) ).toContainText(
			/Authori[sz]ed/
		);
		await addFilter( page, 'Payment', 'Paid' );
		await expect( entryRows( page ) ).toHaveCount( 0 );
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ form.id }`
		);
		await expect( entryRows( page ) ).toHaveCount( 2 );
		await addFilter( page, 'Payment', 'Paid' );
		await expect( entryRows( page ) ).toHaveCount( 2 );
		await expect( entryRows( page, paid.body.entry_id ) ).toContainText(
			'Paid'
		);

		// CSV export: the payment columns with this payment.
		const csv = await requestUtils.request.get(
			`${ SITE }/wp-json/kestrel-forms/v1/entries/export`,
			{
				params: { form_id: form.id },
				headers: {
					'X-WP-Nonce': requestUtils.storageState?.nonce ?? '',
				},
			}
		);
		expect( csv.status() ).toBe( 200 );
		const rows = parseCsv( ( await csv.text() ).replace( /^\uFEFF/, '' ) );
		const heading = rows[ 0 ];
		for ( const column of [
			'Payment status',
			'Payment amount',
			'Payment currency',
			'Transaction id',
			'Payment method',
			'Card',
		] ) {
			expect( heading ).toContain( column );
		}
		const cell = ( row: string[], column: string ) =>
			row[ heading.indexOf( column ) ];
		const row = rows.find( ( r ) => r.includes( String( provider!.id ) ) )!;
		expect( row ).toBeTruthy();
		expect( cell( row, 'Payment status' ) ).toBe( 'Paid' );
		expect( cell( row, 'Payment amount' ) ).toBe( '30.00' );
		expect( cell( row, 'Payment currency' ) ).toBe( 'USD' );
		expect( cell( row, 'Payment method' ) ).toBe( 'Card' );
		expect( cell( row, 'Card' ) ).toContain( '1111' );
	} );
} );
