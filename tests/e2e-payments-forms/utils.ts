/**
 * Shared furniture of the payments-forms specs (issue 13, P1 acceptance checks): the sandbox's
 * control endpoints and ledger, the native site's MariaDB, payment forms made over REST, the
 * payment field's card frame, anonymous REST submissions and the plugin's payment REST.
 *
 * State is set up through REST; the UI is used only for the behaviour under test; the truth is
 * read from the sandbox ledger (GET /__ledger), the plugin's REST and the database.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import {
	request as playwrightRequest,
	type APIRequestContext,
	type APIResponse,
	type FrameLocator,
	type Locator,
	type Page,
} from '@playwright/test';
import {
	expect,
	type RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';
import orderFormFields from '../fixtures/payments/order-form-fields.json';
import {
	createFormPage,
	entriesOf,
	type StoredEntry,
	type StoredForm,
} from '../e2e/utils';

export { createFormPage, entriesOf, type StoredEntry, type StoredForm };

/**
 * The order form's fields (tests/fixtures/payments/order-form-fields.json, shared with the
 * parallel test and the bench): a product at 12.50 with a quantity, shipping 5.00, the total, an
 * email and the payment field (billing email from field 4).
 */
export const ORDER_FORM_FIELDS: Array< Record< string, unknown > > =
	orderFormFields;

const ROOT = path.resolve( __dirname, '..', '..' );

/** The provider sandbox: the URL the plugin uses by default in sandbox mode. */
export const SANDBOX =
	process.env.PAYMENTS_SANDBOX_URL ?? 'http://127.0.0.1:8890';

/** The native site. */
export const SITE = process.env.WP_BASE_URL ?? 'http://localhost:8900';

/** Sandbox credentials stored by the global setup (Settings → Payments, sandbox block). */
export const SANDBOX_CREDENTIALS = {
	// The sandbox's US merchant profile: cards and both wallets (sandbox/applications.mjs).
	application_id: 'sandbox-sq0idb-merchant-us',
	location_id: 'LSANDBOXMAIN',
	access_token: 'EAAAEkestrelFormsE2eSandboxAccessToken0001',
};

/** The test-only crash point (P1 check 7) and where the native site loads it from. */
export const CRASH_PLUGIN_SOURCE = path.join(
	__dirname,
	'mu-plugins',
	'kestrel-forms-e2e-payment-crash.php'
);
export const CRASH_PLUGIN_TARGET = path.join(
	ROOT,
	'.wp-core',
	'wp-content',
	'mu-plugins',
	'kestrel-forms-e2e-payment-crash.php'
);

/* ------------------------------------------------------------------------------------------ *
 * MariaDB of the native stack (scripts/native.mjs: root over the socket in .cache/native/db).
 * ------------------------------------------------------------------------------------------ */

export const TABLE_PREFIX = 'wp_';
const DB_CNF = path.join( ROOT, '.cache', 'native', 'db', 'my.cnf' );

/**
 * Runs SQL on the native site's database; tab-separated rows without column names.
 *
 * @param statements SQL.
 */
export function sql( statements: string ): string {
	const r = spawnSync(
		'mariadb',
		[
			`--defaults-file=${ DB_CNF }`,
			'-uroot',
			'-N',
			'-B',
			'wordpress',
			'-e',
			statements,
		],
		{ encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }
	);
	if ( r.status !== 0 ) {
		throw new Error( `SQL failed: ${ r.stderr.trim() }\n${ statements }` );
	}
	return r.stdout;
}

/**
 * A plugin table's full name.
 * @param name
 */
export const T = ( name: string ) => `${ TABLE_PREFIX }kestrel_forms_${ name }`;

/**
 * Rows of the payments table for one form, as objects.
 * @param formId
 */
