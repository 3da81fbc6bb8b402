#!/usr/bin/env node
/**
 * A local SMTP sink for the tests: WordPress on the native stack sends its mail here over real
 * SMTP (wp_mail → PHPMailer → TCP), and the tests read what arrived.
 *
 *     node scripts/smtp-sink.mjs [--smtp-port=8925] [--http-port=8926]   foreground
 *     node scripts/smtp-sink.mjs --detach                                in the background
 *     node scripts/smtp-sink.mjs --stop | --status | --clear
 *
 * SMTP (127.0.0.1 only): EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, VRFY, QUIT; no TLS, no AUTH;
 * every message is accepted and kept as <id>.eml plus <id>.json (envelope and parsed parts) under
 * .cache/smtp-sink/messages/.
 *
 * HTTP (127.0.0.1 only), for tests:
 *     GET    /health                     {ok: true}
 *     GET    /messages[?to=address]      messages, oldest first: {id, receivedAt, envelope: {from, to},
 *                                        headers: {name: value}, subject, from, to, cc, replyTo,
 *                                        text, html}  (encoded words, quoted-printable and base64
 *                                        decoded; `to` filters on the envelope recipients)
 *     GET    /messages/<id>.eml          the raw message
 *     DELETE /messages                   forget every message
 *
 * While it runs, .cache/smtp-sink/state.json names its pid and ports; the native stack's test
 * must-use plugin (muPluginSource(), written by scripts/native.mjs) reads that file on each
 * wp_mail() and points PHPMailer at the sink, so mail goes nowhere else. --stop ends exactly the
 * pid in that file. Used by scripts/test.mjs around the native e2e specs (tests/e2e/notifications.spec.ts).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
export const STATE_DIR = path.join( ROOT, '.cache', 'smtp-sink' );
export const STATE_FILE = path.join( STATE_DIR, 'state.json' );
const MESSAGES = path.join( STATE_DIR, 'messages' );
const LOG = path.join( STATE_DIR, 'sink.log' );
export const DEFAULT_SMTP_PORT =
	parseInt( process.env.KESTREL_SMTP_SINK_PORT || '', 10 ) || 8925;
export const DEFAULT_HTTP_PORT =
	parseInt( process.env.KESTREL_SMTP_SINK_HTTP_PORT || '', 10 ) || 8926;
const HOST = '127.0.0.1';
const NAME = 'kestrel-smtp-sink';
const MAX_SIZE = 25 * 1024 * 1024;

/* ------------------------------------------------------------------------------------------ *
 * MIME: just enough to read what PHPMailer writes (headers, multipart, QP, base64, RFC 2047).
 * ------------------------------------------------------------------------------------------ */

/**
 * Decodes bytes in a charset (UTF-8 when unknown).
 *
 * @param {Buffer} bytes   Bytes.
 * @param {string} charset Charset.
 * @return {string} Text.
 */
function decodeCharset( bytes, charset ) {
	try {
		return new TextDecoder( ( charset || 'utf-8' ).toLowerCase() ).decode(
			bytes
		);
	} catch {
		return bytes.toString( 'utf8' );
	}
}

/**
 * Quoted-printable to bytes.
 *
 * @param {string}  text   Encoded text.
 * @param {boolean} header Q encoding of a header word ("_" is a space).
 * @return {Buffer} Bytes.
 */
function fromQuotedPrintable( text, header = false ) {
	const source = ( header ? text.replace( /_/g, ' ' ) : text ).replace(
		/=\r?\n/g,
		''
	);
	const bytes = [];
	for ( let i = 0; i < source.length; i++ ) {
		const hex = source.slice( i + 1, i + 3 );
		if ( source[ i ] === '=' && /^[0-9A-Fa-f]{2}$/.test( hex ) ) {
			bytes.push( parseInt( hex, 16 ) );
			i += 2;
		} else {
			bytes.push( ...Buffer.from( source[ i ], 'utf8' ) );
		}
	}
	return Buffer.from( bytes );
}

/**
 * A header value with its encoded words (=?charset?Q|B?…?=) decoded.
 *
 * @param {string} value Raw value (unfolded).
 * @return {string} Text.
 */
export function decodeWords( value ) {
	return value
		.replace( /\?=\s+=\?/g, '?==?' )
		.replace(
			/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
			( _, charset, encoding, text ) =>
				decodeCharset(
					encoding.toUpperCase() === 'B'
						? Buffer.from( text, 'base64' )
						: fromQuotedPrintable( text, true ),
					charset
				)
		);
}

/**
 * Splits a message or part into headers and body.
 *
 * @param {string} raw Message text.
 * @return {{headers: Object<string, string>, body: string}} Headers by lower-case name (first wins).
 */
