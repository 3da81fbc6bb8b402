/**
 * Shared helpers for the Kestrel Forms e2e specs: state is set up over REST, the UI is used only
 * for the behaviour under test.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
	Browser,
	BrowserContext,
	Frame,
	Locator,
	Page,
} from '@playwright/test';
import { RequestUtils, expect } from '@wordpress/e2e-test-utils-playwright';

export const ANONYMOUS_STATE =
	process.env.ANONYMOUS_STORAGE_STATE_PATH ??
	path.resolve( 'artifacts/storage-states/anonymous.json' );

/**
 * wp-env's Playground runtime logs a visitor without cookies in as admin, once, unless this
 * cookie is set (see scripts/wp.mjs).
 */
export const NO_AUTO_LOGIN_COOKIE = 'playground_auto_login_already_happened';

export interface StoredForm {
	id: number;
	title: string;
	fields: Array< Record< string, unknown > >;
	[ key: string ]: unknown;
}

export interface StoredEntry {
	id: number;
	form_id: number;
	/** Text for most fields; rows (list, repeater) and files (upload) are arrays. */
	values: Record< string, unknown >;
	created_at: string;
	source_url: string;
	user_id: number;
	status: string;
	/** On entries of forms with pricing fields: the order as the server priced it. */
	pricing?: { total: string; total_minor: number; [ key: string ]: unknown };
}

/**
 * A small form with a required text, an email, a radio and a checkbox field.
 * @param title
 */
export function contactForm( title: string ): Record< string, unknown > {
	return {
		title,
		description: 'We answer within a day.',
		button: { text: 'Send' },
		confirmation: { type: 'message', message: '<p>Thanks, we got it!</p>' },
		fields: [
			{ id: 1, type: 'text', label: 'Name', isRequired: true },
			{ id: 2, type: 'email', label: 'Email', isRequired: true },
			{
				id: 3,
				type: 'radio',
				label: 'Contact by',
				choices: [
					{ text: 'Email', value: 'email', isSelected: true },
					{ text: 'Phone', value: 'phone' },
				],
			},
			{
				id: 4,
				type: 'checkbox',
				label: 'Interests',
				choices: [
					{ text: 'News', value: 'news' },
					{ text: 'Events', value: 'events' },
				],
			},
			{ id: 5, type: 'textarea', label: 'Message' },
		],
	};
}

/**
 * Creates a form over REST.
 *
 * @param requestUtils Admin request utils.
 * @param definition   Form definition.
 */
export function createForm(
	requestUtils: RequestUtils,
	definition: Record< string, unknown >
): Promise< StoredForm > {
	return requestUtils.rest< StoredForm >( {
		method: 'POST',
		path: '/kestrel-forms/v1/forms',
		data: definition,
	} );
}

/**
 * Deletes a form over REST, for good (not to the trash).
 *
 * @param requestUtils Admin request utils.
 * @param id           Form id.
 */
export async function deleteForm(
	requestUtils: RequestUtils,
	id: number
): Promise< void > {
	await requestUtils.rest( {
		method: 'DELETE',
		path: `/kestrel-forms/v1/forms/${ id }`,
		params: { force: true },
	} );
}

/**
 * Opens a form in the editor and waits for its heading.
 *
 * @param page Admin page.
 * @param form The form.
 * @return The editor's toolbar.
 */
export async function openEditor(
	page: Page,
	form: StoredForm
): Promise< Locator > {
	await page.goto(
		`/wp-admin/admin.php?page=kestrel-forms&form_id=${ form.id }`
	);
	await expect(
		page.getByRole( 'heading', { name: `Edit form: ${ form.title }` } )
	).toBeVisible();
	return page.getByRole( 'navigation', { name: 'Form toolbar' } );
}

/**
 * Creates a form and a published page that shows it.
 *
 * @param requestUtils Admin request utils.
 * @param definition   Form definition.
 * @param embed        Shortcode or block.
 */
