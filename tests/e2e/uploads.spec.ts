/**
 * Chunked multi-file uploads as a visitor meets them in the real WordPress: queue, progress,
 * limits, every message, cancel and delete, a resumed upload, a disguised file the server
 * refuses, the submission and the files on the entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf, formReady } from './utils';

const MB = 1024 * 1024;

const uploadForm = ( title: string ) => ( {
	title,
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{
			id: 2,
			type: 'fileupload',
			label: 'Photos',
			isRequired: true,
			multipleFiles: true,
			maxFiles: 2,
			maxFileSize: 6,
			allowedExtensions: 'jpg, png, txt',
		},
	],
} );

/**
 * A file of `size` bytes (a tiny PNG header, then filler) for setInputFiles.
 * @param name
 * @param size
 * @param mimeType
 */
function file( name: string, size: number, mimeType = 'image/png' ) {
	const png = Buffer.from(
		'89504e470d0a1a0a0000000d4948445200000001000000010806000000',
		'hex'
	);
	const buffer = Buffer.alloc( size, 0x20 );
	if ( mimeType === 'image/png' ) {
		png.copy( buffer );
	}
	return { name, mimeType, buffer };
}

/**
 * The hidden file input resumable.js made for the field's browse button.
 * @param page
 * @param formId
 */
const fileInput = ( page: Page, formId: number ) =>
	page.locator( `#field_${ formId }_2 input[type="file"]` );

async function open( page: Page, pageUrl: string, formId: number ) {
	await page.goto( pageUrl );
	await formReady( page.locator( `#kestrel-form-${ formId }` ) );
}

