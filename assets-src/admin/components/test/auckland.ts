/**
 * Test helper: a site in Auckland (UTC+13 in March, +12 in July) with the formats d/m/Y and
 * H:i, as WordPress prints the settings of its wp-date script for such a site.
 */
import { getSettings, setSettings } from '@wordpress/date';
// The zone data WordPress's wp-date script carries (the package alone has none); moment-timezone
// comes with @wordpress/date.
// eslint-disable-next-line import/no-extraneous-dependencies
import 'moment-timezone';

/**
 * Gives @wordpress/date the settings of that site.
 */
export function inAuckland(): void {
	const settings = getSettings();
	setSettings( {
		...settings,
		formats: {
			...settings.formats,
			date: 'd/m/Y',
			time: 'H:i',
		},
		timezone: {
			offset: 13,
			offsetFormatted: '13',
			string: 'Pacific/Auckland',
			abbr: 'NZDT',
		},
	} );
}