export async function createFormPage(
	requestUtils: RequestUtils,
	definition: Record< string, unknown >,
	embed: 'shortcode' | 'block' = 'shortcode'
): Promise< { form: StoredForm; pageUrl: string } > {
	const form = await createForm( requestUtils, definition );
	const content =
		embed === 'block'
			? `<!-- wp:kestrel-forms/form {"formId":${ form.id }} /-->`
			: `<!-- wp:shortcode -->[kestrel_form id="${ form.id }"]<!-- /wp:shortcode -->`;
	const page = await requestUtils.rest< { link: string } >( {
		method: 'POST',
		path: '/wp/v2/pages',
		data: { title: `Page for ${ form.title }`, content, status: 'publish' },
	} );
	return { form, pageUrl: page.link };
}

/**
 * A form's entries, newest first.
 *
 * @param requestUtils Admin request utils.
 * @param formId       Form id.
 */
export function entriesOf(
	requestUtils: RequestUtils,
	formId: number
): Promise< StoredEntry[] > {
	return requestUtils.rest< StoredEntry[] >( {
		path: '/kestrel-forms/v1/entries',
		params: { form_id: formId, per_page: 100 },
	} );
}

/**
 * A new subscriber, signed in twice: REST request utils with their nonce, and a browser context
 * (started from the anonymous jar, whose cookie stops Playground's auto-login as admin). The
 * caller calls `dispose()` in a `finally` when done: it closes the context, disposes of the
 * request context and deletes the user (only the user made here: the site may be a developer's
 * running site). Closing or disposing of either earlier is fine.
 *
 * @param requestUtils Admin request utils (creates the user).
 * @param baseURL      Site URL.
 * @param browser      Browser.
 * @param prefix       Start of the user name.
 */
export async function signedInSubscriber(
	requestUtils: RequestUtils,
	baseURL: string,
	browser: Browser,
	prefix: string
): Promise< {
	user: { id: number };
	request: RequestUtils;
	headers: Record< string, string >;
	context: BrowserContext;
	dispose: () => Promise< void >;
} > {
	const username = `${ prefix }${ Date.now() }`;
	const user = await requestUtils.createUser( {
		username,
		email: `${ username }@example.org`,
		password: 'password',
		roles: [ 'subscriber' ],
	} );
	const statePath = path.join(
		process.env.WP_ARTIFACTS_PATH ?? 'artifacts',
		'storage-states',
		`${ username }.json`
	);
	let request: RequestUtils | undefined;
	let context: BrowserContext | undefined;
	const dispose = async () => {
		try {
			await context?.close();
			await request?.request.dispose();
		} finally {
			await requestUtils.rest( {
				method: 'DELETE',
				path: `/wp/v2/users/${ user.id }`,
				params: { force: true, reassign: 1 },
			} );
			fs.rmSync( statePath, { force: true } );
		}
	};
	try {
		fs.mkdirSync( path.dirname( statePath ), { recursive: true } );
		fs.copyFileSync( ANONYMOUS_STATE, statePath );
		request = await RequestUtils.setup( {
			user: { username, password: 'password' },
			storageStatePath: statePath,
			baseURL,
		} );
		await request.setupRest();
		context = await browser.newContext( { storageState: statePath } );
		await context.addCookies( [
			{ name: NO_AUTO_LOGIN_COOKIE, value: '1', url: baseURL },
		] );
	} catch ( error ) {
		// Signing in failed: the user is not the caller's to delete.
		await dispose();
		throw error;
	}
	return {
		user,
		request,
		headers: { 'X-WP-Nonce': request.storageState?.nonce ?? '' },
		context,
		dispose,
	};
}

/**
 * Rows of the entries list (DataViews): each row's entry link carries its id.
 *
 * @param page Page on the entries screen.
 * @param id   An entry id, or none for every row.
 */
export function entryRows( page: Page, id?: number ): Locator {
	const link =
		id === undefined ? '[data-entry-id]' : `[data-entry-id="${ id }"]`;
	return page.locator( `tr:has(${ link })` );
}

/**
 * Picks a value of a DataViews filter through its chip (the chip must be on screen).
 *
 * @param page   Page.
 * @param chip   The chip's name as shown, e.g. "Status is: Active".
 * @param field  The filter's label, e.g. "Status".
 * @param option The value to pick, e.g. "Spam".
 */
