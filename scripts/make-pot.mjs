#!/usr/bin/env node
/**
 * Builds plugin/languages/kestrel-forms.pot, the template translators start from, from the
 * project's own sources (WP-CLI's `wp i18n make-pot` is not installable here):
 *
 * - PHP (plugin/**.php, read with PHP's own tokenizer): __, _e, _x, _ex, _n, _nx, _n_noop,
 *   _nx_noop and the esc_html / esc_attr / esc_xml variants, with the `kestrel-forms` domain;
 * - TypeScript (assets-src/**.ts(x), read with the TypeScript parser; tests and the payments SDK,
 *   which has its own locale tables, left out): __, _x, _n, _nx of @wordpress/i18n;
 * - the plugin header (Plugin Name, Plugin URI, Description, Author) and block.json (title,
 *   description, keywords), as WP-CLI does.
 *
 * A `translators:` comment ending on the line of a call or the line before it goes with that
 * call. Entries with the same context and text are merged (references and comments joined).
 *
 *   node scripts/make-pot.mjs           write the file
 *   node scripts/make-pot.mjs --check   exit 1 (and say what differs) when the file is not current
 *
 * --check leaves out POT-Creation-Date and the references' line numbers (withoutDate()); writing
 * keeps the date when nothing else changed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(
	path.dirname( new URL( import.meta.url ).pathname ),
	'..'
);
const PLUGIN = path.join( ROOT, 'plugin' );
const DOMAIN = 'kestrel-forms';
export const POT_FILE = path.join( PLUGIN, 'languages', `${ DOMAIN }.pot` );

/** Argument positions per function: text, plural, context, domain (PHP and JS share them). */
const KEYWORDS = {
	__: { text: 0, domain: 1 },
	_e: { text: 0, domain: 1 },
	esc_html__: { text: 0, domain: 1 },
	esc_html_e: { text: 0, domain: 1 },
	esc_attr__: { text: 0, domain: 1 },
	esc_attr_e: { text: 0, domain: 1 },
	esc_xml__: { text: 0, domain: 1 },
	esc_xml_e: { text: 0, domain: 1 },
	_x: { text: 0, context: 1, domain: 2 },
	_ex: { text: 0, context: 1, domain: 2 },
	esc_html_x: { text: 0, context: 1, domain: 2 },
	esc_attr_x: { text: 0, context: 1, domain: 2 },
	esc_xml_x: { text: 0, context: 1, domain: 2 },
	_n: { text: 0, plural: 1, domain: 3 },
	_n_noop: { text: 0, plural: 1, domain: 2 },
	_nx: { text: 0, plural: 1, context: 3, domain: 4 },
	_nx_noop: { text: 0, plural: 1, context: 2, domain: 3 },
};
const JS_KEYWORDS = [ '__', '_x', '_n', '_nx' ];

/**
 * Files under a folder, sorted, with one of the extensions.
 *
 * @param {string}   dir        Folder.
 * @param {string[]} extensions Extensions with the dot.
 * @param {Function} skip       Called with a path relative to ROOT; true leaves it out.
 * @return {string[]} Absolute paths.
 */
function files( dir, extensions, skip ) {
	const out = [];
	for ( const entry of fs
		.readdirSync( dir, { withFileTypes: true } )
		.sort( ( a, b ) => ( a.name < b.name ? -1 : 1 ) ) ) {
		const full = path.join( dir, entry.name );
		if ( skip( path.relative( ROOT, full ) ) ) {
			continue;
		}
		if ( entry.isDirectory() ) {
			out.push( ...files( full, extensions, skip ) );
		} else if ( extensions.some( ( e ) => entry.name.endsWith( e ) ) ) {
			out.push( full );
		}
	}
	return out;
}

/**
 * PHP side: tokens → calls with literal arguments, and translators comments, as JSON.
 * Runs in one `php` process for every file.
 */