export function paymentRows(
	formId: number
): Array< Record< string, string > > {
	const columns = [
		'id',
		'entry_id',
		'submission_key',
		'attempt_key',
		'environment',
		'status',
		'amount_minor',
		'currency',
		'provider_payment_id',
		'request_body',
	];
	const out = sql(
		`SELECT ${ columns
			.map(
				( c ) =>
					`REPLACE(REPLACE(IFNULL(${ c },'NULL'),'\\t',' '),'\\n',' ')`
			)
			.join( ', ' ) } FROM ${ T( 'payments' ) } WHERE form_id = ${ Number(
			formId
		) } ORDER BY id`
	);
	return out
		.split( '\n' )
		.filter( Boolean )
		.map( ( line ) =>
			Object.fromEntries(
				line.split( '\t' ).map( ( v, i ) => [ columns[ i ], v ] )
			)
		);
}

/**
 * Sets (or, with null, removes) an option straight in the database.
 * @param name
 * @param value
 */
export function setOption( name: string, value: string | null ): void {
	if ( value === null ) {
		sql(
			`DELETE FROM ${ TABLE_PREFIX }options WHERE option_name = '${ name }'`
		);
		return;
	}
	sql(
		`INSERT INTO ${ TABLE_PREFIX }options (option_name, option_value, autoload) VALUES ('${ name }', '${ value.replace(
			/'/g,
			"''"
		) }', 'off') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)`
	);
}

/* ------------------------------------------------------------------------------------------ *
 * The sandbox.
 * ------------------------------------------------------------------------------------------ */

export interface LedgerPayment {
	id: string;
	status: string;
	amount_money: { amount: number; currency: string };
	location_id?: string;
	reference_id?: string;
	buyer_email_address?: string;
	source_id?: string;
	verification_token?: string;
	delay_action?: string;
	refunded_money?: { amount: number; currency: string };
	[ key: string ]: unknown;
}

export interface Ledger {
	payments: Record< string, LedgerPayment >;
	refunds?:
		| Array< Record< string, unknown > >
		| Record< string, Record< string, unknown > >;
	webhook_deliveries?: Array< Record< string, unknown > >;
	requests: Array< { method: string; path: string; time: number } >;
	[ key: string ]: unknown;
}

/** GET /__ledger. */
export async function ledger(): Promise< Ledger > {
	const r = await fetch( `${ SANDBOX }/__ledger` );
	return ( await r.json() ) as Ledger;
}

/**
 * A sandbox control call (POST /__…); returns the response.
 * @param route
 * @param body
 */
export async function control(
	route: string,
	body: Record< string, unknown > = {}
): Promise< Response > {
	return fetch( `${ SANDBOX }${ route }`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify( body ),
	} );
}

/** Clears every fault switch and webhook mode (POST /__reset clears everything; fine here). */
export async function resetSandbox(): Promise< void > {
	await control( '/__reset' ).catch( () => undefined );
}

/**
 * Watches the ledger from now on: what a test added, whatever earlier tests left.
 */
export async function watchLedger() {
	const before = await ledger();
	const paymentIds = new Set( Object.keys( before.payments ?? {} ) );
	const requestCount = before.requests?.length ?? 0;
	const refundIds = new Set(
		refundsOf( before ).map( ( r ) => String( r.id ) )
	);
	return {
		/** Payments created since. */
		async payments(): Promise< LedgerPayment[] > {
			const now = await ledger();
			return Object.values( now.payments ?? {} ).filter(
				( p ) => ! paymentIds.has( p.id )
			);
		},
		/** Provider API requests since (method + path). */
		async requests(): Promise< Array< { method: string; path: string } > > {
			const now = await ledger();
			return ( now.requests ?? [] ).slice( requestCount );
		},
		/** Refunds created since. */
		async refunds(): Promise< Array< Record< string, unknown > > > {
			return refundsOf( await ledger() ).filter(
				( r ) => ! refundIds.has( String( r.id ) )
			);
		},
	};
}

/**
 * The ledger's refunds as a list (array or id map).
 * @param l
 */
