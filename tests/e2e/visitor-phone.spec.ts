/**
 * Issue 14, item 5, on a 390 px phone as a visitor: the list field's rows are readable (each cell
 * labelled by its column heading, the heading row gone, nothing wider than the screen), "+" at
 * the limit says why, and the upload field offers the allowed types, drops a problem once a
 * good file is chosen, and has styled buttons. axe finds nothing serious in the form.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import {
	ANONYMOUS_STATE,
	createFormPage,
	seriousAxeViolations,
	formReady,
} from './utils';

const orderForm = ( title: string ) => ( {
	title,
	fields: [
		{
			id: 1,
			type: 'list',
			label: 'Items',
			columns: [ 'Item', 'Colour', 'Qty' ],
			maxRows: 2,
		},
		{
			id: 2,
			type: 'fileupload',
			label: 'Photos',
			multipleFiles: true,
			maxFiles: 2,
			allowedExtensions: 'png, jpg',
		},
	],
} );

const png = () => ( {
	name: 'photo.png',
	mimeType: 'image/png',
	buffer: Buffer.from(
		'89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f30000000049454e44ae426082',
		'hex'
	),
} );

test.describe( 'a visitor on a 390 px phone', () => {
	test.use( {
		storageState: ANONYMOUS_STATE,
		viewport: { width: 390, height: 844 },
	} );

	test( 'list rows stack as labelled cells, "+" at the limit says why; uploads accept, clear and style', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'E2E phone list and upload' )
		);
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );

		// The list: no heading row; each cell shows its column's name above it, one under the other.
		const list = page.locator( `#field_${ id }_1` );
		await expect( list.locator( '.kestrel-form__rows-head' ) ).toBeHidden();
		const row = list.locator( '.kestrel-form__row' ).first();
		for ( const column of [ 'Item', 'Colour', 'Qty' ] ) {
			await expect(
				row.locator( '.kestrel-form__cell-label', { hasText: column } )
			).toBeVisible();
		}
		const item = list.getByRole( 'textbox', { name: 'Item, row 1' } );
		const colour = list.getByRole( 'textbox', { name: 'Colour, row 1' } );
		const [ a, b ] = [
			await item.boundingBox(),
			await colour.boundingBox(),
		];
		expect( b!.y ).toBeGreaterThan( a!.y + a!.height );
		// Wide enough to type in, and nothing sticks out of the screen.
		expect( a!.width ).toBeGreaterThan( 200 );
		expect(
			await page.evaluate( () => document.documentElement.scrollWidth )
		).toBeLessThanOrEqual( 390 );

		// "+" at the limit: greyed out, and the reason is on screen and tied to the buttons.
		await expect( list.getByText( /at most 2 rows/ ) ).toHaveCount( 0 );
		await list
			.getByRole( 'button', { name: 'Add a row after row 1' } )
			.click();
		const note = list.getByText( 'This field takes at most 2 rows.' );
		await expect( note ).toBeVisible();
		const noteId = await note.getAttribute( 'id' );
		for ( const add of await list
			.locator( '.kestrel-form__row-add' )
			.all() ) {
			await expect( add ).toBeDisabled();
			await expect( add ).toHaveAttribute( 'aria-describedby', noteId! );
		}

		// The upload: the picker offers the allowed types.
		const upload = page.locator( `#field_${ id }_2` );
		const input = upload.locator( 'input[type="file"]' );
		await expect( input ).toHaveAttribute( 'accept', '.png,.jpg' );
		// A refused file's message goes once a good file is chosen.
		await input.setInputFiles( {
			name: 'notes.txt',
			mimeType: 'text/plain',
			buffer: Buffer.from( 'hello' ),
		} );
		const messages = upload.locator( '.kestrel-form__upload-messages' );
		await expect( messages ).toContainText(
			'notes.txt - invalid file extension png, jpg'
		);
		await input.setInputFiles( png() );
		await expect( messages ).toHaveCount( 0 );
		await expect(
			upload.locator( '.kestrel-form__file[data-status="complete"]' )
		).toHaveCount( 1, { timeout: 30_000 } );

		// Styled buttons: the theme's button for browsing, an outlined Delete (not the browser's
		// grey default), each at least 24 px tall to hit with a thumb.
		const browse = upload.getByRole( 'button', { name: 'Select files' } );
		await expect( browse ).toHaveClass( /wp-element-button/ );
		const del = upload.getByRole( 'button', {
			name: 'Delete file photo.png',
		} );
		const style = await del.evaluate( ( el ) => {
			const s = getComputedStyle( el );
			return {
				border: s.borderTopStyle,
				background: s.backgroundColor,
				cursor: s.cursor,
				height: el.getBoundingClientRect().height,
			};
		} );
		expect( style ).toMatchObject( {
			border: 'solid',
			background: 'rgba(0, 0, 0, 0)',
			cursor: 'pointer',
		} );
		expect( style.height ).toBeGreaterThanOrEqual( 24 );

		expect(
			await seriousAxeViolations( page, `#kestrel-form-${ id }` )
		).toEqual( [] );
	} );
} );