const PHP_EXTRACTOR = String.raw`<?php
$keywords = json_decode( $argv[1], true );
$out = array();
foreach ( array_slice( $argv, 2 ) as $file ) {
	$tokens = token_get_all( file_get_contents( $file ) );
	$calls = array();
	$comments = array();
	$n = count( $tokens );
	for ( $i = 0; $i < $n; $i++ ) {
		$t = $tokens[ $i ];
		if ( ! is_array( $t ) ) {
			continue;
		}
		if ( T_COMMENT === $t[0] || T_DOC_COMMENT === $t[0] ) {
			if ( false !== stripos( $t[1], 'translators:' ) ) {
				$comments[] = array( 'text' => $t[1], 'line' => $t[2], 'end' => $t[2] + substr_count( $t[1], "\n" ) );
			}
			continue;
		}
		if ( T_STRING !== $t[0] || ! isset( $keywords[ $t[1] ] ) ) {
			continue;
		}
		$prev = $i - 1;
		while ( $prev >= 0 && is_array( $tokens[ $prev ] ) && T_WHITESPACE === $tokens[ $prev ][0] ) {
			$prev--;
		}
		if ( $prev >= 0 && is_array( $tokens[ $prev ] ) && in_array( $tokens[ $prev ][0], array( T_FUNCTION, T_OBJECT_OPERATOR, T_DOUBLE_COLON, T_NEW ), true ) ) {
			continue;
		}
		$j = $i + 1;
		while ( $j < $n && is_array( $tokens[ $j ] ) && T_WHITESPACE === $tokens[ $j ][0] ) {
			$j++;
		}
		if ( $j >= $n || '(' !== $tokens[ $j ] ) {
			continue;
		}
		// Literal arguments up to the first one that is not a plain string.
		$args = array();
		$depth = 0;
		$current = null;
		$literal = true;
		for ( $k = $j + 1; $k < $n; $k++ ) {
			$u = $tokens[ $k ];
			if ( is_array( $u ) && in_array( $u[0], array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true ) ) {
				continue;
			}
			if ( '(' === $u || '[' === $u || '{' === $u ) {
				$depth++;
				$literal = false;
				continue;
			}
			if ( ')' === $u || ']' === $u || '}' === $u ) {
				if ( 0 === $depth ) {
					$args[] = $literal ? $current : null;
					break;
				}
				$depth--;
				continue;
			}
			if ( 0 === $depth && ',' === $u ) {
				$args[] = $literal ? $current : null;
				$current = null;
				$literal = true;
				continue;
			}
			if ( 0 === $depth && is_array( $u ) && T_CONSTANT_ENCAPSED_STRING === $u[0] && null === $current && $literal ) {
				$q = $u[1][0];
				$inner = substr( $u[1], 1, -1 );
				$current = "'" === $q ? strtr( $inner, array( "\\'" => "'", '\\\\' => '\\' ) ) : stripcslashes( $inner );
				continue;
			}
			$literal = false;
		}
		$calls[] = array( 'fn' => $t[1], 'line' => $t[2], 'args' => $args );
	}
	$out[ $file ] = array( 'calls' => $calls, 'comments' => $comments );
}
echo json_encode( $out );
`;

/**
 * The translators comment that goes with a call: ends on the call's line or the line before,
 * and no earlier call took it.
 *
 * @param {Array}  comments [{text, line, end, used}].
 * @param {number} line     The call's line.
 * @return {string|null} Comment text without the comment markers.
 */