export async function pickFilter(
	page: Page,
	chip: string,
	field: string,
	option: string
): Promise< void > {
	await page.getByRole( 'button', { name: chip, exact: true } ).click();
	await page
		.getByRole( 'listbox', { name: `List of: ${ field }` } )
		.getByRole( 'option', { name: option, exact: true } )
		.click();
	await page.keyboard.press( 'Escape' );
}

/**
 * Adds a DataViews filter through "Add filter" and picks one value.
 *
 * @param page   Page.
 * @param field  The filter's label, e.g. "Starred".
 * @param option The value to pick, e.g. "Starred".
 */
export async function addFilter(
	page: Page,
	field: string,
	option: string
): Promise< void > {
	await page.getByRole( 'button', { name: 'Add filter' } ).click();
	await page.getByRole( 'menuitem', { name: field } ).click();
	await page
		.getByRole( 'listbox', { name: `List of: ${ field }` } )
		.getByRole( 'option', { name: option, exact: true } )
		.click();
	await page.keyboard.press( 'Escape' );
}

/**
 * Serious and critical axe violations (WCAG 2.0 and 2.1, A and AA) inside one element, each as
 * "rule: targets".
 *
 * @param page     Page, or a frame of one (axe scans one document).
 * @param selector The element to scan, e.g. "#wpbody-content".
 */
export async function seriousAxeViolations(
	page: Page | Frame,
	selector: string
): Promise< string[] > {
	await page.addScriptTag( {
		content: fs.readFileSync(
			require.resolve( 'axe-core/axe.min.js' ),
			'utf8'
		),
	} );
	return page.evaluate( async ( context ) => {
		// @ts-expect-error -- axe is injected above.
		const results = await window.axe.run( context, {
			runOnly: {
				type: 'tag',
				values: [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa' ],
			},
		} );
		return (
			results.violations as Array< {
				id: string;
				impact: string;
				nodes: Array< { target: string[] } >;
			} >
		 )
			.filter( ( v ) => [ 'serious', 'critical' ].includes( v.impact ) )
			.map(
				( v ) =>
					`${ v.id }: ${ v.nodes
						.map( ( n ) => n.target.join( ' ' ) )
						.join( ', ' ) }`
			);
	}, selector );
}

/**
 * Rows of a CSV file (RFC 4180: quoted cells may hold commas, quotes and line breaks).
 *
 * @param text File contents, without the byte order mark.
 */
export function parseCsv( text: string ): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let quoted = false;
	for ( let i = 0; i < text.length; i++ ) {
		const c = text[ i ];
		if ( quoted ) {
			if ( c === '"' && text[ i + 1 ] === '"' ) {
				cell += '"';
				i++;
			} else if ( c === '"' ) {
				quoted = false;
			} else {
				cell += c;
			}
		} else if ( c === '"' ) {
			quoted = true;
		} else if ( c === ',' ) {
			row.push( cell );
			cell = '';
		} else if ( c === '\n' ) {
			rows.push( [ ...row, cell.replace( /\r$/, '' ) ] );
			row = [];
			cell = '';
		} else {
			cell += c;
		}
	}
	if ( cell !== '' || row.length > 0 ) {
		rows.push( [ ...row, cell ] );
	}
	return rows;
}

/**
 * Waits until a server-printed form is taken over by its scripts, after the visitor showed
 * intent the way a person does: the pointer comes over the form. The scripts wait for that
 * sign (docs/server-rendering.md §6), so a test that only waited would wait forever.
 *
 * @param container       The form's container (`#kestrel-form-{id}`).
 * @param options         The wait's options (timeout).
 * @param options.timeout How long to wait, in ms.
 */
export async function formReady(
	container: Locator,
	options?: { timeout?: number }
): Promise< void > {
	await container.hover( { position: { x: 4, y: 4 } } );
	await expect( container ).toHaveAttribute(
		'data-kestrel-ready',
		'true',
		options
	);
}