function splitPart( raw ) {
	const text = raw.replace( /\r\n/g, '\n' );
	const end = text.indexOf( '\n\n' );
	const head = end === -1 ? text : text.slice( 0, end );
	const body = end === -1 ? '' : text.slice( end + 2 );
	const headers = {};
	for ( const line of head.replace( /\n[ \t]+/g, ' ' ).split( '\n' ) ) {
		const colon = line.indexOf( ':' );
		if ( colon > 0 ) {
			const name = line.slice( 0, colon ).trim().toLowerCase();
			headers[ name ] ??= line.slice( colon + 1 ).trim();
		}
	}
	return { headers, body };
}

/**
 * A Content-Type value: its type and parameters.
 *
 * @param {string} value Header value.
 * @return {{type: string, params: Object<string, string>}} Parsed.
 */
function contentType( value = 'text/plain' ) {
	const [ type, ...rest ] = value.split( ';' );
	const params = {};
	for ( const item of rest ) {
		const eq = item.indexOf( '=' );
		if ( eq > 0 ) {
			params[ item.slice( 0, eq ).trim().toLowerCase() ] = item
				.slice( eq + 1 )
				.trim()
				.replace( /^"(.*)"$/, '$1' );
		}
	}
	return { type: type.trim().toLowerCase(), params };
}

/**
 * The text and HTML parts of a message (the first of each that is not an attachment).
 *
 * @param {string} raw   Message or part.
 * @param {Object} found Accumulator.
 * @return {{text: (string|null), html: (string|null)}} Parts.
 */
function bodies( raw, found = { text: null, html: null } ) {
	const { headers, body } = splitPart( raw );
	const { type, params } = contentType( headers[ 'content-type' ] );
	if ( type.startsWith( 'multipart/' ) && params.boundary ) {
		const marker = `--${ params.boundary }`;
		const sections = body.split( marker ).slice( 1 );
		for ( const section of sections ) {
			if ( section.startsWith( '--' ) ) {
				break;
			}
			bodies( section.replace( /^\n/, '' ), found );
		}
		return found;
	}
	if ( /attachment/i.test( headers[ 'content-disposition' ] ?? '' ) ) {
		return found;
	}
	const encoding = (
		headers[ 'content-transfer-encoding' ] ?? '7bit'
	).toLowerCase();
	let text;
	if ( encoding === 'base64' ) {
		text = decodeCharset(
			Buffer.from( body.replace( /\s+/g, '' ), 'base64' ),
			params.charset
		);
	} else if ( encoding === 'quoted-printable' ) {
		text = decodeCharset( fromQuotedPrintable( body ), params.charset );
	} else {
		text = body;
	}
	text = text.replace( /\n+$/, '' );
	if ( type === 'text/plain' && found.text === null ) {
		found.text = text;
	} else if ( type === 'text/html' && found.html === null ) {
		found.html = text;
	}
	return found;
}

/**
 * A received message as the HTTP API shows it.
 *
 * @param {string}                       raw      Message as received (CRLF lines).
 * @param {{from: string, to: string[]}} envelope SMTP envelope.
 * @param {string}                       id       Message id.
 * @param {string}                       received ISO time.
 * @return {Object} Parsed message.
 */
export function parseMessage( raw, envelope, id = '', received = '' ) {
	const { headers } = splitPart( raw );
	const decoded = Object.fromEntries(
		Object.entries( headers ).map( ( [ k, v ] ) => [ k, decodeWords( v ) ] )
	);
	const { text, html } = bodies( raw );
	return {
		id,
		receivedAt: received,
		envelope,
		headers: decoded,
		subject: decoded.subject ?? '',
		from: decoded.from ?? '',
		to: decoded.to ?? '',
		cc: decoded.cc ?? '',
		replyTo: decoded[ 'reply-to' ] ?? '',
		text,
		html,
	};
}

/* ------------------------------------------------------------------------------------------ *
 * Store.
 * ------------------------------------------------------------------------------------------ */

/**
 * Keeps a message: <id>.eml and <id>.json.
 *
 * @param {string}                       raw      Message.
 * @param {{from: string, to: string[]}} envelope Envelope.
 * @return {string} Id.
 */
function store( raw, envelope ) {
	fs.mkdirSync( MESSAGES, { recursive: true } );
	const received = new Date().toISOString();
	const id = `${ received.replace( /[-:.TZ]/g, '' ) }-${ crypto
		.randomBytes( 4 )
		.toString( 'hex' ) }`;
	fs.writeFileSync( path.join( MESSAGES, `${ id }.eml` ), raw );
	fs.writeFileSync(
		path.join( MESSAGES, `${ id }.json` ),
		JSON.stringify(
			parseMessage( raw, envelope, id, received ),
			null,
			'\t'
		)
	);
	return id;
}

