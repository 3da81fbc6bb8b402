/**
 * The calendar's arithmetic on the engine's date parts (forms-engine `DateParts`; reading and
 * writing a date in a field's format is the engine's: `parseDate`, `formatDate`, `parseIso`),
 * and the order and hint of a format for the three inputs and the picker.
 */
import type { DateParts } from '../../../forms-engine';

export { formatHint, partOrder } from '../basic/date-format';

/**
 * A day as a UTC Date (for arithmetic and names, free of the visitor's time zone).
 *
 * @param day The day.
 */
export const asDate = ( day: DateParts ) =>
	new Date( Date.UTC( day.year, day.month - 1, day.day ) );

/**
 * The day `n` days after (before, when negative) `day`.
 *
 * @param day The day.
 * @param n   Days.
 */
export function addDays( day: DateParts, n: number ): DateParts {
	const date = new Date( Date.UTC( day.year, day.month - 1, day.day + n ) );
	return {
		year: date.getUTCFullYear(),
		month: date.getUTCMonth() + 1,
		day: date.getUTCDate(),
	};
}

/**
 * How many days the month has.
 *
 * @param year  Year.
 * @param month Month 1–12.
 */
export const daysIn = ( year: number, month: number ) =>
	new Date( Date.UTC( year, month, 0 ) ).getUTCDate();

/**
 * The same day `n` months later (earlier), on the month's last day when it is shorter.
 *
 * @param day The day.
 * @param n   Months.
 */
export function addMonths( day: DateParts, n: number ): DateParts {
	const index = day.year * 12 + ( day.month - 1 ) + n;
	const year = Math.floor( index / 12 );
	const month = ( index % 12 ) + 1;
	return { year, month, day: Math.min( day.day, daysIn( year, month ) ) };
}

/**
 * Orders two days: negative, zero or positive.
 *
 * @param a A day.
 * @param b Another.
 */
export const compareDays = ( a: DateParts, b: DateParts ) =>
	a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * The weekday, 0 (Sunday) to 6.
 *
 * @param day The day.
 */
export const weekday = ( day: DateParts ) => asDate( day ).getUTCDay();
