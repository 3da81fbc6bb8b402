/**
 * Chunked uploads with resumable.js: the only module that imports it. It speaks the server's
 * resumable protocol (docs/rest-api.md, "Uploads") and reports each file's life to the field.
 */
import Resumable from 'resumablejs';

/** What the server issued for a complete upload (the hidden JSON lists these). */
export interface UploadRecord {
	temp_filename: string;
	uploaded_filename: string;
	size?: number;
}

/** One file as resumable.js tracks it (the part of its API used here). */
export interface QueuedFile {
	uniqueIdentifier: string;
	fileName: string;
	size: number;
	file: File;
	progress: ( relative: boolean ) => number;
	cancel: () => void;
	chunks: Array< { startByte: number; endByte: number } >;
}

export interface UploaderOptions {
	/** Absolute URL of `kestrel-forms/v1/uploads`. */
	target: string;
	formId: number;
	fieldId: number;
	/** The form's unique upload id (8 hex characters). */
	uploadId: string;
	/** Bytes a chunk (the last one may be larger, up to twice as large). */
	chunkSize?: number;
}

export interface UploaderEvents {
	/** Files chosen or dropped: return those to upload; the rest are dropped from the queue. */
	added: ( files: QueuedFile[] ) => QueuedFile[];
	progress: ( file: QueuedFile ) => void;
	complete: ( file: QueuedFile, record: UploadRecord ) => void;
	/** The file is gone from the queue; `message` is what the visitor reads. */
	failed: ( file: QueuedFile, message: string ) => void;
}

/** Status codes after which resumable.js gives up on a chunk instead of retrying it. */
export const PERMANENT_ERRORS = [ 400, 403, 404, 413, 415, 500, 501 ];

export const DEFAULT_CHUNK_SIZE = 2 * 1024 * 1024;

interface ServerAnswer {
	status?: string;
	data?: Partial< UploadRecord > & { complete?: boolean };
	error?: { code?: string; message?: string };
	// A WordPress REST error (a route or argument refused before our handler ran).
	code?: string;
	message?: string;
}

type Texts = {
	unknownError: ( name: string ) => string;
	serverError: ( name: string, message: string ) => string;
	otherError: ( code: string, message: string, name: string ) => string;
};

/**
 * Creates the uploader for one field. Files start uploading as soon as they are accepted.
 *
 * @param options Where and what to upload.
 * @param events  What the field does on each step.
 * @param texts   Visitor messages (translated by the caller).
 */
