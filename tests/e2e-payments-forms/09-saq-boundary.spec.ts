/**
 * P1 check 14 (the SAQ-A boundary), run last: after the suite's payments, no card number or
 * security code is in the WordPress database, its logs, or anything the merchant page sent to
 * WordPress.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE } from '../e2e/utils';
import {
	SITE,
	cardFrame,
	confirmation,
	createFormPage,
	luhnNumbers,
	openForm,
	orderForm,
	payButton,
	expectPaymentError,
	typeCard,
} from './utils';

const ROOT = path.resolve( __dirname, '..', '..' );
const NATIVE = path.join( ROOT, '.cache', 'native' );
/** A security code used nowhere else, so that finding it means it leaked. */
const CVV = '739';
const PANS = [ '4111111111111111', '4000000000000002' ];

/**
 * Every way a number or a code could show up in a text, as failures.
 *
 * @param text  Text.
 * @param where For the message.
 */
function leaks( text: string, where: string ): string[] {
	const found: string[] = [];
	for ( const hit of luhnNumbers( text ) ) {
		found.push( `${ where }: card-like number …${ hit }…` );
	}
	for ( const pan of PANS ) {
		const spaced = pan.replace( /(\d{4})(?=\d)/g, '$1 ' );
		for ( const form of [ pan, spaced ] ) {
			if ( text.includes( form ) ) {
				found.push( `${ where }: ${ form }` );
			}
		}
	}
	const code = new RegExp(
		`(cvv|cvc|security.?code|card.?code)["'\\s:=]{0,6}${ CVV }(?!\\d)`,
		'i'
	);
	if ( code.test( text ) ) {
		found.push( `${ where }: the security code ${ CVV }` );
	}
	return found;
}

test.describe( 'SAQ-A boundary (P1 check 14)', () => {
	test( 'check 14: no Luhn-valid 13–19 digit number or the CVV in the database, the logs, or the requests the merchant page sent to WordPress', async ( {
		browser,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 14 boundary' )
		);
		const har = path.join(
			ROOT,
			'artifacts',
			'e2e-payments-forms-output',
			'merchant.har'
		);
		fs.mkdirSync( path.dirname( har ), { recursive: true } );
		const context = await browser.newContext( {
			storageState: ANONYMOUS_STATE,
			recordHar: { path: har, content: 'embed' },
		} );
		const sentToWordPress: string[] = [];
		try {
			const page = await context.newPage();
			page.on( 'request', ( request ) => {
				if ( request.url().startsWith( SITE ) ) {
					sentToWordPress.push(
						[
							request.method(),
							request.url(),
							JSON.stringify( request.headers() ),
							request.postData() ?? '',
						].join( '\n' )
					);
				}
			} );
			await openForm( page, pageUrl, form.id );
			await page.locator( `#input_${ form.id }_1_3` ).fill( '2' );
			await page
				.locator( `#input_${ form.id }_4` )
				.fill( 'buyer@example.org' );
			// A decline first, then a good card: both tokens went through WordPress.
			await typeCard( cardFrame( page, form.id ), {
				number: PANS[ 1 ],
				cvv: CVV,
			} );
			await payButton( page, form.id ).click();
			await expectPaymentError( page, form.id, /declined/i, 30_000 );
			await typeCard( cardFrame( page, form.id ), {
				number: PANS[ 0 ],
				cvv: CVV,
			} );
			await payButton( page, form.id ).click();
			await expect( confirmation( page ) ).toBeVisible( {
				timeout: 30_000,
			} );
		} finally {
			await context.close();
		}

		const found: string[] = [];
		// What the page sent to WordPress (the frames send the card to the provider only).
		expect(
			sentToWordPress.some( ( r ) => r.includes( 'submissions' ) )
		).toBe( true );
		sentToWordPress.forEach( ( text, i ) =>
			found.push( ...leaks( text, `request ${ i } to WordPress` ) )
		);
		const harLog = JSON.parse( fs.readFileSync( har, 'utf8' ) ).log as {
			entries: Array< {
				request: { url: string; [ k: string ]: unknown };
			} >;
		};
		for ( const entry of harLog.entries ) {
			if ( entry.request.url.startsWith( SITE ) ) {
				found.push(
					...leaks(
						JSON.stringify( entry.request ),
						`HAR ${ entry.request.url }`
					)
				);
			}
		}

		// The whole WordPress database.
		const dump = spawnSync(
			'mariadb-dump',
			[
				`--defaults-file=${ path.join( NATIVE, 'db', 'my.cnf' ) }`,
				'-uroot',
				'--skip-extended-insert',
				'--skip-comments',
				'wordpress',
			],
			{ encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 }
		);
		expect( dump.status, dump.stderr ).toBe( 0 );
		expect( dump.stdout ).toContain( 'kestrel_forms_payments' );
		found.push( ...leaks( dump.stdout, 'database' ) );

		// The logs.
		for ( const log of [
			'wp-debug.log',
			'php-errors.log',
			'nginx-access.log',
		] ) {
			const file = path.join( NATIVE, 'logs', log );
			if ( fs.existsSync( file ) ) {
				found.push( ...leaks( fs.readFileSync( file, 'utf8' ), log ) );
			}
		}
		expect( found ).toEqual( [] );
	} );
} );
