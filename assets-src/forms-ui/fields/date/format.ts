/**
 * Dates as the visitor types them in a field's `dateFormat` (Gravity Forms' values), and as the
 * calendar works with them. Pure; the engine validates the typed text, this only reads and
 * writes it for the date picker and orders the three inputs.
 */
import type { DateFormat } from '../../../shared';

/** A calendar day (month 1–12). */
export interface Day {
	y: number;
	m: number;
	d: number;
}

/** The order of the parts and their separator, by format. */
const SHAPES: Record< DateFormat, [ Array< 'm' | 'd' | 'y' >, string ] > = {
	mdy: [ [ 'm', 'd', 'y' ], '/' ],
	dmy: [ [ 'd', 'm', 'y' ], '/' ],
	dmy_dash: [ [ 'd', 'm', 'y' ], '-' ],
	dmy_dot: [ [ 'd', 'm', 'y' ], '.' ],
	ymd_slash: [ [ 'y', 'm', 'd' ], '/' ],
	ymd_dash: [ [ 'y', 'm', 'd' ], '-' ],
	ymd_dot: [ [ 'y', 'm', 'd' ], '.' ],
};

/**
 * The parts in the order the format shows them.
 *
 * @param format The field's format (mdy when absent).
 */
export const partOrder = ( format: DateFormat = 'mdy' ) =>
	SHAPES[ format ][ 0 ];

/**
 * The format as a hint: "MM/DD/YYYY".
 *
 * @param format The field's format.
 */
export function formatHint( format: DateFormat = 'mdy' ): string {
	const [ order, sep ] = SHAPES[ format ];
	const token = { m: 'MM', d: 'DD', y: 'YYYY' };
	return order.map( ( p ) => token[ p ] ).join( sep );
}

/**
 * A day in the format: "03/07/2026".
 *
 * @param day    The day.
 * @param format The field's format.
 */
export function formatDay( day: Day, format: DateFormat = 'mdy' ): string {
	const [ order, sep ] = SHAPES[ format ];
	const text = {
		m: String( day.m ).padStart( 2, '0' ),
		d: String( day.d ).padStart( 2, '0' ),
		y: String( day.y ).padStart( 4, '0' ),
	};
	return order.map( ( p ) => text[ p ] ).join( sep );
}

/**
 * Whether y-m-d is a real calendar day.
 *
 * @param day The day.
 */
export function isRealDay( day: Day ): boolean {
	const date = new Date( Date.UTC( day.y, day.m - 1, day.d ) );
	return (
		day.y >= 1 &&
		date.getUTCFullYear() === day.y &&
		date.getUTCMonth() === day.m - 1 &&
		date.getUTCDate() === day.d
	);
}

/**
 * The day typed in the format, or null when the text is not one.
 *
 * @param text   What the visitor typed.
 * @param format The field's format.
 */
export function parseDay(
	text: string,
	format: DateFormat = 'mdy'
): Day | null {
	const [ order, sep ] = SHAPES[ format ];
	const parts = text.trim().split( sep );
	if ( parts.length !== 3 || parts.some( ( p ) => ! /^\d+$/.test( p ) ) ) {
		return null;
	}
	const at = ( p: 'm' | 'd' | 'y' ) => Number( parts[ order.indexOf( p ) ] );
	const day = { y: at( 'y' ), m: at( 'm' ), d: at( 'd' ) };
	return isRealDay( day ) ? day : null;
}

/**
 * A `Y-m-d` day (dateMin, dateMax), or null.
 *
 * @param ymd The text.
 */
export const parseYmd = ( ymd: string | undefined ) =>
	ymd ? parseDay( ymd, 'ymd_dash' ) : null;

/**
 * The day `n` days after (before, when negative) `day`.
 *
 * @param day The day.
 * @param n   Days.
 */
export function addDays( day: Day, n: number ): Day {
	const date = new Date( Date.UTC( day.y, day.m - 1, day.d + n ) );
	return {
		y: date.getUTCFullYear(),
		m: date.getUTCMonth() + 1,
		d: date.getUTCDate(),
	};
}

/**
 * How many days the month has.
 *
 * @param y Year.
 * @param m Month 1–12.
 */
export const daysIn = ( y: number, m: number ) =>
	new Date( Date.UTC( y, m, 0 ) ).getUTCDate();

/**
 * The same day `n` months later (earlier), on the month's last day when it is shorter.
 *
 * @param day The day.
 * @param n   Months.
 */
export function addMonths( day: Day, n: number ): Day {
	const index = day.y * 12 + ( day.m - 1 ) + n;
	const y = Math.floor( index / 12 );
	const m = ( index % 12 ) + 1;
	return { y, m, d: Math.min( day.d, daysIn( y, m ) ) };
}

/**
 * Orders two days: negative, zero or positive.
 *
 * @param a A day.
 * @param b Another.
 */
export const compareDays = ( a: Day, b: Day ) =>
	a.y - b.y || a.m - b.m || a.d - b.d;

/**
 * The weekday, 0 (Sunday) to 6.
 *
 * @param day The day.
 */
export const weekday = ( day: Day ) =>
	new Date( Date.UTC( day.y, day.m - 1, day.d ) ).getUTCDay();