export function createUploader(
	options: UploaderOptions,
	events: UploaderEvents,
	texts: Texts
) {
	const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
	let added = 0;
	const r = new Resumable( {
		target: options.target,
		testTarget: options.target,
		chunkSize,
		// Every chunk the same size (the last smaller): the server checks each against it.
		forceChunkSize: true,
		simultaneousUploads: 3,
		testChunks: true,
		maxChunkRetries: 5,
		chunkRetryInterval: 1000,
		permanentErrors: PERMANENT_ERRORS,
		fileParameterName: 'file',
		query: ( file: QueuedFile ) => ( {
			form_id: options.formId,
			field_id: options.fieldId,
			upload_id: options.uploadId,
			original_filename: file.fileName,
		} ),
		// One identifier per form, field and file, so a retry resumes and two fields never mix.
		// One identifier per chosen file: retries of its chunks resume, while the same file (or
		// another with the same name and size) chosen again is a new upload.
		generateUniqueIdentifier: ( file: File ) =>
			`${ options.uploadId }-${ options.fieldId }-${ ++added }-${ file.size }`,
	} as unknown as ConstructorParameters< typeof Resumable >[ 0 ] );
	const on = r.on.bind( r ) as (
		event: string,
		callback: ( ...args: never[] ) => void
	) => void;

	on( 'filesAdded', ( files: QueuedFile[] ) => {
		const accepted = new Set( events.added( files ) );
		for ( const file of files ) {
			if ( ! accepted.has( file ) ) {
				r.removeFile( file as never );
			}
		}
		if ( accepted.size ) {
			r.upload();
		}
	} );
	on( 'fileProgress', ( file: QueuedFile, message?: string ) => {
		// A chunk answered 200 with an error (the reference's ChunkUploaded path).
		const answer = parse( message );
		if ( answer?.status === 'error' ) {
			file.cancel();
			events.failed(
				file,
				texts.serverError( file.fileName, answer.error?.message ?? '' )
			);
			return;
		}
		events.progress( file );
	} );
	const finish = ( file: QueuedFile, answer: ServerAnswer | null ) => {
		if (
			answer?.status !== 'ok' ||
			typeof answer.data?.temp_filename !== 'string'
		) {
			r.removeFile( file as never );
			events.failed( file, texts.unknownError( file.fileName ) );
			return;
		}
		// Done with it: the server has the file; the field keeps the record.
		r.removeFile( file as never );
		events.complete( file, {
			temp_filename: answer.data.temp_filename,
			uploaded_filename: answer.data.uploaded_filename ?? file.fileName,
			size: answer.data.size ?? file.size,
		} );
	};
	on( 'fileSuccess', ( file: QueuedFile, message?: string ) => {
		const answer = parse( message );
		// With parallel chunks, the last answer may come from a chunk whose request did not
		// assemble the file: ask the server until the file is complete.
		if ( answer?.status === 'ok' && answer.data?.complete === false ) {
			pollComplete( file ).then( ( final ) => finish( file, final ) );
			return;
		}
		finish( file, answer );
	} );

	/**
	 * Asks for the file (resumable's test request for chunk 1) until the server says it is
	 * assembled and checked; gives up after about 90 s.
	 *
	 * @param file The uploaded file.
	 */
	async function pollComplete(
		file: QueuedFile
	): Promise< ServerAnswer | null > {
		const first = file.chunks[ 0 ];
		const params = {
			form_id: String( options.formId ),
			field_id: String( options.fieldId ),
			upload_id: options.uploadId,
			original_filename: file.fileName,
			resumableChunkNumber: '1',
			resumableChunkSize: String( chunkSize ),
			resumableCurrentChunkSize: String(
				first ? first.endByte - first.startByte : file.size
			),
			resumableTotalSize: String( file.size ),
			resumableType: file.file.type,
			resumableIdentifier: file.uniqueIdentifier,
			resumableFilename: file.fileName,
			resumableRelativePath: file.fileName,
			resumableTotalChunks: String( file.chunks.length ),
		};
		const url = new URL( options.target, window.location.href );
		for ( const [ key, value ] of Object.entries( params ) ) {
			url.searchParams.set( key, value );
		}
		// Half a second apart at first, then up to 3 s apart: about 90 s in all (a big file on a
		// busy server takes a while to assemble and check).
		for ( let attempt = 0; attempt < 40; attempt++ ) {
			const wait = Math.min( 3000, 500 * 2 ** Math.floor( attempt / 4 ) );
			await new Promise( ( resolve ) =>
				window.setTimeout( resolve, wait )
			);
			// Cookies go along as with resumable.js's own requests; without a REST nonce WordPress
			// treats the request as anonymous.
			const response = await window
				.fetch( url.toString(), { credentials: 'same-origin' } )
				.catch( () => null );
			const answer = response?.ok ? parse( await response.text() ) : null;
			if ( answer?.status === 'error' ) {
				return answer;
			}
			if ( answer?.data?.complete ) {
				return answer;
			}
		}
		return null;
	}
	on( 'fileError', ( file: QueuedFile, message?: string ) => {
		r.removeFile( file as never );
		const answer = parse( message );
		const serverMessage = answer?.error?.message ?? answer?.message;
		events.failed(
			file,
			serverMessage
				? texts.serverError( file.fileName, serverMessage )
				: texts.otherError(
						answer?.error?.code ?? answer?.code ?? 'http_error',
						( message ?? '' ).slice( 0, 200 ),
						file.fileName
					)
		);
	} );

	return {
		/**
		 * Lets the visitor pick files with this button and drop them onto this zone.
		 * @param browse
		 * @param drop
		 * @param multiple
		 */
		/**
		 * Lets the visitor pick files with this file input (the field's button opens it) and
		 * drop them onto this zone.
		 *
		 * @param input    A file input of the field's own.
		 * @param drop     Drop zone.
		 * @param multiple Whether several files may be chosen at once.
		 */
		attach(
			input: HTMLInputElement,
			drop: HTMLElement,
			multiple: boolean
		) {
			r.assignBrowse( input, false );
			r.assignDrop( drop );
			if ( ! multiple ) {
				input.removeAttribute( 'multiple' );
			}
		},
		/**
		 * Adds files as if the visitor chose them (tests, paste).
		 * @param files
		 */
		addFiles( files: File[] ) {
			r.addFiles( files as never );
		},
		cancel( file: QueuedFile ) {
			file.cancel();
			r.removeFile( file as never );
		},
		/**
		 * Tells the server a completed, not yet submitted file was deleted (best effort: the
		 * cleanup job removes it anyway).
		 *
		 * @param token The file's temp_filename.
		 */
		discard( token: string ) {
			const url = childUrl( options.target, token, {
				form_id: String( options.formId ),
				field_id: String( options.fieldId ),
				upload_id: options.uploadId,
			} );
			window
				.fetch( url, { method: 'DELETE', credentials: 'same-origin' } )
				.catch( () => undefined );
		},
		isUploading(): boolean {
			return r.isUploading();
		},
		destroy() {
			r.cancel();
		},
	};
}

export type Uploader = ReturnType< typeof createUploader >;

/**
 * A sub-route of a REST URL, with query parameters; works for pretty permalinks
 * (/wp-json/...) and for plain ones (?rest_route=...).
 *
 * @param base   Endpoint URL.
 * @param child  Path segment to add.
 * @param params Query parameters.
 */
export function childUrl(
	base: string,
	child: string,
	params: Record< string, string >
): string {
	const url = new URL( base, window.location.href );
	const route = url.searchParams.get( 'rest_route' );
	if ( route !== null ) {
		url.searchParams.set(
			'rest_route',
			`${ route.replace( /\/$/, '' ) }/${ child }`
		);
	} else {
		url.pathname = `${ url.pathname.replace( /\/$/, '' ) }/${ child }`;
	}
	for ( const [ key, value ] of Object.entries( params ) ) {
		url.searchParams.set( key, value );
	}
	return url.toString();
}

function parse( message: string | undefined ): ServerAnswer | null {
	if ( ! message ) {
		return null;
	}
	try {
		const value = JSON.parse( message ) as unknown;
		return value && typeof value === 'object'
			? ( value as ServerAnswer )
			: null;
	} catch {
		return null;
	}
}

/**
 * A new unique upload id: 8 hex characters (spec §9).
 */
export function newUploadId(): string {
	const bytes = new Uint8Array( 4 );
	window.crypto.getRandomValues( bytes );
	return Array.from( bytes, ( b ) =>
		b.toString( 16 ).padStart( 2, '0' )
	).join( '' );
}