/**
 * Every stored message, oldest first.
 *
 * @return {Object[]} Parsed messages.
 */
function messages() {
	if ( ! fs.existsSync( MESSAGES ) ) {
		return [];
	}
	return fs
		.readdirSync( MESSAGES )
		.filter( ( f ) => f.endsWith( '.json' ) )
		.sort()
		.map( ( f ) =>
			JSON.parse( fs.readFileSync( path.join( MESSAGES, f ), 'utf8' ) )
		);
}

/**
 * Forgets every stored message.
 */
export function clear() {
	fs.rmSync( MESSAGES, { recursive: true, force: true } );
}

/* ------------------------------------------------------------------------------------------ *
 * SMTP.
 * ------------------------------------------------------------------------------------------ */

/**
 * The address inside "FROM:<a@b> SIZE=1" / "TO:<a@b>".
 *
 * @param {string} arg Command argument.
 * @return {string|null} Address ('' for the null sender), or null when malformed.
 */
function pathOf( arg ) {
	const m = arg.match( /^(?:FROM|TO):\s*<([^<>]*)>/i );
	return m ? m[ 1 ] : null;
}

/**
 * One SMTP session.
 *
 * @param {net.Socket} socket Connection.
 */
function session( socket ) {
	socket.setEncoding( 'utf8' );
	socket.setTimeout( 60_000, () => socket.destroy() );
	const reply = ( line ) => socket.write( `${ line }\r\n` );
	let buffer = '';
	let from = null;
	let to = [];
	let data = null;
	let size = 0;
	const reset = () => {
		from = null;
		to = [];
		data = null;
		size = 0;
	};
	reply( `220 ${ NAME } ESMTP ready` );

	const command = ( line ) => {
		const space = line.indexOf( ' ' );
		const verb = (
			space === -1 ? line : line.slice( 0, space )
		).toUpperCase();
		const arg = space === -1 ? '' : line.slice( space + 1 ).trim();
		switch ( verb ) {
			case 'EHLO':
				reset();
				reply( `250-${ NAME } greets ${ arg || 'you' }` );
				reply( '250-8BITMIME' );
				reply( '250-SMTPUTF8' );
				reply( `250 SIZE ${ MAX_SIZE }` );
				return;
			case 'HELO':
				reset();
				reply( `250 ${ NAME }` );
				return;
			case 'MAIL': {
				const address = pathOf( arg );
				if ( address === null ) {
					reply( '501 Syntax: MAIL FROM:<address>' );
					return;
				}
				reset();
				from = address;
				reply( '250 OK' );
				return;
			}
			case 'RCPT': {
				const address = pathOf( arg );
				if ( from === null ) {
					reply( '503 MAIL first' );
				} else if ( ! address ) {
					reply( '501 Syntax: RCPT TO:<address>' );
				} else {
					to.push( address );
					reply( '250 OK' );
				}
				return;
			}
			case 'DATA':
				if ( from === null || ! to.length ) {
					reply( '503 MAIL and RCPT first' );
					return;
				}
				data = [];
				reply( '354 End data with <CR><LF>.<CR><LF>' );
				return;
			case 'RSET':
				reset();
				reply( '250 OK' );
				return;
			case 'NOOP':
				reply( '250 OK' );
				return;
			case 'VRFY':
				reply( '252 Cannot VRFY user' );
				return;
			case 'QUIT':
				reply( `221 ${ NAME } closing` );
				socket.end();
				return;
			default:
				reply( '502 Command not implemented' );
		}
	};

	socket.on( 'data', ( chunk ) => {
		buffer += chunk;
		let newline;
		while ( ( newline = buffer.indexOf( '\n' ) ) !== -1 ) {
			const line = buffer.slice( 0, newline ).replace( /\r$/, '' );
			buffer = buffer.slice( newline + 1 );
			if ( data === null ) {
				command( line );
				continue;
			}
			if ( line === '.' ) {
				const raw = data.join( '\r\n' ) + '\r\n';
				if ( size > MAX_SIZE ) {
					reply( '552 Message too large' );
				} else {
					const id = store( raw, { from, to } );
					reply( `250 OK queued as ${ id }` );
				}
				reset();
				continue;
			}
			// Dot-stuffing (RFC 5321 §4.5.2).
			const text = line.startsWith( '.' ) ? line.slice( 1 ) : line;
			size += text.length + 2;
			if ( size <= MAX_SIZE ) {
				data.push( text );
			}
		}
	} );
	socket.on( 'error', () => socket.destroy() );
}

