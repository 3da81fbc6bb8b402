/**
 * Password and credit card fields in the real WordPress: strength states from WordPress's own
 * meter (zxcvbn), show/hide toggles, submits blocked in the browser, entries holding nothing
 * secret; card-type detection (after 4 digits, only one matching type, the site's filtered
 * rules), the icon's text alternative, and an axe scan.
 *
 * The ambiguous-prefix case needs a site filter: a small must-use plugin
 * (tests/e2e/plugins/mu-plugins/) is copied into the site for this file's run and removed after;
 * it only touches forms titled "E2E card rules …".
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type { Page } from '@playwright/test';
import { ANONYMOUS_STATE, createFormPage, entriesOf, formReady } from './utils';

const MU_SOURCE = path.resolve(
	__dirname,
	'plugins/mu-plugins/kestrel-forms-e2e-card-rules.php'
);
const MU_DIR = path.resolve(
	__dirname,
	'../../.wp-core/wp-content/mu-plugins'
);
const MU_TARGET = path.join( MU_DIR, path.basename( MU_SOURCE ) );

// Scores of WordPress's zxcvbn for these (checked against wp-includes/js/zxcvbn.min.js).
const WEAKEST = 'password'; // 0: short
const WEAK = 'bluecar55'; // 2: bad
const MEDIUM = 'Zebra!Rain'; // 3: good
const STRONG = 'correct horse battery staple'; // 4: strong
const CARD = '4111 1111 1111 1111';
const CVC = '737';

function signUpForm( title: string ) {
	return {
		title,
		button: { text: 'Send' },
		confirmation: { type: 'message', message: '<p>Welcome aboard.</p>' },
		fields: [
			{
				id: 1,
				type: 'password',
				label: 'Password',
				isRequired: true,
				passwordStrengthEnabled: true,
				minPasswordStrength: 'good',
			},
			{
				id: 2,
				type: 'creditcard',
				label: 'Card',
				isRequired: true,
				creditCards: [ 'visa', 'mastercard' ],
			},
		],
	};
}

async function ready( page: Page, formId: number ) {
	await formReady( page.locator( `#kestrel-form-${ formId }` ) );
}

async function fillCard( page: Page, number = CARD ) {
	await page.getByLabel( 'Card number' ).fill( number );
	await page.getByLabel( 'Month' ).selectOption( '09' );
	await page
		.getByLabel( 'Year' )
		.selectOption( String( new Date().getFullYear() + 3 ) );
	await page.getByLabel( 'Security code' ).fill( CVC );
	await page.getByLabel( 'Cardholder name' ).fill( 'Ada Lovelace' );
}

async function axeViolations( page: Page ): Promise< string[] > {
	await page.addScriptTag( {
		content: fs.readFileSync(
			require.resolve( 'axe-core/axe.min.js' ),
			'utf8'
		),
	} );
	return page.evaluate( async () => {
		// @ts-expect-error -- axe is injected above.
		const run = await window.axe.run( document, {
			runOnly: {
				type: 'tag',
				values: [
					'wcag2a',
					'wcag2aa',
					'wcag21a',
					'wcag21aa',
					'best-practice',
				],
			},
		} );
		const inForm = ( selector: string ) =>
			!! document.querySelector( selector )?.closest( '.kestrel-form' );
		return (
			run.violations as Array< {
				id: string;
				help: string;
				nodes: Array< { target: string[] } >;
			} >
		 )
			.map( ( v ) => ( {
				...v,
				nodes: v.nodes.filter( ( n ) =>
					inForm( n.target.join( ' ' ) )
				),
			} ) )
			.filter( ( v ) => v.nodes.length > 0 )
			.map(
				( v ) =>
					`${ v.id }: ${ v.help } at ${ v.nodes
						.map( ( n ) => n.target.join( ' ' ) )
						.join( ', ' ) }`
			);
	} );
}

test.describe( 'password and credit card fields', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test.beforeAll( () => {
		fs.mkdirSync( MU_DIR, { recursive: true } );
		fs.copyFileSync( MU_SOURCE, MU_TARGET );
	} );

	test.afterAll( () => {
		fs.rmSync( MU_TARGET, { force: true } );
	} );

	test( "password strength comes from WordPress's meter: unknown until zxcvbn loads, then short, bad, good, strong and mismatch", async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			signUpForm( `E2E password states ${ Date.now() }` )
		);
		// Hold zxcvbn back until the field has been typed in: the field must cope without it.
		let release = () => {};
		const held = new Promise< void >(
			( resolve ) => ( release = resolve )
		);
		await page.route(
			'**/wp-includes/js/zxcvbn.min.js*',
			async ( route ) => {
				await held;
				await route.continue();
			}
		);
		await page.goto( pageUrl );
		await ready( page, form.id );
		await expect(
			page.locator( 'script#password-strength-meter-js' )
		).toHaveCount( 1 );

		const strength = page.locator(
			`#input_${ form.id }_1_strength_indicator`
		);
		await expect( strength ).toHaveAttribute( 'aria-live', 'polite' );
		await expect( strength ).toHaveText(
			'Password strength: Strength indicator'
		);
		await expect( strength ).toHaveClass( /is-blank/ );

		const password = page.getByLabel( 'Enter password' );
		const confirmation = page.getByLabel( 'Confirm password' );
		await password.fill( MEDIUM );
		await expect( strength ).toHaveClass( /is-unknown/ );
		await expect( strength ).toHaveText(
			'Password strength: ?Strength unknown'
		);

		release();
		await page.waitForFunction(
			() =>
				typeof ( window as { zxcvbn?: unknown } ).zxcvbn === 'function'
		);
		await expect( strength ).toHaveText( 'Password strength: Medium' );
		await expect( strength ).toHaveClass( /is-good/ );

		for ( const [ typed, text, state ] of [
			[ WEAKEST, 'Very weak', 'short' ],
			[ WEAK, 'Weak', 'bad' ],
			[ MEDIUM, 'Medium', 'good' ],
			[ STRONG, 'Strong', 'strong' ],
		] ) {
			await password.fill( typed );
			await expect( strength ).toHaveText(
				`Password strength: ${ text }`
			);
			await expect( strength ).toHaveClass(
				new RegExp( `is-${ state }` )
			);
		}
		await confirmation.fill( 'correct horse' );
		await expect( strength ).toHaveText( 'Password strength: Mismatch' );
		await expect( strength ).toHaveClass( /is-mismatch/ );
		await confirmation.fill( STRONG );
		await expect( strength ).toHaveText( 'Password strength: Strong' );
		await password.fill( '' );
		await confirmation.fill( '' );
		await expect( strength ).toHaveClass( /is-blank/ );
	} );

	test( 'show/hide toggles keep their name, carry aria-pressed and never submit', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			signUpForm( `E2E password toggles ${ Date.now() }` )
		);
		await page.goto( pageUrl );
		await ready( page, form.id );
		const password = page.getByLabel( 'Enter password' );
		const toggle = page.getByRole( 'button', {
			name: 'Show password',
			exact: true,
		} );
		const confirmToggle = page.getByRole( 'button', {
			name: 'Show password confirmation',
		} );
		await password.fill( STRONG );
		await expect( toggle ).toHaveAttribute( 'aria-pressed', 'false' );
		await expect( password ).toHaveAttribute( 'type', 'password' );

		await toggle.click();
		await expect( toggle ).toHaveAttribute( 'aria-pressed', 'true' );
		await expect( password ).toHaveAttribute( 'type', 'text' );
		await expect( confirmToggle ).toHaveAttribute(
			'aria-pressed',
			'false'
		);
		await expect( page.getByLabel( 'Confirm password' ) ).toHaveAttribute(
			'type',
			'password'
		);
		// Keyboard: the toggle is a real button.
		await toggle.focus();
		await page.keyboard.press( 'Enter' );
		await expect( toggle ).toHaveAttribute( 'aria-pressed', 'false' );
		await expect( password ).toHaveAttribute( 'type', 'password' );

		await expect( page.locator( '.kestrel-form__errors' ) ).toHaveCount(
			0
		);
		expect( await entriesOf( requestUtils, form.id ) ).toHaveLength( 0 );
	} );

	test( 'a mismatch or a weak password blocks the submit; the entry keeps no password and only brand and last four of the card', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			signUpForm( `E2E password card submit ${ Date.now() }` )
		);
		await page.goto( pageUrl );
		await ready( page, form.id );
		await page.waitForFunction(
			() =>
				typeof ( window as { zxcvbn?: unknown } ).zxcvbn === 'function'
		);
		const send = page.getByRole( 'button', { name: 'Send' } );
		const error = page.locator( `#validation_message_${ form.id }_1` );
		await fillCard( page );

		await page.getByLabel( 'Enter password' ).fill( STRONG );
		await page.getByLabel( 'Confirm password' ).fill( `${ STRONG }!` );
		await send.click();
		await expect( error ).toHaveText( 'Your passwords do not match.' );
		await expect(
			page.getByRole( 'link', {
				name: 'Password: Your passwords do not match.',
			} )
		).toBeVisible();

		await page.getByLabel( 'Enter password' ).fill( WEAK );
		await page.getByLabel( 'Confirm password' ).fill( WEAK );
		await send.click();
		await expect( error ).toHaveText(
			'Please choose a stronger password (at least: Medium).'
		);
		expect( await entriesOf( requestUtils, form.id ) ).toHaveLength( 0 );

		await page.getByLabel( 'Enter password' ).fill( STRONG );
		await page.getByLabel( 'Confirm password' ).fill( STRONG );
		await expect( error ).toHaveCount( 0 );
		await send.click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toHaveText( 'Welcome aboard.' );

		const [ entry ] = await entriesOf( requestUtils, form.id );
		expect( entry.values ).toEqual( {
			1: '(password not stored)',
			'2.1': '1111',
			'2.4': 'Visa',
			'2.5': 'Ada Lovelace',
		} );
		// The values above are all there is; nor does the password or number hide elsewhere.
		const stored = JSON.stringify( entry );
		for ( const secret of [ STRONG, '41111111' ] ) {
			expect( stored ).not.toContain( secret );
		}
	} );

	test( 'card type: nothing before 4 digits, Visa from 4111, a not-accepted type marked and refused', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			signUpForm( `E2E card detection ${ Date.now() }` )
		);
		await page.goto( pageUrl );
		await ready( page, form.id );
		const number = page.getByLabel( 'Card number' );
		const region = page.locator( `#input_${ form.id }_2_card_type` );
		await expect( number ).toHaveAttribute( 'inputmode', 'numeric' );
		await expect( number ).toHaveAttribute( 'autocomplete', 'cc-number' );
		await expect( region ).toHaveAttribute( 'aria-live', 'polite' );

		await number.fill( '5' );
		await expect( region.getByRole( 'img' ) ).toHaveCount( 0 );
		await number.fill( '411' );
		await expect( region.getByRole( 'img' ) ).toHaveCount( 0 );
		await number.fill( '4111' );
		await expect(
			region.getByRole( 'img', { name: 'Card type: Visa', exact: true } )
		).toBeVisible();
		await number.fill( '5555 5555' );
		await expect(
			region.getByRole( 'img', { name: 'Card type: Mastercard' } )
		).toBeVisible();
		await number.fill( '3782' );
		await expect(
			region.getByRole( 'img', {
				name: 'Card type: American Express (not accepted)',
			} )
		).toBeVisible();

		await page.getByLabel( 'Enter password' ).fill( STRONG );
		await page.getByLabel( 'Confirm password' ).fill( STRONG );
		await page.waitForFunction(
			() =>
				typeof ( window as { zxcvbn?: unknown } ).zxcvbn === 'function'
		);
		await fillCard( page, '3782 822463 10005' );
		await page.getByRole( 'button', { name: 'Send' } ).click();
		await expect(
			page.locator( `#validation_message_${ form.id }_2` )
		).toHaveText( 'This card type is not accepted.' );
		expect( await entriesOf( requestUtils, form.id ) ).toHaveLength( 0 );
	} );

	test( "the site's filtered card rules reach the page: an ambiguous prefix shows no type; no meter without a password field", async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: `E2E card rules ${ Date.now() }`,
			fields: [ { id: 3, type: 'creditcard', label: 'Card' } ],
		} );
		await page.goto( pageUrl );
		await ready( page, form.id );
		await expect(
			page.locator( 'script#password-strength-meter-js' )
		).toHaveCount( 0 );
		await expect( page.getByText( /^Accepted cards:/ ) ).toContainText(
			'Store card'
		);
		const number = page.getByLabel( 'Card number' );
		const region = page.locator( `#input_${ form.id }_3_card_type` );
		await number.fill( '4111' );
		await expect( region.getByRole( 'img' ) ).toHaveCount( 0 );
		await number.fill( '4222' );
		await expect(
			region.getByRole( 'img', { name: 'Card type: Visa' } )
		).toBeVisible();
	} );

	test( 'axe finds nothing in the form: empty, typed, and with errors', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			signUpForm( `E2E password card axe ${ Date.now() }` )
		);
		await page.goto( pageUrl );
		await ready( page, form.id );
		expect( await axeViolations( page ) ).toEqual( [] );

		await page.getByLabel( 'Enter password' ).fill( WEAK );
		await page
			.getByRole( 'button', { name: 'Show password', exact: true } )
			.click();
		await page.getByLabel( 'Card number' ).fill( '3782' );
		await expect(
			page.getByRole( 'img', { name: /American Express/ } )
		).toBeVisible();
		expect( await axeViolations( page ) ).toEqual( [] );

		await page.getByRole( 'button', { name: 'Send' } ).click();
		await expect( page.locator( '.kestrel-form__errors' ) ).toBeVisible();
		expect( await axeViolations( page ) ).toEqual( [] );
	} );
} );

