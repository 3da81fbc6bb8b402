/**
 * Email notifications over real SMTP: a visitor submits a form, and the owner's and the
 * customer's emails arrive at the local SMTP sink (scripts/smtp-sink.mjs) that WordPress on the
 * native stack sends to (its test must-use plugin points PHPMailer at the sink while it runs).
 *
 * Runs on the native stack only (tests/e2e/playwright.native.config.ts; `npm test` starts the
 * sink around that step). Without the sink, or on Playground, it is skipped and says why.
 * By hand: `node scripts/smtp-sink.mjs --detach`, then
 * `node scripts/e2e.mjs --native tests/e2e/notifications.spec.ts`.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf, formReady } from './utils';
import { mailTo, sinkOrSkip } from './smtp-sink';

test.describe( 'email notifications over SMTP', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	let sink = '';

	test.beforeAll( async ( {}, testInfo ) => {
		sink = await sinkOrSkip( testInfo );
	} );

	test( "a visitor's submission reaches the owner and the customer with the right values", async ( {
		page,
		requestUtils,
	} ) => {
		const stamp = `${ Date.now() }-${ Math.floor( Math.random() * 1e6 ) }`;
		const owner = `owner-${ stamp }@example.org`;
		const customer = `ada-${ stamp }@example.com`;
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: `E2E notifications ${ stamp }`,
			confirmation: { type: 'message', message: 'Thanks, we got it!' },
			fields: [
				{ id: 1, type: 'text', label: 'Name', isRequired: true },
				{ id: 2, type: 'email', label: 'Email', isRequired: true },
				{
					id: 3,
					type: 'select',
					label: 'Topic',
					choices: [
						{ text: 'Orders', value: 'orders' },
						{ text: 'Other', value: 'other' },
					],
				},
				{ id: 4, type: 'textarea', label: 'Message' },
			],
			notifications: [
				{
					id: 'owner',
					name: 'Owner',
					toType: 'email',
					to: owner,
					fromName: 'Kestrel shop',
					replyTo: '{Email:2}',
					subject: 'New message from {Name:1} about {Topic:3}',
					message:
						'<p>{Name:1} wrote about <strong>{Topic:3}</strong>:</p>\n{all_fields}',
				},
				{
					id: 'customer',
					name: 'Customer',
					toType: 'field',
					toField: '2',
					replyTo: owner,
					subject: 'Thanks, {Name:1}',
					message:
						'Dear {Name:1},\n\nyou wrote: {Message:4}\n\nEntry {entry_id} of {form_title}.',
				},
				{
					id: 'never',
					name: 'Never',
					to: owner,
					subject: 'Must not arrive',
					message: 'x',
					conditionalLogic: {
						actionType: 'show',
						logicType: 'all',
						rules: [
							{ fieldId: '3', operator: 'is', value: 'other' },
						],
					},
				},
			],
		} );
		const name = 'Ada & Co <b>';
		const message = 'Tea <i>please</i>\n& cake';

		// The visitor, anonymous, on the published page.
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ form.id }` ) );
		await page.getByLabel( 'Name' ).fill( name );
		await page.getByLabel( 'Email' ).fill( customer );
		await page.getByLabel( 'Topic' ).selectOption( 'orders' );
		await page.getByLabel( 'Message' ).fill( message );
		await page.locator( `#form_submit_button_${ form.id }` ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toHaveText( 'Thanks, we got it!' );
		const [ entry ] = await entriesOf( requestUtils, form.id );

		// The owner's email.
		const [ toOwner, ...moreToOwner ] = await mailTo( sink, owner );
		expect( toOwner.envelope.to ).toEqual( [ owner ] );
		expect( toOwner.subject ).toBe(
			'New message from Ada & Co <b> about Orders'
		);
		expect( toOwner.from ).toMatch( /^"?Kestrel shop"? </ );
		expect( toOwner.replyTo ).toBe( customer );
		expect( toOwner.headers[ 'content-type' ] ).toMatch(
			/^multipart\/alternative/
		);
		expect( toOwner.html ).toContain(
			'<p>Ada &amp; Co &lt;b&gt; wrote about <strong>Orders</strong>:</p>'
		);
		expect( toOwner.html ).toContain(
			'<th scope="row">Message</th><td>Tea &lt;i&gt;please&lt;/i&gt;<br>\n&amp; cake</td>'
		);
		expect( toOwner.html ).not.toContain( '<i>please</i>' );
		expect( toOwner.text ).toContain( 'Ada & Co <b> wrote about Orders:' );
		expect( toOwner.text ).toContain( 'Name: Ada & Co <b>' );
		expect( toOwner.text ).toContain( 'Topic: Orders' );
		expect( toOwner.text ).toContain(
			'Message: Tea <i>please</i>\n& cake'
		);

		// The customer's email.
		const [ toCustomer ] = await mailTo( sink, customer );
		expect( toCustomer.envelope.to ).toEqual( [ customer ] );
		expect( toCustomer.subject ).toBe( 'Thanks, Ada & Co <b>' );
		expect( toCustomer.replyTo ).toBe( owner );
		expect( toCustomer.text ).toBe(
			`Dear Ada & Co <b>,\n\nyou wrote: Tea <i>please</i>\n& cake\n\nEntry ${ entry.id } of E2E notifications ${ stamp }.`
		);
		expect( toCustomer.html ).toContain(
			'<p>Dear Ada &amp; Co &lt;b&gt;,</p>'
		);
		expect( toCustomer.html ).toContain(
			'you wrote: Tea &lt;i&gt;please&lt;/i&gt;<br>\n&amp; cake'
		);

		// The conditional one stayed home; the entry says what was sent.
		expect(
			moreToOwner.map( ( m ) => m.subject ),
			'only the owner notification reached the owner'
		).toEqual( [] );
		const notes = await requestUtils.rest< Array< { note: string } > >( {
			path: `/kestrel-forms/v1/entries/${ entry.id }/notes`,
		} );
		expect( notes.map( ( n ) => n.note ) ).toEqual( [
			`Notification "Owner" sent to ${ owner }.`,
			`Notification "Customer" sent to ${ customer }.`,
		] );
	} );
} );
