/**
 * The SDK's assets: square.js (the built bundle), its frames and stylesheets under the versioned
 * path. GET only; no state.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from './shared.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const BUILD = path.resolve( HERE, '..', '..', 'build', 'payments-sdk' );
const STATIC = path.resolve( HERE, '..', 'static' );

const FRAME_HTML = ( name, title ) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${ title }</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="card.css"></head>
<body><script src="${ name }.js"></script></body></html>`;

const FRAME_PATH = new RegExp(
	`^/v1/${ VERSION.replace(
		/\./g,
		'\\.'
	) }/frames/(card|gift-card|main|challenge|ach-authorization)\\.(html|js)$`
);

function serveFile( res, file, type ) {
	fs.readFile( file, ( err, data ) => {
		if ( err ) {
			res.writeHead( 404, { 'Content-Type': 'text/plain' } ).end(
				'Not found (run npm run build).'
			);
			return;
		}
		res.writeHead( 200, {
			'Content-Type': type,
			'Cache-Control': 'no-cache',
		} ).end( data );
	} );
}

const VENDOR_SCRIPT = /^\/vendors\/([a-z-]+)\/([a-z-]+)\.js$/;

/**
 * Serves a vendor stand-in's script (wave 2 design A.0.2: under the asset origin in our sandbox
 * environment), prefixed with the vendor origin its pages live on.
 *
 * @param {import('node:http').ServerResponse} res          Response.
 * @param {string}                             vendor       Vendor folder.
 * @param {string}                             name         Script name.
 * @param {string}                             vendorOrigin Vendor origin.
 */
function serveVendorScript( res, vendor, name, vendorOrigin ) {
	fs.readFile(
		path.join( BUILD, 'vendors', vendor, `${ name }.js` ),
		( err, data ) => {
			if ( err ) {
				res.writeHead( 404, { 'Content-Type': 'text/plain' } ).end(
					'Not found (run npm run build).'
				);
				return;
			}
			res.writeHead( 200, {
				'Content-Type': 'text/javascript',
				'Cache-Control': 'no-cache',
			} ).end(
				`self.__kfVendorOrigin = self.__kfVendorOrigin || ${ JSON.stringify(
					vendorOrigin
				) };\n${ data }`
			);
		}
	);
}

/**
 * Serves an SDK asset when the path names one.
 *
 * @param {import('node:http').ServerResponse} res          Response.
 * @param {string}                             p            Path.
 * @param {string}                             vendorOrigin Origin of the vendor stand-ins' pages.
 * @return {boolean} Whether it answered.
 */
export function serveAsset( res, p, vendorOrigin = '' ) {
	const vendor = p.match( VENDOR_SCRIPT );
	if ( vendor ) {
		serveVendorScript( res, vendor[ 1 ], vendor[ 2 ], vendorOrigin );
		return true;
	}
	if ( p === '/v1/square.js' || p === `/v1/${ VERSION }/square.js` ) {
		serveFile( res, path.join( BUILD, 'square.js' ), 'text/javascript' );
		return true;
	}
	const frame = p.match( FRAME_PATH );
	if ( frame ) {
		if ( frame[ 2 ] === 'js' ) {
			serveFile(
				res,
				path.join( BUILD, 'frames', `${ frame[ 1 ] }.js` ),
				'text/javascript'
			);
			return true;
		}
		res.writeHead( 200, {
			'Content-Type': 'text/html; charset=utf-8',
			'Cache-Control': 'no-cache',
		} );
		res.end(
			FRAME_HTML(
				frame[ 1 ],
				{
					main: 'Payments session',
					challenge: 'Card verification',
					'ach-authorization': 'Bank authorization',
				}[ frame[ 1 ] ] ?? 'Secure card input'
			)
		);
		return true;
	}
	if ( p === `/v1/${ VERSION }/frames/card.css` ) {
		serveFile( res, path.join( STATIC, 'card.css' ), 'text/css' );
		return true;
	}
	if ( p === `/v1/${ VERSION }/card-wrapper.css` ) {
		serveFile( res, path.join( STATIC, 'card-wrapper.css' ), 'text/css' );
		return true;
	}
	return false;
}
