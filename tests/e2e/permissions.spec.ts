/**
 * Admin REST routes and screens refuse anonymous visitors and subscribers alike (403).
 */
import {
	request as playwrightRequest,
	type APIRequestContext,
} from '@playwright/test';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import {
	ANONYMOUS_STATE,
	contactForm,
	createFormPage,
	signedInSubscriber,
} from './utils';

const ADMIN_ROUTES = ( formId: number ) => [
	{ method: 'GET', path: '/kestrel-forms/v1/forms' },
	{ method: 'POST', path: '/kestrel-forms/v1/forms' },
	{ method: 'GET', path: `/kestrel-forms/v1/forms/${ formId }` },
	{ method: 'PUT', path: `/kestrel-forms/v1/forms/${ formId }` },
	{ method: 'DELETE', path: `/kestrel-forms/v1/forms/${ formId }` },
	{ method: 'GET', path: `/kestrel-forms/v1/entries?form_id=${ formId }` },
	{ method: 'GET', path: '/kestrel-forms/v1/entries/1' },
];

/**
 * Every admin route answers 403 kestrel_forms_forbidden, and nothing is changed.
 *
 * @param request Request context of the user under test.
 * @param formId  An existing form.
 * @param headers Extra headers (a logged-in user's REST nonce).
 */
async function expectEveryRouteForbidden(
	request: APIRequestContext,
	formId: number,
	headers: Record< string, string > = {}
) {
	for ( const route of ADMIN_ROUTES( formId ) ) {
		const [ routePath, query ] = route.path.split( '?' );
		const response = await request.fetch(
			`/?rest_route=${ encodeURIComponent( routePath ) }&${ query ?? '' }`,
			{
				method: route.method,
				headers,
				data:
					route.method === 'POST' || route.method === 'PUT'
						? contactForm( 'x' )
						: undefined,
			}
		);
		expect( response.status(), `${ route.method } ${ route.path }` ).toBe(
			403
		);
		expect( ( await response.json() ).code ).toBe(
			'kestrel_forms_forbidden'
		);
	}
}

test.describe( 'admin routes', () => {
	test( 'anonymous requests get 403 and submissions stay public', async ( {
		requestUtils,
		baseURL,
	} ) => {
		const { form } = await createFormPage(
			requestUtils,
			contactForm( 'E2E permissions' )
		);
		const anonymous = await playwrightRequest.newContext( {
			baseURL,
			storageState: ANONYMOUS_STATE,
		} );
		await expectEveryRouteForbidden( anonymous, form.id );
		const submission = await anonymous.post(
			`/?rest_route=${ encodeURIComponent( `/kestrel-forms/v1/forms/${ form.id }/submissions` ) }`,
			{ data: { values: { 1: 'Ada', 2: 'ada@example.org' } } }
		);
		expect( submission.status() ).toBe( 201 );
		await anonymous.dispose();
	} );

	test( 'a subscriber gets 403 on every admin route and screen', async ( {
		requestUtils,
		baseURL,
		browser,
	} ) => {
		const { form } = await createFormPage(
			requestUtils,
			contactForm( 'E2E subscriber' )
		);
		const { request, headers, context, dispose } = await signedInSubscriber(
			requestUtils,
			baseURL as string,
			browser,
			'subscriber'
		);
		try {
			await expectEveryRouteForbidden(
				request.request,
				form.id,
				headers
			);

			const page = await context.newPage();
			const screen = await page.goto(
				'/wp-admin/admin.php?page=kestrel-forms'
			);
			expect( screen?.status() ).toBe( 403 );
			await expect( page.locator( 'body' ) ).toContainText(
				'Sorry, you are not allowed'
			);
		} finally {
			// Only the user this test made: the site may be a developer's running site.
			await dispose();
		}
	} );
} );