/* ------------------------------------------------------------------------------------------ *
 * HTTP API.
 * ------------------------------------------------------------------------------------------ */

/**
 * Answers the tests' requests.
 *
 * @param {http.IncomingMessage} req Request.
 * @param {http.ServerResponse}  res Response.
 */
function api( req, res ) {
	const url = new URL( req.url ?? '/', `http://${ HOST }` );
	const json = ( status, body ) => {
		res.writeHead( status, { 'Content-Type': 'application/json' } );
		res.end( JSON.stringify( body ) );
	};
	if ( req.method === 'GET' && url.pathname === '/health' ) {
		json( 200, { ok: true, pid: process.pid } );
	} else if ( req.method === 'GET' && url.pathname === '/messages' ) {
		const to = url.searchParams.get( 'to' )?.toLowerCase();
		json(
			200,
			messages().filter(
				( m ) =>
					! to ||
					m.envelope.to.some( ( a ) => a.toLowerCase() === to )
			)
		);
	} else if ( req.method === 'DELETE' && url.pathname === '/messages' ) {
		clear();
		json( 200, { deleted: true } );
	} else if (
		req.method === 'GET' &&
		/^\/messages\/[\w-]+\.eml$/.test( url.pathname )
	) {
		const file = path.join( MESSAGES, path.basename( url.pathname ) );
		if ( ! fs.existsSync( file ) ) {
			json( 404, { error: 'not found' } );
			return;
		}
		res.writeHead( 200, { 'Content-Type': 'message/rfc822' } );
		res.end( fs.readFileSync( file ) );
	} else {
		json( 404, { error: 'not found' } );
	}
}

/* ------------------------------------------------------------------------------------------ *
 * Process control.
 * ------------------------------------------------------------------------------------------ */

/**
 * The state of a running sink, or null.
 *
 * @return {{pid: number, smtpPort: number, httpPort: number}|null} State.
 */
export function state() {
	try {
		const s = JSON.parse( fs.readFileSync( STATE_FILE, 'utf8' ) );
		process.kill( s.pid, 0 );
		return s;
	} catch {
		return null;
	}
}

/**
 * Runs the sink in this process until SIGTERM or SIGINT.
 *
 * @param {Object} [options]
 * @param {number} [options.smtpPort] SMTP port.
 * @param {number} [options.httpPort] HTTP port.
 * @return {Promise<Object>} State once both listen.
 */
export async function serve( {
	smtpPort = DEFAULT_SMTP_PORT,
	httpPort = DEFAULT_HTTP_PORT,
} = {} ) {
	fs.mkdirSync( STATE_DIR, { recursive: true } );
	const smtp = net.createServer( session );
	const web = http.createServer( api );
	const listen = ( server, port ) =>
		new Promise( ( resolve, reject ) => {
			server.once( 'error', reject );
			server.listen( port, HOST, () => resolve( server.address().port ) );
		} );
	const s = {
		pid: process.pid,
		smtpPort: await listen( smtp, smtpPort ),
		httpPort: await listen( web, httpPort ),
		host: HOST,
		messages: MESSAGES,
		startedAt: new Date().toISOString(),
	};
	fs.writeFileSync( STATE_FILE, JSON.stringify( s, null, '\t' ) + '\n' );
	const shutdown = () => {
		try {
			if ( state()?.pid === process.pid ) {
				fs.rmSync( STATE_FILE, { force: true } );
			}
		} finally {
			process.exit( 0 );
		}
	};
	process.on( 'SIGTERM', shutdown );
	process.on( 'SIGINT', shutdown );
	console.log(
		`SMTP sink: smtp://${ HOST }:${ s.smtpPort }, http://${ HOST }:${ s.httpPort }/messages (pid ${ process.pid })`
	);
	return s;
}

/**
 * Starts the sink in the background (idempotent) and waits until it answers.
 *
 * @param {Object} [options] Ports, as for serve().
 * @return {Promise<Object>} Its state.
 */
