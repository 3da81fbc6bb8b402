/**
 * Dates as the admin screens show them: the site's local date and time, in the date and time
 * formats of Settings → General, like WordPress's own lists. The REST answers carry UTC ISO
 * times ("2026-01-02T03:04:05Z"); @wordpress/date formats them with the settings WordPress
 * gives its `wp-date` script (time zone, formats, month names), a dependency the build declares.
 */
import { dateI18n, getSettings, humanTimeDiff } from '@wordpress/date';

/**
 * @return The site's "date time" format, e.g. "d/m/Y H:i" (Settings → General).
 */
export function siteDateTimeFormat(): string {
	const { formats } = getSettings();
	return `${ formats.date } ${ formats.time }`.trim() || 'Y-m-d H:i';
}

/**
 * @param iso An ISO 8601 UTC time ("2026-01-02T03:04:05Z").
 * @return The site's local date and time in its formats ("02/01/2026 16:04" in Auckland).
 */
export function siteDateTime( iso: string ): string {
	return dateI18n( siteDateTimeFormat(), iso );
}

/**
 * @param iso An ISO 8601 UTC time.
 * @param now The time to count from (tests); default: now.
 * @return "5 minutes ago", in the site's language.
 */
export function relativeTime( iso: string, now?: string | Date ): string {
	return humanTimeDiff( iso, now );
}

/**
 * A time as people read it on the site: the absolute local date and time, with the relative
 * one beside it when asked ("25/11/2026 16:32 (5 minutes ago)"); the machine-readable UTC time
 * in `dateTime`.
 *
 * @param props          Props.
 * @param props.iso      ISO 8601 UTC time.
 * @param props.relative Whether to add the relative time.
 */
export function SiteDate( {
	iso,
	relative = false,
}: {
	iso: string;
	relative?: boolean;
} ) {
	if ( ! iso ) {
		return <>—</>;
	}
	return (
		<time dateTime={ iso }>
			{ siteDateTime( iso ) }
			{ relative && (
				<span className="kestrel-forms-relative-time">
					{ ` (${ relativeTime( iso ) })` }
				</span>
			) }
		</time>
	);
}
