/**
 * Select-all, the radio "other" choice and feeds toggling, as a visitor's browser runs them.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf, formReady } from './utils';

test.describe( 'small behaviours', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'select-all, the other choice and feeds switching on and off', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: 'E2E small behaviours',
			fields: [
				{
					id: 1,
					type: 'checkbox',
					label: 'Topics',
					enableSelectAll: true,
					choices: [
						{ text: 'News', value: 'news' },
						{ text: 'Events', value: 'events' },
					],
				},
				{
					id: 2,
					type: 'radio',
					label: 'Heard of us',
					enableOtherChoice: true,
					choices: [ { text: 'Friend', value: 'friend' } ],
				},
			],
			feeds: [
				{
					feedId: 5,
					addonSlug: 'newsletter',
					conditionalLogic: {
						actionType: 'show',
						logicType: 'all',
						rules: [
							{ fieldId: '1', operator: 'is', value: 'news' },
						],
					},
				},
			],
		} );
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );
		await page.evaluate( () => {
			const w = window as unknown as {
				kestrelForms: {
					hooks: { addAction: ( ...a: unknown[] ) => void };
				};
				feedEvents: string[];
			};
			w.feedEvents = [];
			w.kestrelForms.hooks.addAction(
				'kestrel_forms.feed.activated',
				'e2e',
				( f: { feedId: number } ) =>
					w.feedEvents.push( `on ${ f.feedId }` )
			);
			w.kestrelForms.hooks.addAction(
				'kestrel_forms.feed.deactivated',
				'e2e',
				( f: { feedId: number } ) =>
					w.feedEvents.push( `off ${ f.feedId }` )
			);
		} );
		const events = () =>
			page.evaluate(
				() =>
					( window as unknown as { feedEvents: string[] } ).feedEvents
			);

		const all = page.getByLabel( 'Select all' );
		await all.check();
		await expect( page.getByLabel( 'News' ) ).toBeChecked();
		await expect( page.getByLabel( 'Events' ) ).toBeChecked();
		await expect.poll( events ).toEqual( [ 'on 5' ] );
		await page.getByLabel( 'News' ).uncheck();
		await expect( all ).not.toBeChecked();
		await expect( all ).toHaveAttribute( 'aria-checked', 'mixed' );
		await expect.poll( events ).toEqual( [ 'on 5', 'off 5' ] );

		const otherBox = page.getByLabel( 'Other, please specify' );
		await expect( otherBox ).toBeDisabled();
		await page.locator( `#input_${ id }_2_2` ).check();
		await expect( otherBox ).toBeEnabled();
		await otherBox.fill( 'A podcast' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		const [ entry ] = await entriesOf( requestUtils, id );
		expect( entry.values ).toEqual( { '1.2': 'events', 2: 'A podcast' } );
	} );
} );