export async function start( options = {} ) {
	const running = state();
	if ( running ) {
		return running;
	}
	fs.mkdirSync( STATE_DIR, { recursive: true } );
	fs.rmSync( STATE_FILE, { force: true } );
	// A new sink starts empty: what an earlier run received is of no use to this one.
	clear();
	const out = fs.openSync( LOG, 'a' );
	const args = [ fileURLToPath( import.meta.url ), '--foreground' ];
	if ( options.smtpPort ) {
		args.push( `--smtp-port=${ options.smtpPort }` );
	}
	if ( options.httpPort ) {
		args.push( `--http-port=${ options.httpPort }` );
	}
	const child = spawn( process.execPath, args, {
		detached: true,
		stdio: [ 'ignore', out, out ],
	} );
	child.unref();
	fs.closeSync( out );
	const deadline = Date.now() + 10_000;
	while ( Date.now() < deadline ) {
		const s = state();
		if ( s?.pid === child.pid ) {
			return s;
		}
		if ( child.exitCode !== null ) {
			break;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
	}
	const tail = fs.existsSync( LOG )
		? fs.readFileSync( LOG, 'utf8' ).split( '\n' ).slice( -10 ).join( '\n' )
		: '';
	throw new Error( `The SMTP sink did not start. ${ LOG }:\n${ tail }` );
}

/**
 * Stops the sink named in the state file (idempotent).
 *
 * @return {Promise<boolean>} Whether one was running.
 */
export async function stop() {
	const s = state();
	if ( ! s ) {
		fs.rmSync( STATE_FILE, { force: true } );
		return false;
	}
	process.kill( s.pid, 'SIGTERM' );
	const deadline = Date.now() + 5_000;
	while ( state() && Date.now() < deadline ) {
		await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
	}
	if ( state() ) {
		process.kill( s.pid, 'SIGKILL' );
	}
	fs.rmSync( STATE_FILE, { force: true } );
	return true;
}

/**
 * The must-use plugin of the native test site that sends wp_mail() to the sink while it runs.
 *
 * @return {string} PHP source.
 */
export function muPluginSource() {
	return `<?php
/**
 * Plugin Name: Kestrel Forms native test site: mail to the SMTP sink
 * Description: Written by scripts/native.mjs for the native TEST stack only. While the SMTP sink of
 * scripts/smtp-sink.mjs runs (its state file names the port), wp_mail() goes to it over SMTP on
 * 127.0.0.1, so tests read the mail WordPress really sent. Without the sink, nothing changes.
 */

add_action(
	'phpmailer_init',
	static function ( $phpmailer ) {
		$file = ${ JSON.stringify( STATE_FILE ) };
		$state = is_readable( $file ) ? json_decode( (string) file_get_contents( $file ), true ) : null;
		if ( ! is_array( $state ) || empty( $state['smtpPort'] ) ) {
			return;
		}
		$phpmailer->isSMTP();
		$phpmailer->Host        = '127.0.0.1';
		$phpmailer->Port        = (int) $state['smtpPort'];
		$phpmailer->SMTPAuth    = false;
		$phpmailer->SMTPAutoTLS = false;
		$phpmailer->SMTPSecure  = '';
		$phpmailer->Timeout     = 10;
	},
	PHP_INT_MAX
);
`;
}

async function main( argv ) {
	const opt = ( name ) =>
		argv.find( ( a ) => a.startsWith( `--${ name }=` ) )?.split( '=' )[ 1 ];
	const ports = {
		...( opt( 'smtp-port' )
			? { smtpPort: Number( opt( 'smtp-port' ) ) }
			: {} ),
		...( opt( 'http-port' )
			? { httpPort: Number( opt( 'http-port' ) ) }
			: {} ),
	};
	if ( argv.includes( '--stop' ) ) {
		console.log(
			( await stop() )
				? 'SMTP sink stopped.'
				: 'SMTP sink is not running.'
		);
		return 0;
	}
	if ( argv.includes( '--status' ) ) {
		const s = state();
		console.log( s ? JSON.stringify( s ) : 'not running' );
		return s ? 0 : 1;
	}
	if ( argv.includes( '--clear' ) ) {
		clear();
		return 0;
	}
	if ( argv.includes( '--detach' ) ) {
		const s = await start( ports );
		console.log(
			`SMTP sink running: smtp://${ HOST }:${ s.smtpPort }, http://${ HOST }:${ s.httpPort }/messages (pid ${ s.pid })`
		);
		return 0;
	}
	if ( ! argv.includes( '--foreground' ) && state() ) {
		console.error( 'An SMTP sink is running already (--status).' );
		return 1;
	}
	await serve( ports );
	return null; // Keeps running.
}

if (
	process.argv[ 1 ] &&
	import.meta.url ===
		pathToFileURL( fs.realpathSync( process.argv[ 1 ] ) ).href
) {
	main( process.argv.slice( 2 ) ).then(
		( code ) => {
			if ( code !== null ) {
				process.exit( code );
			}
		},
		( error ) => {
			console.error( `Error: ${ error.message ?? error }` );
			process.exit( 1 );
		}
	);
}
