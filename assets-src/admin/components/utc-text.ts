/**
 * Dates as the admin screens show them: the server's UTC time, without the ISO markers.
 */

/**
 * @param iso An ISO 8601 UTC date ("2026-01-02T03:04:05Z").
 * @return "2026-01-02 03:04:05" (the screens' headings say the time is UTC).
 */
export const utcText = ( iso: string ): string =>
	iso.replace( 'T', ' ' ).replace( 'Z', '' );