test.describe( 'chunked multi-file upload', () => {
	test.use( { storageState: ANONYMOUS_STATE } );
	// Megabytes through WordPress in WebAssembly: slower than a real server.
	test.describe.configure( { timeout: 240_000 } );

	test( 'files upload in chunks, the limit holds, delete re-enables, and the entry keeps the files', async ( {
		page,
		requestUtils,
		browser,
		baseURL,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			uploadForm( 'E2E uploads' )
		);
		const id = form.id;
		await open( page, pageUrl, id );
		const field = page.locator( `#field_${ id }_2` );
		await expect( field.locator( 'fieldset' ) ).toHaveAttribute(
			'data-max_files',
			'2'
		);
		const chunks: string[] = [];
		page.on( 'request', ( request ) => {
			if (
				request.method() === 'POST' &&
				request.url().includes( 'uploads' )
			) {
				chunks.push( request.url() );
			}
		} );

		// 5 MB: two chunks of the 2 MB chunk size (the last one takes the rest).
		// Three files on a two-file field: the third is dropped.
		await fileInput( page, id ).setInputFiles( [
			file( 'big.png', 5 * MB ),
			file( 'small.txt', 2000, 'text/plain' ),
			file( 'extra.txt', 2000, 'text/plain' ),
		] );
		const complete = field.locator(
			'.kestrel-form__file[data-status="complete"]'
		);
		await expect( complete ).toHaveCount( 2, { timeout: 120_000 } );
		expect( chunks.length ).toBeGreaterThanOrEqual( 3 );
		await expect( field ).toContainText( 'big.png' );
		await expect( field ).toContainText( '5.0 MB' );
		await expect(
			field.locator( '.kestrel-form__files' )
		).not.toContainText( 'extra.txt' );
		// At the limit: browsing is off and a third file is dropped with the message.
		const browse = field.getByRole( 'button', { name: 'Select files' } );
		await expect( browse ).toBeDisabled();
		await expect( field.locator( 'fieldset' ) ).toContainText(
			'Maximum number of files reached.'
		);

		// Delete one: browsing is back, the message goes.
		await field
			.getByRole( 'button', { name: 'Delete file small.txt' } )
			.click();
		await expect( complete ).toHaveCount( 1 );
		await expect( browse ).toBeEnabled();
		await expect( field.locator( 'fieldset' ) ).not.toContainText(
			'Maximum number of files reached.'
		);
		await expect( page.getByRole( 'status' ) ).toHaveText(
			'small.txt deleted.'
		);

		// The hidden field lists the completed file, keyed input_2.
		const hidden = JSON.parse(
			( await page
				.locator( `#kestrel_uploaded_files_${ id }` )
				.inputValue() ) || '{}'
		);
		expect( hidden.input_2 ).toHaveLength( 1 );
		expect( hidden.input_2[ 0 ].uploaded_filename ).toBe( 'big.png' );

		await page.getByLabel( 'Name' ).fill( 'Ada' );
		const submitted = page.waitForResponse( ( response ) =>
			response.url().includes( 'submissions' )
		);
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		const answer = await submitted;
		expect( answer.status(), await answer.text() ).toBe( 201 );
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		const [ entry ] = await entriesOf( requestUtils, id );
		const files = entry.values[ '2' ] as unknown as Array< {
			name: string;
			size: number;
			token: string;
		} >;
		expect( files ).toHaveLength( 1 );
		expect( files[ 0 ] ).toMatchObject( { name: 'big.png', size: 5 * MB } );

		// The admin sees the file with its size and downloads it; a visitor cannot.
		const adminContext = await browser.newContext( {
			storageState: process.env.STORAGE_STATE_PATH,
		} );
		const adminPage = await adminContext.newPage();
		await adminPage.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ id }`
		);
		await adminPage
			.locator( `tr:has([data-entry-id="${ entry.id }"])` )
			.getByRole( 'link' )
			.first()
			.click();
		const link = adminPage.getByRole( 'link', { name: 'big.png' } );
		await expect( link ).toBeVisible();
		await expect(
			adminPage.locator( '.kestrel-forms-files' )
		).toContainText( '5.0 MB' );
		const download = await adminPage.request.get(
			( await link.getAttribute( 'href' ) ) as string
		);
		expect( download.status() ).toBe( 200 );
		expect( ( await download.body() ).length ).toBe( 5 * MB );
		expect( download.headers()[ 'content-disposition' ] ).toContain(
			'attachment'
		);
		const visitor = await playwrightRequest.newContext( {
			baseURL,
			storageState: ANONYMOUS_STATE,
		} );
		const refused = await visitor.get(
			`/?rest_route=${ encodeURIComponent(
				`/kestrel-forms/v1/entries/${ entry.id }/files/${ files[ 0 ].token }`
			) }`
		);
		expect( refused.status() ).toBe( 403 );
		await visitor.dispose();
		await adminContext.close();
	} );

	test( 'the browser checks size and extensions with the spec texts', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			uploadForm( 'E2E upload checks' )
		);
		const id = form.id;
		await open( page, pageUrl, id );
		const messages = page.locator(
			`#field_${ id }_2 .kestrel-form__upload-messages`
		);
		await fileInput( page, id ).setInputFiles( [
			file( 'huge.png', 7 * MB ),
		] );
		await expect( messages ).toContainText(
			'huge.png - File exceeds size limit.'
		);
		await fileInput( page, id ).setInputFiles( [
			file( 'shell.php', 100, 'text/plain' ),
		] );
		await expect( messages ).toContainText(
			'shell.php - illegal extension'
		);
		await fileInput( page, id ).setInputFiles( [
			file( 'notes.pdf', 100, 'application/pdf' ),
		] );
		await expect( messages ).toContainText(
			'notes.pdf - invalid file extension jpg, png, txt'
		);
		// A valid file takes the size message away (spec §5), and with it the problems of the
		// earlier choices: the messages are about the visitor's last choice of files (issue 14,
		// item 5: an upload error stayed after the problem was gone).
		await fileInput( page, id ).setInputFiles( [
			file( 'fine.png', 1000 ),
		] );
		await expect(
			page.locator(
				`#field_${ id }_2 .kestrel-form__file[data-status="complete"]`
			)
		).toHaveCount( 1 );
		await expect( messages ).toHaveCount( 0 );
		await expect( page.getByText( 'huge.png' ) ).toHaveCount( 0 );
		await expect( page.getByText( 'shell.php' ) ).toHaveCount( 0 );
	} );

	test( 'a disguised file is refused by the server and removed, with its message', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			uploadForm( 'E2E upload disguised' )
		);
		const id = form.id;
		await open( page, pageUrl, id );
		await fileInput( page, id ).setInputFiles( [
			{
				name: 'photo.jpg',
				mimeType: 'image/jpeg',
				buffer: Buffer.from( '<?php echo "pwned"; ?>' ),
			},
		] );
		const messages = page.locator(
			`#field_${ id }_2 .kestrel-form__upload-messages`
		);
		await expect( messages ).toContainText( /^photo\.jpg - .+/ );
		await expect(
			page.locator( `#field_${ id }_2 .kestrel-form__file` )
		).toHaveCount( 0 );
	} );

	test( 'an interrupted upload resumes; a submit while uploading is held with an alert', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			uploadForm( 'E2E upload resume' )
		);
		const id = form.id;
		await open( page, pageUrl, id );
		// The first try of chunk 2 dies on the network, and is held back a little first so the
		// visitor can press Submit while it is in flight.
		let failedOnce = false;
		await page.route( /uploads/, async ( route ) => {
			const request = route.request();
			if (
				request.method() === 'POST' &&
				! failedOnce &&
				( request
					.postDataBuffer()
					?.includes( 'name="resumableChunkNumber"\r\n\r\n2' ) ??
					false )
			) {
				failedOnce = true;
				await new Promise( ( resolve ) => setTimeout( resolve, 1500 ) );
				await route.abort( 'connectionreset' );
				return;
			}
			await route.continue();
		} );
		const alerts: string[] = [];
		page.on( 'dialog', async ( dialog ) => {
			alerts.push( dialog.message() );
			await dialog.dismiss();
		} );
		await fileInput( page, id ).setInputFiles( [
			file( 'resume.png', 5 * MB ),
		] );
		await expect(
			page.locator( `#field_${ id }_2 .kestrel-form__file progress` )
		).toBeVisible();
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect
			.poll( () => alerts )
			.toEqual( [ 'Please wait for the uploading to complete.' ] );
		await expect(
			page.locator(
				`#field_${ id }_2 .kestrel-form__file[data-status="complete"]`
			)
		).toHaveCount( 1, { timeout: 120_000 } );
		expect( failedOnce ).toBe( true );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		const [ entry ] = await entriesOf( requestUtils, id );
		expect(
			( entry.values[ '2' ] as unknown as Array< { size: number } > )[ 0 ]
				.size
		).toBe( 5 * MB );
	} );

	test( 'odd server answers: a non-ok status, and an error that is not the server’s', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			uploadForm( 'E2E upload odd answers' )
		);
		const id = form.id;
		await open( page, pageUrl, id );
		const messages = page.locator(
			`#field_${ id }_2 .kestrel-form__upload-messages`
		);
		await page.route( /uploads/, async ( route ) => {
			const request = route.request();
			if ( request.url().includes( 'sessions' ) ) {
				// A session of our own making: nothing is left open on the server.
				await route.fulfill( {
					status: 201,
					contentType: 'application/json',
					body: JSON.stringify( {
						status: 'ok',
						data: { upload_token: 'c'.repeat( 64 ) },
					} ),
				} );
				return;
			}
			if ( request.method() === 'GET' ) {
				await route.fulfill( { status: 204, body: '' } );
				return;
			}
			const body = request.postDataBuffer()?.toString( 'latin1' ) ?? '';
			if ( body.includes( 'odd.txt' ) ) {
				await route.fulfill( {
					status: 200,
					contentType: 'application/json',
					body: JSON.stringify( { status: 'maybe' } ),
				} );
			} else {
				await route.fulfill( {
					status: 500,
					contentType: 'text/html',
					body: 'Gateway exploded',
				} );
			}
		} );
		await fileInput( page, id ).setInputFiles( [
			file( 'odd.txt', 100, 'text/plain' ),
		] );
		await expect( messages ).toContainText( 'unknown error: odd.txt' );
		await fileInput( page, id ).setInputFiles( [
			file( 'boom.txt', 100, 'text/plain' ),
		] );
		await expect( messages ).toContainText(
			'Error: http_error, Message: Gateway exploded, File: boom.txt'
		);
		await expect(
			page.locator( `#field_${ id }_2 .kestrel-form__file` )
		).toHaveCount( 0 );
	} );

	test( 'every upload request carries the session token, and no chunk is reachable under wp-content/uploads', async ( {
		page,
		requestUtils,
		baseURL,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			uploadForm( 'E2E upload sessions' )
		);
		const id = form.id;

		// The browser: a session per file, its token in a header of every request, never in a URL.
		await open( page, pageUrl, id );
		const seen: Array< { url: string; token: string | undefined } > = [];
		page.on( 'request', ( request ) => {
			if (
				/kestrel-forms(\/|%2F)v1(\/|%2F)uploads/.test( request.url() )
			) {
				seen.push( {
					url: request.url(),
					token: request.headers()[ 'x-kestrel-upload-token' ],
				} );
			}
		} );
		await fileInput( page, id ).setInputFiles( [
			file( 'one.txt', 3000, 'text/plain' ),
		] );
		await expect(
			page.locator(
				`#field_${ id }_2 .kestrel-form__file[data-status="complete"]`
			)
		).toHaveCount( 1 );
		const hidden = JSON.parse(
			( await page
				.locator( `#kestrel_uploaded_files_${ id }` )
				.inputValue() ) || '{}'
		);
		const token = hidden.input_2[ 0 ].temp_filename as string;
		expect( token ).toMatch( /^[0-9a-f]{64}$/ );
		const [ session, ...rest ] = seen;
		expect( session.url ).toMatch( /sessions/ );
		expect( rest.length ).toBeGreaterThanOrEqual( 2 );
		for ( const request of rest ) {
			expect( request.token ).toBe( token );
			expect( request.url ).not.toContain( token );
		}

		// A visitor's chunk (markup a browser would run) waits where no URL reaches it.
		const visitor = await playwrightRequest.newContext( {
			baseURL,
			storageState: ANONYMOUS_STATE,
		} );
		const route = ( sub: string ) =>
			`/?rest_route=${ encodeURIComponent(
				`/kestrel-forms/v1/uploads${ sub }`
			) }`;
		const started = await visitor.post( route( '/sessions' ), {
			data: { form_id: id, field_id: 2 },
		} );
		expect( started.status() ).toBe( 201 );
		const uploadToken = ( await started.json() ).data.upload_token;
		const marker = `<html><script>alert("kf-${ Date.now() }")</script></html>`;
		const chunk = Buffer.alloc( 2 * MB, 0x20 );
		chunk.write( marker );
		const params = {
			form_id: String( id ),
			field_id: '2',
			resumableChunkNumber: '1',
			resumableChunkSize: String( 2 * MB ),
			resumableCurrentChunkSize: String( 2 * MB ),
			resumableTotalSize: String( 4 * MB ),
			resumableTotalChunks: '2',
			resumableFilename: 'page.txt',
			resumableType: 'text/plain',
		};
		const sent = await visitor.post( route( '' ), {
			headers: { 'X-Kestrel-Upload-Token': uploadToken },
			multipart: {
				...params,
				file: {
					name: 'blob',
					mimeType: 'application/octet-stream',
					buffer: chunk,
				},
			},
		} );
		expect( sent.status() ).toBe( 200 );
		const tested = await visitor.get(
			`${ route( '' ) }&${ new URLSearchParams( params ).toString() }`,
			{ headers: { 'X-Kestrel-Upload-Token': uploadToken } }
		);
		expect( tested.status() ).toBe( 200 );
		// Without the token, testChunks says nothing.
		const guessed = await visitor.get(
			`${ route( '' ) }&${ new URLSearchParams( params ).toString() }`
		);
		expect( guessed.status() ).toBe( 404 );

		// No file under the site's uploads folder (Playground's and the native stack's) holds
		// the chunk's bytes, so no URL under wp-content/uploads can serve them; the places an
		// attacker could compute answer nothing either.
		const root = path.resolve( __dirname, '..', '..' );
		for ( const content of [
			path.join( root, '.wp-core', 'wp-content' ),
			path.join( root, '.cache', 'native', 'site', 'wp-content' ),
		] ) {
			expect(
				filesHolding( path.join( content, 'uploads' ), marker )
			).toEqual( [] );
		}
		for ( const url of [
			'/wp-content/uploads/kestrel-forms/',
			'/wp-content/uploads/kestrel-forms/tmp/',
			'/wp-content/uploads/kestrel-forms/tmp/chunks/',
		] ) {
			const answer = await visitor.get( url );
			expect( await answer.text() ).not.toContain( marker );
			expect( await answer.text() ).not.toMatch( /private-[0-9a-f]{32}/ );
		}

		const discarded = await visitor.delete( route( '' ), {
			headers: { 'X-Kestrel-Upload-Token': uploadToken },
		} );
		expect( discarded.status() ).toBe( 200 );
		await visitor.dispose();
	} );
} );

/**
 * Files under a folder (recursively) whose bytes contain a string.
 *
 * @param dir    Folder (missing: none).
 * @param needle Text.
 */
function filesHolding( dir: string, needle: string ): string[] {
	if ( ! fs.existsSync( dir ) ) {
		return [];
	}
	const found: string[] = [];
	for ( const entry of fs.readdirSync( dir, { withFileTypes: true } ) ) {
		const full = path.join( dir, entry.name );
		if ( entry.isDirectory() ) {
			found.push( ...filesHolding( full, needle ) );
		} else if (
			entry.isFile() &&
			fs.statSync( full ).size < 64 * MB &&
			fs.readFileSync( full ).includes( needle )
		) {
			found.push( full );
		}
	}
	return found;
}
