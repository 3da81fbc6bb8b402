/**
 * Loads a third-party script into the merchant page on demand (spec §7 "third-party scripts
 * loaded by environment"). One load per URL and window: later calls share it; a failed load is
 * forgotten so a retry can try again. Failure is a ScriptLoaderError (types).
 */
import { THIRD_PARTY_SCRIPTS, type ThirdPartyScript } from '../protocol';
import type { SdkContext } from './context';
import { ScriptLoaderError } from './errors';

const loads = new WeakMap< Window, Map< string, Promise< void > > >();

/**
 * The URL of a third-party script for this SDK's environment.
 *
 * @param ctx    SDK context (environment and asset origin).
 * @param script Which script.
 */
export function thirdPartyScriptUrl(
	ctx: Pick< SdkContext, 'environment' | 'assetOrigin' >,
	script: ThirdPartyScript
): string {
	return new URL(
		THIRD_PARTY_SCRIPTS[ ctx.environment ][ script ],
		ctx.assetOrigin
	).href;
}

/**
 * Adds `<script src>` to the page once and waits for it.
 *
 * @param win Merchant window.
 * @param url Absolute URL.
 */
export function loadScript( win: Window, url: string ): Promise< void > {
	let perWindow = loads.get( win );
	if ( ! perWindow ) {
		perWindow = new Map();
		loads.set( win, perWindow );
	}
	const known = perWindow.get( url );
	if ( known ) {
		return known;
	}
	const doc = win.document;
	const loading = new Promise< void >( ( resolve, reject ) => {
		const script = doc.createElement( 'script' );
		script.src = url;
		script.async = true;
		script.addEventListener( 'load', () => resolve(), { once: true } );
		script.addEventListener(
			'error',
			() => {
				script.remove();
				perWindow!.delete( url );
				reject(
					new ScriptLoaderError(
						`The script ${ url } could not be loaded.`
					)
				);
			},
			{ once: true }
		);
		( doc.head ?? doc.documentElement ).appendChild( script );
	} );
	perWindow.set( url, loading );
	return loading;
}