export function refundsOf( l: Ledger ): Array< Record< string, unknown > > {
	const r = l.refunds ?? [];
	return Array.isArray( r ) ? r : Object.values( r );
}

/* ------------------------------------------------------------------------------------------ *
 * Forms.
 * ------------------------------------------------------------------------------------------ */

/** Confirmation text with every payment merge tag (P1 check 15). */
export const CONFIRMATION =
	'<p>Thanks! Payment {payment_status}: {payment_amount}, transaction {transaction_id}, {payment_method}, receipt {receipt_url}</p>';

/**
 * The order form of the acceptance checks: a product at 12.50 (quantity field), shipping 5.00,
 * the total, an email (billing email) and the payment field.
 *
 * @param title   Form title.
 * @param payment Payment field settings over the defaults.
 * @param extra   Form keys over the defaults.
 */
export function orderForm(
	title: string,
	payment: Record< string, unknown > = {},
	extra: Record< string, unknown > = {}
): Record< string, unknown > {
	return {
		title,
		currency: 'USD',
		button: { text: 'Pay' },
		confirmation: { type: 'message', message: CONFIRMATION },
		fields: [
			...ORDER_FORM_FIELDS.slice( 0, 4 ).map( ( f ) => ( { ...f } ) ),
			{ ...ORDER_FORM_FIELDS[ 4 ], ...payment },
		],
		...extra,
	};
}

/**
 * The order form with a shipping choice (Standard 5.00, selected; Express 15.00) in place of its
 * single shipping.
 *
 * @param form An order form (orderForm()).
 * @return The same form.
 */
export function withShippingChoices(
	form: Record< string, unknown >
): Record< string, unknown > {
	( form.fields as Array< Record< string, unknown > > )[ 1 ] = {
		id: 2,
		type: 'shipping',
		label: 'Shipping',
		inputType: 'select',
		choices: [
			{
				text: 'Standard',
				value: 'standard',
				price: '5.00',
				isSelected: true,
			},
			{ text: 'Express', value: 'express', price: '15.00' },
		],
	};
	return form;
}

/** The values of the order form for 2 tickets (server total 30.00 USD) without the payment. */
export const ORDER_VALUES = { '1.3': '2', 4: 'buyer@example.org' };

/** Fixed sandbox tokens accepted without the SDK (sandbox/test-cards.mjs FIXED_TOKENS). */
export const TOKEN_OK = 'cnon:card-nonce-ok';
export const TOKEN_DECLINED = 'cnon:card-nonce-declined';

/** A fresh submission key (the form view's format: 8–64 of [A-Za-z0-9-]). */
export const newKey = () => crypto.randomUUID();

/* ------------------------------------------------------------------------------------------ *
 * The visitor.
 * ------------------------------------------------------------------------------------------ */

/**
 * Opens a form page and waits for the form and, when `card` is set, the card frame inside it.
 *
 * @param page   Page.
 * @param url    Page URL.
 * @param formId Form id.
 * @param card   Wait for the card frame.
 */
export async function openForm(
	page: Page,
	url: string,
	formId: number,
	card = true
): Promise< void > {
	await page.goto( url );
	const container = page.locator( `#kestrel-form-${ formId }` );
	// A form without a payment field waits for the visitor's intent to load its scripts
	// (docs/server-rendering.md §6); a payment form loads them with the page either way.
	await container.hover( { position: { x: 4, y: 4 } } );
	await expect( container ).toHaveAttribute( 'data-kestrel-ready', 'true' );
	if ( card ) {
		await expect( cardIframe( page, formId ) ).toBeVisible( {
			timeout: 30_000,
		} );
		await expect(
			cardFrame( page, formId ).locator( 'input[name=cardNumber]' )
		).toBeVisible( { timeout: 30_000 } );
	}
}

/**
 * The card iframe element of the form's payment field.
 * @param page
 * @param formId
 */
export function cardIframe( page: Page, formId: number ): Locator {
	return page.locator(
		`#kestrel-form-${ formId } iframe[src*="/frames/card.html"]`
	);
}

