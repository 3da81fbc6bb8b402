/**
 * Chunked uploads with resumable.js: the only module that imports it. It speaks the server's
 * protocol (docs/rest-api.md, "Uploads"): a session per file (POST /uploads/sessions), whose
 * secret token goes with every chunk, test and discard in the X-Kestrel-Upload-Token header;
 * 429 and 503 answers are retried after their Retry-After. It reports each file's life to the
 * field.
 */
import Resumable from 'resumablejs';
import { DEFAULT_CHUNK_SIZE } from './upload-id';

export { DEFAULT_CHUNK_SIZE, newUploadId } from './upload-id';

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
	/** The form's unique upload id (8 hex characters; the server no longer needs it). */
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

/**
 * Status codes after which resumable.js gives up on a chunk instead of retrying it. 409: a
 * chunk that does not belong to its session's file; 429 and 503 are retried after Retry-After.
 */
export const PERMANENT_ERRORS = [ 400, 403, 404, 409, 413, 415, 500, 501 ];

/** The request header naming the upload session (docs/rest-api.md, "Uploads"). */
export const TOKEN_HEADER = 'X-Kestrel-Upload-Token';

/** Statuses after which the server says when to retry (Retry-After). */
const RETRY_LATER = [ 429, 503 ];

/** Waits for Retry-After that do not count as failed attempts, per chunk. */
const MAX_PATIENT_RETRIES = 30;

/** Longest wait honoured before giving up on a session request, seconds. */
const MAX_SESSION_WAIT = 60;

/** Wait before retrying a chunk that failed without Retry-After, ms. */
const BASE_RETRY_INTERVAL = 1000;

interface ServerAnswer {
	status?: string;
	data?: Partial< UploadRecord > & {
		complete?: boolean;
		upload_token?: string;
	};
	error?: { code?: string; message?: string; retry_after?: number };
	// A WordPress REST error (a route or argument refused before our handler ran).
	code?: string;
	message?: string;
}

type Texts = {
	unknownError: ( name: string ) => string;
	serverError: ( name: string, message: string ) => string;
	otherError: ( code: string, message: string, name: string ) => string;
};

/** The part of a resumable.js chunk this module touches. */
interface ChunkState {
	xhr: XMLHttpRequest | null;
	tested: boolean;
	retries: number;
	patientRetries?: number;
}

/**
 * Seconds of a Retry-After header (delta-seconds or an HTTP date), or null.
 *
 * @param value Header value.
 * @param now   Current time, ms.
 */
export function retryAfterSeconds(
	value: string | null | undefined,
	now = Date.now()
): number | null {
	if ( ! value ) {
		return null;
	}
	const trimmed = value.trim();
	if ( /^\d+$/.test( trimmed ) ) {
		return Number( trimmed );
	}
	const date = Date.parse( trimmed );
	return Number.isNaN( date )
		? null
		: Math.max( 0, Math.ceil( ( date - now ) / 1000 ) );
}