function commentFor( comments, line ) {
	for ( let i = comments.length - 1; i >= 0; i-- ) {
		const c = comments[ i ];
		if ( c.end <= line && c.end >= line - 1 && ! c.used ) {
			c.used = true;
			return c.text
				.replace( /^\/\*+|\*+\/$|^\/\/|^#/g, '' )
				.split( '\n' )
				.map( ( l ) => l.replace( /^\s*\*?\s?/, '' ).trim() )
				.filter( Boolean )
				.join( ' ' )
				.trim();
		}
	}
	return null;
}

/**
 * Strings of the PHP files.
 *
 * @param {Function} add Receives each entry.
 */
function extractPhp( add ) {
	const list = files( PLUGIN, [ '.php' ], ( rel ) =>
		/^plugin\/(build|vendor|languages)(\/|$)/.test( rel )
	);
	const r = spawnSync( 'php', [ '--', JSON.stringify( KEYWORDS ), ...list ], {
		input: PHP_EXTRACTOR,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	} );
	if ( r.status !== 0 ) {
		throw new Error( `php failed: ${ r.stderr || r.stdout }` );
	}
	const found = JSON.parse( r.stdout );
	for ( const file of list ) {
		const { calls, comments } = found[ file ];
		const rel = path.relative( PLUGIN, file );
		for ( const call of calls ) {
			const spec = KEYWORDS[ call.fn ];
			const comment = commentFor( comments, call.line );
			addCall( add, spec, call.args, `${ rel }:${ call.line }`, comment );
		}
	}
}

/**
 * One call's entry when its text and domain are literal and the domain is ours.
 *
 * @param {Function}    add       Receives the entry.
 * @param {Object}      spec      Argument positions.
 * @param {Array}       args      Literal arguments (null: not literal).
 * @param {string}      reference file:line.
 * @param {string|null} comment   Translators comment.
 */
function addCall( add, spec, args, reference, comment ) {
	if ( args[ spec.domain ] !== DOMAIN ) {
		return;
	}
	const text = args[ spec.text ];
	if ( typeof text !== 'string' || text === '' ) {
		return;
	}
	const entry = { msgid: text, reference, comment };
	if ( spec.plural !== undefined ) {
		if ( typeof args[ spec.plural ] !== 'string' ) {
			return;
		}
		entry.plural = args[ spec.plural ];
	}
	if ( spec.context !== undefined ) {
		if ( typeof args[ spec.context ] !== 'string' ) {
			return;
		}
		entry.context = args[ spec.context ];
	}
	add( entry );
}

/**
 * Strings of the TypeScript sources.
 *
 * @param {Function} add Receives each entry.
 */
function extractTs( add ) {
	const list = files(
		path.join( ROOT, 'assets-src' ),
		[ '.ts', '.tsx' ],
		( rel ) =>
			/(^|\/)(test|__tests__)(\/|$)|\.test\.tsx?$|\.d\.ts$/.test( rel ) ||
			/^assets-src\/payments-sdk(\/|$)/.test( rel )
	);
	for ( const file of list ) {
		const text = fs.readFileSync( file, 'utf8' );
		const source = ts.createSourceFile(
			file,
			text,
			ts.ScriptTarget.Latest,
			true,
			file.endsWith( '.tsx' ) ? ts.ScriptKind.TSX : ts.ScriptKind.TS
		);
		const comments = [];
		// Comments found by the scanner (not inside strings): leading comments of every token.
		const seen = new Set();
		const visitComments = ( node ) => {
			for ( const range of ts.getLeadingCommentRanges(
				text,
				node.getFullStart()
			) ?? [] ) {
				if ( seen.has( range.pos ) ) {
					continue;
				}
				seen.add( range.pos );
				const body = text.slice( range.pos, range.end );
				if ( /translators:/i.test( body ) ) {
					comments.push( {
						pos: range.pos,
						text: body,
						line:
							source.getLineAndCharacterOfPosition( range.pos )
								.line + 1,
						end:
							source.getLineAndCharacterOfPosition( range.end )
								.line + 1,
					} );
				}
			}
			ts.forEachChild( node, visitComments );
		};
		visitComments( source );
		comments.sort( ( a, b ) => a.pos - b.pos );
		const rel = path.relative( ROOT, file );
		const visit = ( node ) => {
			if ( ts.isCallExpression( node ) ) {
				const callee = node.expression;
				let name = null;
				if ( ts.isIdentifier( callee ) ) {
					name = callee.text;
				} else if ( ts.isPropertyAccessExpression( callee ) ) {
					name = callee.name.text;
				}
				if ( name && JS_KEYWORDS.includes( name ) ) {
					const args = node.arguments.map( ( a ) =>
						ts.isStringLiteral( a ) ||
						ts.isNoSubstitutionTemplateLiteral( a )
							? a.text
							: null
					);
					const line =
						source.getLineAndCharacterOfPosition(
							node.getStart( source )
						).line + 1;
					const before = comments.filter(
						( c ) => c.pos < node.getStart( source )
					);
					addCall(
						add,
						KEYWORDS[ name ],
						args,
						`${ rel }:${ line }`,
						commentFor( before, line )
					);
				}
			}
			ts.forEachChild( node, visit );
		};
		visit( source );
	}
}

/**
 * Plugin header and block.json strings.
 *
 * @param {Function} add Receives each entry.
 */
function extractMeta( add ) {
	const main = fs.readFileSync(
		path.join( PLUGIN, 'kestrel-forms.php' ),
		'utf8'
	);
	for ( const [ header, comment ] of [
		[ 'Plugin Name', 'Plugin Name of the plugin' ],
		[ 'Plugin URI', 'Plugin URI of the plugin' ],
		[ 'Description', 'Description of the plugin' ],
		[ 'Author', 'Author of the plugin' ],
		[ 'Author URI', 'Author URI of the plugin' ],
	] ) {
		const m = main.match(
			new RegExp( `^[ \\t/*#@]*${ header }:(.*)$`, 'mi' )
		);
		if ( m && m[ 1 ].trim() ) {
			add( {
				msgid: m[ 1 ].trim(),
				reference: 'kestrel-forms.php',
				comment,
			} );
		}
	}
	for ( const file of files(
		path.join( PLUGIN, 'blocks' ),
		[ 'block.json' ],
		() => false
	) ) {
		const block = JSON.parse( fs.readFileSync( file, 'utf8' ) );
		const reference = path.relative( PLUGIN, file );
		if ( block.title ) {
			add( { msgid: block.title, context: 'block title', reference } );
		}
		if ( block.description ) {
			add( {
				msgid: block.description,
				context: 'block description',
				reference,
			} );
		}
		for ( const keyword of block.keywords ?? [] ) {
			add( { msgid: keyword, context: 'block keyword', reference } );
		}
	}
}

/**
 * A PO string: quoted, escaped, long or multi-line texts split as gettext does.
 *
 * @param {string} keyword msgid, msgctxt, ...
 * @param {string} value   Text.
 * @return {string} Line(s).
 */
function poString( keyword, value ) {
	const escape = ( s ) =>
		s
			.replace( /\\/g, '\\\\' )
			.replace( /"/g, '\\"' )
			.replace( /\t/g, '\\t' )
			.replace( /\r/g, '\\r' )
			.replace( /\n/g, '\\n' );
	const parts = value.split( /(?<=\n)/ );
	if ( parts.length === 1 ) {
		return `${ keyword } "${ escape( value ) }"`;
	}
	return [
		`${ keyword } ""`,
		...parts.map( ( p ) => `"${ escape( p ) }"` ),
	].join( '\n' );
}

/**
 * The whole .pot text.
 *
 * @param {string} date POT-Creation-Date value.
 * @return {string} File contents.
 */
export function buildPot( date ) {
	const entries = new Map();
	const add = ( e ) => {
		const key = `${ e.context ?? '' }\u0004${ e.msgid }`;
		const known = entries.get( key );
		if ( ! known ) {
			entries.set( key, {
				...e,
				references: [ e.reference ],
				comments: e.comment ? [ e.comment ] : [],
			} );
			return;
		}
		if ( ! known.references.includes( e.reference ) ) {
			known.references.push( e.reference );
		}
		if ( e.comment && ! known.comments.includes( e.comment ) ) {
			known.comments.push( e.comment );
		}
		known.plural ??= e.plural;
	};
	extractMeta( add );
	extractPhp( add );
	extractTs( add );

	const version = fs
		.readFileSync( path.join( PLUGIN, 'kestrel-forms.php' ), 'utf8' )
		.match( /^\s*\*\s*Version:\s*(\S+)/m )[ 1 ];
	const out = [
		'# Copyright (C) Kestrel Forms',
		'# This file is distributed under the GPL-2.0-or-later.',
		'# Built by scripts/make-pot.mjs; do not edit by hand.',
		'msgid ""',
		'msgstr ""',
		`"Project-Id-Version: Kestrel Forms ${ version }\\n"`,
		'"Report-Msgid-Bugs-To: https://example.org/kestrel-forms\\n"',
		'"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"',
		'"Language-Team: LANGUAGE <LL@li.org>\\n"',
		'"MIME-Version: 1.0\\n"',
		'"Content-Type: text/plain; charset=UTF-8\\n"',
		'"Content-Transfer-Encoding: 8bit\\n"',
		`"POT-Creation-Date: ${ date }\\n"`,
		'"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"',
		`"X-Domain: ${ DOMAIN }\\n"`,
		'',
	];
	for ( const e of entries.values() ) {
		for ( const c of e.comments ) {
			out.push( `#. ${ c }` );
		}
		for ( const r of e.references ) {
			out.push( `#: ${ r }` );
		}
		if ( /%(\d+\$)?[sdf]/.test( e.msgid + ( e.plural ?? '' ) ) ) {
			out.push( '#, php-format' );
		}
		if ( e.context !== undefined ) {
			out.push( poString( 'msgctxt', e.context ) );
		}
		out.push( poString( 'msgid', e.msgid ) );
		if ( e.plural !== undefined ) {
			out.push( poString( 'msgid_plural', e.plural ) );
			out.push( 'msgstr[0] ""', 'msgstr[1] ""' );
		} else {
			out.push( 'msgstr ""' );
		}
		out.push( '' );
	}
	return out.join( '\n' );
}

/**
 * What --check compares: the file without its date and without the line numbers of the
 * references (a line moved elsewhere in a file does not make the template stale; a string, a
 * translators comment or a file added or removed does).
 *
 * @param {string} text .pot contents.
 * @return {string} Comparable text.
 */
const withoutDate = ( text ) =>
	text
		.replace( /^"POT-Creation-Date: .*\\n"$/m, '' )
		.replace( /^(#: .*?):\d+$/gm, '$1' );

if ( process.argv[ 1 ] === new URL( import.meta.url ).pathname ) {
	const check = process.argv.includes( '--check' );
	const existing = fs.existsSync( POT_FILE )
		? fs.readFileSync( POT_FILE, 'utf8' )
		: null;
	const keptDate = existing?.match(
		/^"POT-Creation-Date: (.*)\\n"$/m
	)?.[ 1 ];
	const now = new Date()
		.toISOString()
		.replace( 'T', ' ' )
		.replace( /:\d\d\.\d+Z$/, '+0000' );
	let pot = buildPot( keptDate ?? now );
	const current =
		existing !== null && withoutDate( existing ) === withoutDate( pot );
	if ( check ) {
		if ( current ) {
			console.log( `${ path.relative( ROOT, POT_FILE ) } is current.` );
			process.exit( 0 );
		}
		const have = new Set( ( existing ?? '' ).split( '\n' ) );
		const want = new Set( pot.split( '\n' ) );
		const missing = [ ...want ].filter(
			( l ) => l.startsWith( 'msgid' ) && ! have.has( l )
		);
		const stale = [ ...have ].filter(
			( l ) => l.startsWith( 'msgid' ) && ! want.has( l )
		);
		console.error(
			`${ path.relative( ROOT, POT_FILE ) } is not current: run node scripts/make-pot.mjs.` +
				( missing.length
					? `\nMissing:\n  ${ missing.slice( 0, 20 ).join( '\n  ' ) }`
					: '' ) +
				( stale.length
					? `\nNo longer in the sources:\n  ${ stale
							.slice( 0, 20 )
							.join( '\n  ' ) }`
					: '' ) +
				( ! missing.length && ! stale.length
					? '\n(references, comments or order differ)'
					: '' )
		);
		process.exit( 1 );
	}
	if ( ! current ) {
		pot = buildPot( now );
		fs.mkdirSync( path.dirname( POT_FILE ), { recursive: true } );
		fs.writeFileSync( POT_FILE, pot );
		console.log( `Wrote ${ path.relative( ROOT, POT_FILE ) }.` );
	} else {
		console.log( `${ path.relative( ROOT, POT_FILE ) } is current.` );
	}
}
