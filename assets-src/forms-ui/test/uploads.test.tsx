import { act, fireEvent, render, screen } from '@testing-library/react';
import { createHooks } from '@wordpress/hooks';
import type { FormDefinition } from '../../shared';
import { Form } from '../components/Form';
import type {
	QueuedFile,
	UploaderEvents,
	UploadRecord,
} from '../uploads/uploader';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );

// The resumable.js wrapper is replaced: the test plays the uploader's events itself.
const uploaders: Array< {
	events: UploaderEvents;
	options: { uploadId: string; fieldId: number };
	cancel: jest.Mock;
	discard: jest.Mock;
} > = [];
jest.mock( '../uploads/uploader', () => ( {
	...jest.requireActual( '../uploads/uploader' ),
	createUploader: (
		options: { uploadId: string; fieldId: number },
		events: UploaderEvents
	) => {
		const instance = {
			events,
			options,
			cancel: jest.fn(),
			discard: jest.fn(),
		};
		uploaders.push( instance );
		return {
			attach: jest.fn(),
			addFiles: jest.fn(),
			cancel: instance.cancel,
			discard: instance.discard,
			isUploading: () => false,
			destroy: jest.fn(),
		};
	},
} ) );

const form: FormDefinition & { id: number } = {
	id: 5,
	title: 'Uploads',
	fields: [
		{
			id: 1,
			type: 'fileupload',
			label: 'Photos',
			multipleFiles: true,
			maxFiles: 2,
			maxFileSize: 1,
			allowedExtensions: 'png, jpg',
		},
	],
};

function queued( name: string, size: number ): QueuedFile {
	return {
		uniqueIdentifier: `id-${ name }`,
		fileName: name,
		size,
		file: new File( [ 'x' ], name ),
		progress: () => 0.5,
		cancel: jest.fn(),
		chunks: [],
	} as unknown as QueuedFile;
}

function setup() {
	uploaders.length = 0;
	const view = render(
		<Form
			form={ form }
			submitPath="/x"
			uploadUrl="http://example.test/wp-json/kestrel-forms/v1/uploads"
			hooks={ createHooks() }
		/>
	);
	return { ...view, uploader: uploaders[ uploaders.length - 1 ] };
}