/**
 * Creates the uploader for one field. Each accepted file first gets an upload session from the
 * server (its secret token goes with every request about the file), then uploads in chunks.
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
	/** Session tokens by resumable.js's file identifier. */
	const tokens = new Map< string, string >();
	/** Until when the server asked us to wait (Retry-After), ms since the epoch. */
	let waitUntil = 0;

	/**
	 * Watches a chunk's request: a 429 or 503 with Retry-After makes resumable.js's next retry
	 * wait that long (chunkRetryInterval below), and such waits do not use up its retries.
	 * readystatechange fires before resumable.js's own load handler reads the answer.
	 *
	 * @param chunk resumable.js's chunk, its request just opened.
	 */
	const watch = ( chunk: ChunkState ) => {
		const xhr = chunk.xhr;
		// A chunk POST (after its test) counts retries; its test GET does not.
		const counts = chunk.tested;
		xhr?.addEventListener( 'readystatechange', () => {
			if (
				xhr.readyState !== 4 ||
				! RETRY_LATER.includes( xhr.status )
			) {
				return;
			}
			const seconds = retryAfterSeconds(
				xhr.getResponseHeader( 'Retry-After' )
			);
			if ( seconds === null ) {
				return;
			}
			waitUntil = Math.max( waitUntil, Date.now() + seconds * 1000 );
			chunk.patientRetries = ( chunk.patientRetries ?? 0 ) + 1;
			if ( counts && chunk.patientRetries <= MAX_PATIENT_RETRIES ) {
				chunk.retries--;
			}
		} );
	};

	const settings = {
		target: options.target,
		testTarget: options.target,
		chunkSize,
		// Every chunk the same size (the last smaller): the server checks each against it.
		forceChunkSize: true,
		simultaneousUploads: 3,
		testChunks: true,
		maxChunkRetries: 5,
		permanentErrors: PERMANENT_ERRORS,
		fileParameterName: 'file',
		query: ( file: QueuedFile ) => ( {
			form_id: options.formId,
			field_id: options.fieldId,
			original_filename: file.fileName,
		} ),
		// The session token names the upload; a header keeps it out of URLs and access logs.
		headers: ( file: QueuedFile, chunk: ChunkState ) => {
			watch( chunk );
			return {
				[ TOKEN_HEADER ]: tokens.get( file.uniqueIdentifier ) ?? '',
			};
		},
		// One identifier per chosen file: retries of its chunks resume, while the same file (or
		// another with the same name and size) chosen again is a new upload.
		generateUniqueIdentifier: ( file: File ) =>
			`${ options.uploadId }-${ options.fieldId }-${ ++added }-${ file.size }`,
	};
	// resumable.js reads its options on every use: the retry interval is the server's
	// Retry-After while one is pending, else a second.
	Object.defineProperty( settings, 'chunkRetryInterval', {
		enumerable: true,
		get: () => Math.max( BASE_RETRY_INTERVAL, waitUntil - Date.now() ),
	} );
	const r = new Resumable(
		settings as unknown as ConstructorParameters< typeof Resumable >[ 0 ]
	);
	const on = r.on.bind( r ) as (
		event: string,
		callback: ( ...args: never[] ) => void
	) => void;

	/**
	 * Asks the server for an upload session for one file; waits out a short Retry-After.
	 *
	 * @param file The file.
	 * @return The token, or the visitor's message.
	 */
	async function openSession(
		file: QueuedFile
	): Promise< { token: string } | { message: string } > {
		for ( let attempt = 0; attempt < 4; attempt++ ) {
			const response = await window
				.fetch( childUrl( options.target, 'sessions', {} ), {
					method: 'POST',
					credentials: 'same-origin',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify( {
						form_id: options.formId,
						field_id: options.fieldId,
					} ),
				} )
				.catch( () => null );
			const answer = response ? parse( await response.text() ) : null;
			const token = answer?.data?.upload_token;
			if ( response?.ok && typeof token === 'string' ) {
				return { token };
			}
			const wait = response
				? retryAfterSeconds( response.headers.get( 'Retry-After' ) )
				: null;
			const retryable =
				! response ||
				( RETRY_LATER.includes( response.status ) && wait !== null );
			if ( ! retryable || ( wait ?? 0 ) > MAX_SESSION_WAIT ) {
				const message = answer?.error?.message ?? answer?.message;
				return {
					message: message
						? texts.serverError( file.fileName, message )
						: texts.unknownError( file.fileName ),
				};
			}
			await sleep( Math.max( 1, wait ?? 1 ) * 1000 );
		}
		return { message: texts.unknownError( file.fileName ) };
	}

	on( 'filesAdded', ( files: QueuedFile[] ) => {
		const accepted = events.added( files );
		const keep = new Set( accepted );
		for ( const file of files ) {
			if ( ! keep.has( file ) ) {
				r.removeFile( file as never );
			}
		}
		if ( ! accepted.length ) {
			return;
		}
		// resumable.js uploads every queued file: pause them until their sessions exist.
		Promise.all(
			accepted.map( async ( file ) => {
				const session = await openSession( file );
				if ( 'token' in session ) {
					tokens.set( file.uniqueIdentifier, session.token );
					return;
				}
				r.removeFile( file as never );
				events.failed( file, session.message );
			} )
		).then( () => {
			if (
				accepted.some( ( file ) => tokens.has( file.uniqueIdentifier ) )
			) {
				r.upload();
			}
		} );
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
	 * Asks for the file (resumable's test request for chunk 1, with the session token) until
	 * the server says it is assembled and checked; gives up after about 90 s. A Retry-After
	 * (503 while another request assembles, 429) sets the next wait.
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
			if ( value !== '' ) {
				url.searchParams.set( key, value );
			}
		}
		// Half a second apart at first, then up to 3 s apart: about 90 s in all (a big file on a
		// busy server takes a while to assemble and check).
		let asked: number | null = null;
		for ( let attempt = 0; attempt < 40; attempt++ ) {
			const wait =
				asked !== null
					? asked * 1000
					: Math.min( 3000, 500 * 2 ** Math.floor( attempt / 4 ) );
			await sleep( Math.max( wait, waitUntil - Date.now() ) );
			// Cookies go along as with resumable.js's own requests; without a REST nonce WordPress
			// treats the request as anonymous.
			const response = await window
				.fetch( url.toString(), {
					credentials: 'same-origin',
					headers: {
						[ TOKEN_HEADER ]:
							tokens.get( file.uniqueIdentifier ) ?? '',
					},
				} )
				.catch( () => null );
			asked = response
				? retryAfterSeconds( response.headers.get( 'Retry-After' ) )
				: null;
			const answer = response ? parse( await response.text() ) : null;
			if ( response && PERMANENT_ERRORS.includes( response.status ) ) {
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
			// resumable.js removes an `accept` it did not set itself (its fileType option stays
			// unused: checks.ts gives the spec's messages); the field's allowed types stay.
			const accept = input.getAttribute( 'accept' );
			r.assignBrowse( input, false );
			if ( accept ) {
				input.setAttribute( 'accept', accept );
			}
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
			const token = tokens.get( file.uniqueIdentifier );
			if ( token ) {
				// Its chunks are of no use now: let the server drop them and the session.
				discardSession( token );
				tokens.delete( file.uniqueIdentifier );
			}
		},
		/**
		 * Tells the server a completed, not yet submitted file was deleted (best effort: the
		 * cleanup job removes it anyway).
		 *
		 * @param token The file's temp_filename (its session token).
		 */
		discard( token: string ) {
			discardSession( token );
		},
		isUploading(): boolean {
			return r.isUploading();
		},
		destroy() {
			r.cancel();
		},
	};

	/**
	 * DELETE /uploads for a session (best effort).
	 *
	 * @param token Session token.
	 */
	function discardSession( token: string ) {
		window
			.fetch( options.target, {
				method: 'DELETE',
				credentials: 'same-origin',
				headers: { [ TOKEN_HEADER ]: token },
			} )
			.catch( () => undefined );
	}
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

/**
 * Resolves after a delay.
 *
 * @param ms Milliseconds.
 */
function sleep( ms: number ): Promise< void > {
	return new Promise( ( resolve ) => window.setTimeout( resolve, ms ) );
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