/**
 * The card frame of the form's payment field.
 * @param page
 * @param formId
 */
export function cardFrame( page: Page, formId: number ): FrameLocator {
	return page.frameLocator(
		`#kestrel-form-${ formId } iframe[src*="/frames/card.html"]`
	);
}

/**
 * Types a card as a shopper does, field by field (an empty value leaves its field alone).
 *
 * @param frame       Card frame.
 * @param card        Values.
 * @param card.number
 * @param card.exp
 * @param card.cvv
 * @param card.postal
 */
export async function typeCard(
	frame: FrameLocator,
	{
		number = '4111111111111111',
		exp = '1230',
		cvv = '123',
		postal = '94103',
	}: { number?: string; exp?: string; cvv?: string; postal?: string } = {}
): Promise< void > {
	const input = ( name: string ) => frame.locator( `input[name=${ name }]` );
	if ( number ) {
		await input( 'cardNumber' ).fill( '' );
		await input( 'cardNumber' ).pressSequentially( number );
	}
	if ( exp ) {
		await input( 'expirationDate' ).fill( '' );
		await input( 'expirationDate' ).pressSequentially( exp );
	}
	if ( cvv ) {
		await input( 'cvv' ).fill( '' );
		await input( 'cvv' ).pressSequentially( cvv );
	}
	if ( postal ) {
		await input( 'postalCode' ).fill( '' );
		await input( 'postalCode' ).pressSequentially( postal );
	}
}

/**
 * The form's submit (Pay) button.
 * @param page
 * @param formId
 */
export const payButton = ( page: Page, formId: number ): Locator =>
	page.locator( `#form_submit_button_${ formId }` );

/**
 * The confirmation shown after a stored submission.
 * @param page
 */
export const confirmation = ( page: Page ): Locator =>
	page.locator( '.kestrel-form__confirmation' );

/**
 * The payment field's container (the field wrapper of field 5 by default).
 * @param page
 * @param formId
 * @param fieldId
 */
export const paymentField = (
	page: Page,
	formId: number,
	fieldId = 5
): Locator => page.locator( `#field_${ formId }_${ fieldId }` );

/* ------------------------------------------------------------------------------------------ *
 * REST.
 * ------------------------------------------------------------------------------------------ */

/** A request context without cookies: an anonymous visitor's REST calls. */
export function anonymousRequest(): Promise< APIRequestContext > {
	return playwrightRequest.newContext( { baseURL: SITE } );
}

/**
 * An anonymous submission over REST.
 *
 * @param request         Request context (anonymousRequest()).
 * @param formId          Form.
 * @param values          Values.
 * @param options         submission key, extra body keys, extra headers.
 * @param options.key
 * @param options.body
 * @param options.headers
 */
export function submit(
	request: APIRequestContext,
	formId: number,
	values: Record< string, unknown >,
	options: {
		key?: string;
		body?: Record< string, unknown >;
		headers?: Record< string, string >;
	} = {}
): Promise< APIResponse > {
	return request.post(
		`/wp-json/kestrel-forms/v1/forms/${ formId }/submissions`,
		{
			data: {
				values,
				submission_key: options.key ?? newKey(),
				...( options.body ?? {} ),
			},
			headers: options.headers,
			failOnStatusCode: false,
			timeout: 120_000,
		}
	);
}

export interface EntryPayment {
	status: string;
	amount: number;
	currency: string;
	method: string;
	mode: string;
	provider_payment_id: string | null;
	brand: string | null;
	last4: string | null;
	receipt_url: string | null;
	refunded_amount: number;
	capture_mode: string;
	actions: {
		capture: boolean;
		void: boolean;
		refund: boolean;
		sync: boolean;
	};
	refunds: Array< {
		id: number;
		amount: number;
		status: string;
		reason: string;
	} >;
}

/**
 * GET /entries/{id}/payment as admin.
 * @param requestUtils
 * @param entryId
 */