describe( 'the upload field', () => {
	it( 'makes an 8-hex upload id and checks files with the spec texts before uploading', () => {
		const { uploader, container } = setup();
		expect( uploader.options.uploadId ).toMatch( /^[0-9a-f]{8}$/ );
		let accepted: QueuedFile[] = [];
		act( () => {
			// Real File sizes are 1 byte; the QueuedFile size is what the uploader reports.
			const big = queued( 'big.png', 2 * 1024 * 1024 );
			Object.defineProperty( big.file, 'size', {
				value: 2 * 1024 * 1024,
			} );
			accepted = uploader.events.added( [
				big,
				queued( 'run.php', 10 ),
				queued( 'doc.pdf', 10 ),
				queued( 'ok.png', 10 ),
			] );
		} );
		expect( accepted.map( ( f ) => f.fileName ) ).toEqual( [ 'ok.png' ] );
		const messages = container.querySelector(
			'.kestrel-form__upload-messages'
		)?.textContent;
		expect( messages ).toContain( 'run.php - illegal extension' );
		expect( messages ).toContain(
			'doc.pdf - invalid file extension png, jpg'
		);
		expect( messages ).toContain( 'big.png - File exceeds size limit.' );
		// A valid file chosen later takes the size message away (spec §5), and the other
		// problems of the earlier choice with it (issue 14: they stayed after they were gone).
		act( () => {
			uploader.events.added( [ queued( 'later.png', 10 ) ] );
		} );
		const after =
			container.querySelector( '.kestrel-form__upload-messages' )
				?.textContent ?? '';
		expect( after ).not.toContain( 'big.png' );
		expect( after ).not.toContain( 'run.php - illegal extension' );
	} );

	it( 'drops files past the limit, disables browsing at it, and enables it again on delete', () => {
		const { uploader, container } = setup();
		const files = [
			queued( 'a.png', 10 ),
			queued( 'b.png', 10 ),
			queued( 'c.png', 10 ),
		];
		let accepted: QueuedFile[] = [];
		act( () => {
			accepted = uploader.events.added( files );
		} );
		expect( accepted ).toHaveLength( 2 );
		expect(
			container.querySelector( '.kestrel-form__upload-messages' )
				?.textContent
		).toContain( 'Maximum number of files reached.' );
		const browse = screen.getByRole( 'button', {
			name: 'Select files',
		} ) as HTMLButtonElement;
		expect( browse.disabled ).toBe( true );

		const record: UploadRecord = {
			temp_filename: 'a'.repeat( 32 ),
			uploaded_filename: 'a.png',
			size: 10,
		};
		act( () => uploader.events.complete( files[ 0 ], record ) );
		const hidden = container.querySelector(
			'#kestrel_uploaded_files_5'
		) as HTMLInputElement;
		expect( JSON.parse( hidden.value ) ).toEqual( { input_1: [ record ] } );

		// Cancel the one still uploading, delete the completed one.
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Cancel upload of b.png' } )
		);
		expect( uploader.cancel ).toHaveBeenCalledWith( files[ 1 ] );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Delete file a.png' } )
		);
		expect( uploader.discard ).toHaveBeenCalledWith( record.temp_filename );
		expect( browse.disabled ).toBe( false );
		expect( JSON.parse( hidden.value ) ).toEqual( {} );
	} );

	it( 'shows what a failed upload says and forgets the file', () => {
		const { uploader, container } = setup();
		const file = queued( 'x.png', 10 );
		act( () => {
			uploader.events.added( [ file ] );
		} );
		act( () =>
			uploader.events.failed( file, 'x.png - Not allowed here.' )
		);
		expect(
			container.querySelector( '.kestrel-form__upload-messages' )
				?.textContent
		).toContain( 'x.png - Not allowed here.' );
		expect(
			container.querySelectorAll( '.kestrel-form__file' )
		).toHaveLength( 0 );
	} );

	it( 'offers the allowed extensions in the file picker (accept; issue 14)', () => {
		const { container } = setup();
		const input = container.querySelector(
			'input[type="file"]'
		) as HTMLInputElement;
		expect( input.accept ).toBe( '.png,.jpg' );
	} );

	it( 'drops the earlier problems once a new choice of files is taken (issue 14)', () => {
		const { uploader, container } = setup();
		const messagesOf = () =>
			container.querySelector( '.kestrel-form__upload-messages' )
				?.textContent ?? '';
		act( () => {
			uploader.events.added( [
				queued( 'run.php', 10 ),
				queued( 'a.pdf', 10 ),
			] );
		} );
		expect( messagesOf() ).toContain( 'run.php - illegal extension' );
		expect( messagesOf() ).toContain( 'a.pdf - invalid file extension' );
		act( () => {
			uploader.events.added( [ queued( 'ok.png', 10 ) ] );
		} );
		expect(
			container.querySelector( '.kestrel-form__upload-messages' )
		).toBeNull();
		expect(
			container
				.querySelector( '.kestrel-form__upload' )
				?.hasAttribute( 'aria-describedby' )
		).toBe( false );

		// A failed upload's message goes too when the visitor picks a file again.
		const failing = queued( 'b.png', 10 );
		act( () => {
			uploader.events.added( [ failing ] );
		} );
		act( () => uploader.events.failed( failing, 'b.png - Not allowed.' ) );
		expect( messagesOf() ).toContain( 'b.png - Not allowed.' );
		act( () => {
			uploader.events.added( [ queued( 'c.png', 10 ) ] );
		} );
		// (The field now holds its 2 files: only that is said.)
		expect( messagesOf() ).toBe( 'Maximum number of files reached.' );
	} );

	it( 'styles its buttons: the theme button for browsing, outlined small ones per file (issue 14)', () => {
		const { uploader } = setup();
		const browse = screen.getByRole( 'button', { name: 'Select files' } );
		expect( browse.classList.contains( 'wp-element-button' ) ).toBe( true );
		act( () => {
			uploader.events.added( [ queued( 'd.png', 10 ) ] );
		} );
		expect(
			screen
				.getByRole( 'button', { name: 'Cancel upload of d.png' } )
				.classList.contains( 'kestrel-form__small-button' )
		).toBe( true );
	} );
} );
