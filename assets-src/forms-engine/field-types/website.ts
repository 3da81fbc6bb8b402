import { oneTextUnit } from './text';

/**
 * An http or https URL with a host: the scheme, then a host (optionally user info and a port),
 * then nothing or a path, query or fragment; no spaces anywhere.
 */
const URL_SHAPE =
	/^https?:\/\/(?:[^\s/?#@]+@)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * Whether a text is an http(s) URL with a host.
 *
 * @param text Trimmed text.
 */
export function isWebsite( text: string ): boolean {
	return URL_SHAPE.test( text );
}

/** Website fields: one text value, an http:// or https:// address. */
export const websiteUnit = oneTextUnit( ( text ) =>
	isWebsite( text ) ? null : { code: 'url' }
);