export function entryPayment(
	requestUtils: RequestUtils,
	entryId: number
): Promise< EntryPayment > {
	return requestUtils.rest< EntryPayment >( {
		path: `/kestrel-forms/v1/entries/${ entryId }/payment`,
	} );
}

/**
 * POST /entries/{id}/payment/{action} as admin; returns status and body.
 * @param requestUtils
 * @param entryId
 * @param action
 * @param data
 */
export async function paymentAction(
	requestUtils: RequestUtils,
	entryId: number,
	action: 'capture' | 'void' | 'sync' | 'refunds',
	data: Record< string, unknown > = {}
): Promise< { status: number; body: any } > {
	const r = await requestUtils.request.post(
		`${ SITE }/wp-json/kestrel-forms/v1/entries/${ entryId }/payment/${ action }`,
		{
			data,
			headers: {
				'X-WP-Nonce': requestUtils.storageState?.nonce ?? '',
			},
			failOnStatusCode: false,
		}
	);
	return { status: r.status(), body: await r.json().catch( () => null ) };
}

/**
 * Contents of an entry's notes, oldest first (straight from the database).
 * @param entryId
 */
export function entryNotes( entryId: number ): string[] {
	return sql(
		`SELECT REPLACE(REPLACE(note,'\\t',' '),'\\n',' ') FROM ${ T(
			'entry_notes'
		) } WHERE entry_id = ${ Number( entryId ) } ORDER BY id`
	)
		.split( '\n' )
		.filter( Boolean );
}

/**
 * Polls until `read` returns something `ok` accepts (or fails with the last value).
 *
 * @param read    Reader.
 * @param ok      Acceptance.
 * @param timeout Milliseconds.
 */
export async function until< V >(
	read: () => Promise< V > | V,
	ok: ( value: V ) => boolean,
	timeout = 15_000
): Promise< V > {
	const deadline = Date.now() + timeout;
	let value = await read();
	while ( ! ok( value ) && Date.now() < deadline ) {
		await new Promise( ( r ) => setTimeout( r, 250 ) );
		value = await read();
	}
	return value;
}

/**
 * Luhn-valid runs of 13–19 digits in a text that start like a card number (3–6: American
 * Express, Visa, Mastercard, Discover, JCB, Diners) and stand alone (not inside a longer
 * alphanumeric run such as a hash), with a few characters around each for the report.
 *
 * @param text Text.
 */
export function luhnNumbers( text: string ): string[] {
	const found: string[] = [];
	for ( const m of text.matchAll(
		/(?<![0-9A-Za-z])[3-6]\d{12,18}(?![0-9A-Za-z])/g
	) ) {
		const digits = m[ 0 ];
		let sum = 0;
		for ( let i = 0; i < digits.length; i++ ) {
			let d = Number( digits[ digits.length - 1 - i ] );
			if ( i % 2 === 1 ) {
				d *= 2;
				if ( d > 9 ) {
					d -= 9;
				}
			}
			sum += d;
		}
		if ( sum % 10 === 0 ) {
			found.push(
				text.slice(
					Math.max( 0, m.index! - 40 ),
					m.index! + digits.length + 40
				)
			);
		}
	}
	return found;
}

/**
 * Pays the order form anonymously over REST with a fixed sandbox token; returns the answer.
 *
 * @param formId Form.
 * @param token  Sandbox token.
 * @param values Values over the order's.
 */
export async function payOverRest(
	formId: number,
	token = TOKEN_OK,
	values: Record< string, unknown > = {}
): Promise< { status: number; body: any } > {
	const anonymous = await anonymousRequest();
	try {
		const r = await submit( anonymous, formId, {
			...ORDER_VALUES,
			5: { method: 'card', token },
			...values,
		} );
		const body = await r.json().catch( () => null );
		// A visitor's answer names the entry by its public reference only: the id is the
		// form's newest entry (the specs run one at a time).
		if ( r.status() === 201 && body && body.entry_id === undefined ) {
			body.entry_id = newestEntryId( formId );
		}
		return { status: r.status(), body };
	} finally {
		await anonymous.dispose();
	}
}

