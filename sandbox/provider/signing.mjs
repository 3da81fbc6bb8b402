/**
 * Signed artefacts (wave 2 design A.0.6 rule 4): what a wallet stand-in hands to the page
 * (Apple Pay payment data, a Google Pay token, …) is sealed with a secret only this sandbox
 * process knows, so a page or a test cannot forge one; the main frame's exchange opens it.
 */
import crypto from 'node:crypto';

const SECRET = crypto.randomBytes( 32 );

const mac = ( text ) =>
	crypto.createHmac( 'sha256', SECRET ).update( text ).digest( 'base64url' );

/**
 * Seals a payload: `base64url(JSON).mac`.
 *
 * @param {Object} payload Anything JSON.
 * @return {string} Sealed text.
 */
export function seal( payload ) {
	const body = Buffer.from( JSON.stringify( payload ) ).toString(
		'base64url'
	);
	return `${ body }.${ mac( body ) }`;
}

/**
 * Opens a sealed text.
 *
 * @param {unknown} sealed What seal() returned (or a forgery).
 * @return {Object|null} The payload, or null when it is not ours or was changed.
 */
export function unseal( sealed ) {
	if ( typeof sealed !== 'string' ) {
		return null;
	}
	const [ body, signature, extra ] = sealed.split( '.' );
	if ( ! body || ! signature || extra !== undefined ) {
		return null;
	}
	const expected = Buffer.from( mac( body ) );
	const given = Buffer.from( signature );
	if (
		expected.length !== given.length ||
		! crypto.timingSafeEqual( expected, given )
	) {
		return null;
	}
	try {
		return JSON.parse( Buffer.from( body, 'base64url' ).toString() );
	} catch {
		return null;
	}
}
