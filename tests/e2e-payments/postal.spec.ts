/**
 * The postal code follows the card's issuing country (US, CA, GB; spec §3, API §4), known from
 * the provider's BIN lookup, else the page locale's region.
 */
import { expect, test, type Page } from '@playwright/test';
import { openCard, typeCard } from './utils';

async function open( page: Page ) {
	const frame = await openCard( page );
	await page.evaluate( () => {
		const w = window as any;
		w.__postal = [];
		w.card.addEventListener( 'postalCodeChanged', ( e: any ) =>
			w.__postal.push( e.detail.postalCodeValue )
		);
	} );
	return frame;
}

test( 'a Canadian card takes a Canadian postal code on an en-US page', async ( {
	page,
} ) => {
	const lookups: string[] = [];
	page.on( 'request', ( r ) => {
		if ( r.url().endsWith( '/v2/tokenization/product-information' ) ) {
			lookups.push( r.postData() ?? '' );
		}
	} );
	const frame = await open( page );
	const postal = frame.locator( 'input[name=postalCode]' );
	await expect( postal ).toHaveAttribute( 'placeholder', 'ZIP' );
	await frame
		.locator( 'input[name=cardNumber]' )
		.pressSequentially( '4556000000000000' );
	await expect( postal ).toHaveAttribute( 'placeholder', 'Postal code' );
	// The number is typed: the rest as a shopper goes on.
	await typeCard( frame, { number: '', postal: 'K1A 0B1' } );
	const result = await page.evaluate( () =>
		( window as any ).card.tokenize()
	);
	expect( result.status ).toBe( 'OK' );
	expect( result.details.billing ).toEqual( { postalCode: 'K1A 0B1' } );
	// postalCodeChanged: one per keystroke, with the value as typed so far.
	expect( await page.evaluate( () => ( window as any ).__postal ) ).toEqual( [
		'K',
		'K1',
		'K1A',
		'K1A ',
		'K1A 0',
		'K1A 0B',
		'K1A 0B1',
	] );
	// The lookup got the BIN once, never more of the number.
	expect( lookups ).toHaveLength( 1 );
	expect( JSON.parse( lookups[ 0 ] ) ).toMatchObject( { bin: '455600' } );
	expect( lookups[ 0 ] ).not.toContain( '4556000000000000' );
} );

test( 'a British card refuses a ZIP code until the card changes to a US one', async ( {
	page,
} ) => {
	const frame = await open( page );
	const number = frame.locator( 'input[name=cardNumber]' );
	const postal = frame.locator( 'input[name=postalCode]' );
	await number.pressSequentially( '5454540000000005' );
	await expect( postal ).toHaveAttribute( 'placeholder', 'Postcode' );
	await typeCard( frame, { number: '' } );
	await number.focus();
	await expect( page.locator( '.sq-card-message' ) ).toHaveText(
		'Enter a valid postcode.'
	);
	const invalid = await page.evaluate( () =>
		( window as any ).card.tokenize()
	);
	expect( invalid.status ).toBe( 'Invalid' );
	expect( invalid.errors.map( ( e: { field: string } ) => e.field ) ).toEqual(
		[ 'postalCode' ]
	);
	await page.evaluate( () => {
		const w = window as any;
		w.__removed = [];
		w.card.addEventListener( 'errorClassRemoved', ( e: any ) =>
			w.__removed.push( e.detail.field )
		);
	} );
	await number.fill( '' );
	await number.pressSequentially( '4111111111111111' );
	await expect( postal ).toHaveAttribute( 'placeholder', 'ZIP' );
	await expect( page.locator( '.sq-card-message' ) ).not.toHaveClass(
		/sq-card-message-error/
	);
	expect(
		await page.evaluate( () => ( window as any ).__removed )
	).toContain( 'postalCode' );
	const ok = await page.evaluate( () => ( window as any ).card.tokenize() );
	expect( ok.status ).toBe( 'OK' );
	// The value did not change, so no postalCodeChanged beyond the typing.
	expect( await page.evaluate( () => ( window as any ).__postal ) ).toEqual( [
		'9',
		'94',
		'941',
		'9410',
		'94103',
	] );
} );