/**
 * The id of a form's newest entry (0 when none).
 * @param formId
 */
export function newestEntryId( formId: number ): number {
	return Number(
		sql(
			`SELECT IFNULL(MAX(id), 0) FROM ${ T(
				'entries'
			) } WHERE form_id = ${ Number( formId ) }`
		).trim()
	);
}

/**
 * The stored payments settings' webhook data of an environment (the option is serialized PHP).
 * @param environment
 */
export function storedWebhook(
	environment = 'sandbox'
): { signature_key: string; notification_url: string } | null {
	const raw = sql(
		`SELECT option_value FROM ${ TABLE_PREFIX }options WHERE option_name = 'kestrel_forms_payments'`
	);
	const block = raw.match(
		new RegExp(
			`"webhooks";a:\\d+:\\{.*?"${ environment }";a:\\d+:\\{(.*?)\\}`
		)
	);
	if ( ! block ) {
		return null;
	}
	const value = ( name: string ) =>
		block[ 1 ].match(
			new RegExp( `"${ name }";s:\\d+:"([^"]*)"` )
		)?.[ 1 ] ?? '';
	const key = value( 'signature_key' );
	return key
		? { signature_key: key, notification_url: value( 'notification_url' ) }
		: null;
}

/**
 * The provider's webhook signature: base64 HMAC-SHA256 of the notification URL + the raw body.
 *
 * @param key  Signature key.
 * @param url  Notification URL.
 * @param body Raw body.
 */
export function signWebhook( key: string, url: string, body: string ): string {
	return crypto
		.createHmac( 'sha256', key )
		.update( url + body )
		.digest( 'base64' );
}

/**
 * Posts a webhook to the site as the provider would (raw body, optional signature).
 *
 * @param body      Raw body.
 * @param signature Header value, or null for none.
 */
export async function postWebhook(
	body: string,
	signature: string | null
): Promise< { status: number; json: any } > {
	const headers: Record< string, string > = {
		'Content-Type': 'application/json',
	};
	if ( signature !== null ) {
		headers[ 'x-square-hmacsha256-signature' ] = signature;
	}
	const r = await fetch(
		`${ SITE }/wp-json/kestrel-forms/v1/payments/webhook`,
		{ method: 'POST', headers, body }
	);
	const text = await r.text();
	let json: any = null;
	try {
		json = JSON.parse( text );
	} catch {
		json = text;
	}
	return { status: r.status, json };
}

/**
 * A `payment.updated` event as the provider sends it, for a payment object.
 *
 * @param payment Payment object.
 * @param eventId Event id.
 */
export function paymentUpdatedEvent(
	payment: Record< string, unknown >,
	eventId: string = crypto.randomUUID()
): string {
	return JSON.stringify( {
		merchant_id: 'MLSANDBOXKESTREL',
		type: 'payment.updated',
		event_id: eventId,
		created_at: new Date().toISOString(),
		data: {
			type: 'payment',
			id: payment.id,
			object: { payment },
		},
	} );
}

/**
 * Asserts the payment field's error as a visitor meets it: shown at the field (its validation
 * message) and announced in the field's live region.
 *
 * @param page    Page.
 * @param formId  Form.
 * @param text    Expected text.
 * @param timeout Milliseconds.
 * @param fieldId Payment field id.
 */
export async function expectPaymentError(
	page: Page,
	formId: number,
	text: RegExp,
	timeout = 30_000,
	fieldId = 5
): Promise< void > {
	const message = page.locator(
		`#validation_message_${ formId }_${ fieldId }`
	);
	await expect( message ).toBeVisible( { timeout } );
	await expect( message ).toContainText( text );
	await expect(
		paymentField( page, formId, fieldId ).locator(
			'[data-payment-live-region]'
		)
	).toContainText( text );
}