test.describe( 'password and credit card entries in the admin', () => {
	test( 'the entry screen says a password was given and shows the card as brand and last four', async ( {
		page,
		requestUtils,
	} ) => {
		const { form } = await createFormPage(
			requestUtils,
			signUpForm( `E2E password card admin ${ Date.now() }` )
		);
		const year = String( new Date().getFullYear() + 2 );
		const created = await requestUtils.rest< { entry_id: number } >( {
			method: 'POST',
			path: `/kestrel-forms/v1/forms/${ form.id }/submissions`,
			data: {
				values: {
					1: STRONG,
					'1.2': STRONG,
					'2.1': '5555 5555 5555 4444',
					'2.2': [ '11', year ],
					'2.3': CVC,
					'2.5': 'Grace Hopper',
				},
			},
		} );
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ created.entry_id }`
		);
		const table = page.locator( '#wpbody-content' );
		await expect(
			table.getByRole( 'row', { name: /Password/ } )
		).toContainText( 'Given (not stored)' );
		await expect(
			table.getByRole( 'row', { name: /Card/ } )
		).toContainText( 'Mastercard ending 4444, Grace Hopper' );
		const html = await page.content();
		for ( const secret of [ STRONG, '55555555' ] ) {
			expect( html ).not.toContain( secret );
		}
		expect(
			await table.locator( 'table' ).first().innerText()
		).not.toContain( CVC );
	} );
} );
