import type { DateFormat, FieldDefinition, FieldValue } from '../../shared';
import type { ValidationIssue } from '../validation/types';
import type { FieldTypeUnit } from './types';
import { validateText } from './text';
import { textFromWire, tupleFromWire } from './from-wire';
import { inputDefault, inputIdsOf, partOf, textOf } from './parts';

/** A date's parts. */
export interface DateParts {
	year: number;
	month: number;
	day: number;
}

/** Month, Day, Year: the inputs of drop-downs and three-field dates, in tuple order. */
const SUFFIXES = [ 1, 2, 3 ] as const;

/** Each format's order of parts and separator (Gravity Forms' dateFormat values). */
const FORMATS: Record<
	DateFormat,
	{ order: 'mdy' | 'dmy' | 'ymd'; sep: string }
> = {
	mdy: { order: 'mdy', sep: '/' },
	dmy: { order: 'dmy', sep: '/' },
	dmy_dash: { order: 'dmy', sep: '-' },
	dmy_dot: { order: 'dmy', sep: '.' },
	ymd_slash: { order: 'ymd', sep: '/' },
	ymd_dash: { order: 'ymd', sep: '-' },
	ymd_dot: { order: 'ymd', sep: '.' },
};

/** Days of each month in a common year. */
const DAYS_IN_MONTH = [ 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 ];

/** Y-m-d, as stored, as rules read it and as dateMin / dateMax are written. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The parts of a real calendar date (no 02/30, 02/29 only in leap years), else null.
 *
 * @param year  Year.
 * @param month Month (1-12).
 * @param day   Day.
 */
export function realDate(
	year: number,
	month: number,
	day: number
): DateParts | null {
	// NaN (a part that is not digits, a year not of four) fails every comparison: refuse it here.
	if (
		! [ year, month, day ].every( Number.isInteger ) ||
		year < 1 ||
		year > 9999 ||
		month < 1 ||
		month > 12 ||
		day < 1
	) {
		return null;
	}
	const leap = ( year % 4 === 0 && year % 100 !== 0 ) || year % 400 === 0;
	const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[ month - 1 ];
	return day <= days ? { year, month, day } : null;
}

/**
 * Reads digits as a number, or NaN when the text is not 1 to `max` digits.
 *
 * @param text Text.
 * @param max  Most digits.
 */
function digits( text: string, max: number ): number {
	return new RegExp( `^\\d{1,${ max }}$` ).test( text )
		? Number( text )
		: NaN;
}

/**
 * A date typed in a field's format ("02/28/2026" in mdy), else null.
 *
 * @param text   Trimmed text.
 * @param format The field's dateFormat (mdy when absent).
 */
export function parseDate(
	text: string,
	format?: DateFormat
): DateParts | null {
	const { order, sep } = FORMATS[ format ?? 'mdy' ] ?? FORMATS.mdy;
	const parts = text.split( sep );
	if ( parts.length !== 3 ) {
		return null;
	}
	const at = ( letter: string ) => parts[ order.indexOf( letter ) ];
	const year = at( 'y' ).length === 4 ? digits( at( 'y' ), 4 ) : NaN;
	return realDate( year, digits( at( 'm' ), 2 ), digits( at( 'd' ), 2 ) );
}

/**
 * A Y-m-d text as parts, else null (dateMin, dateMax, rule values).
 *
 * @param text Y-m-d.
 */
export function parseIso( text: string ): DateParts | null {
	const m = ISO.exec( text );
	return m
		? realDate( Number( m[ 1 ] ), Number( m[ 2 ] ), Number( m[ 3 ] ) )
		: null;
}

const pad = ( n: number, width = 2 ) => String( n ).padStart( width, '0' );

/**
 * A date as Y-m-d.
 *
 * @param date Parts.
 */
export function toIso( date: DateParts ): string {
	return `${ pad( date.year, 4 ) }-${ pad( date.month ) }-${ pad( date.day ) }`;
}

/**
 * A date in a field's format ("01/02/2026" in mdy), for messages and merge tags.
 *
 * @param date   Parts.
 * @param format The field's dateFormat.
 */
export function formatDate( date: DateParts, format?: DateFormat ): string {
	const { order, sep } = FORMATS[ format ?? 'mdy' ] ?? FORMATS.mdy;
	const text = {
		y: pad( date.year, 4 ),
		m: pad( date.month ),
		d: pad( date.day ),
	};
	return [ ...order ]
		.map( ( letter ) => text[ letter as 'y' | 'm' | 'd' ] )
		.join( sep );
}

/**
 * How a format is written for people: "mm/dd/yyyy", "dd.mm.yyyy"… (in `date` issues).
 *
 * @param format The field's dateFormat.
 */
export function datePattern( format?: DateFormat ): string {
	const { order, sep } = FORMATS[ format ?? 'mdy' ] ?? FORMATS.mdy;
	const text = { y: 'yyyy', m: 'mm', d: 'dd' };
	return [ ...order ]
		.map( ( letter ) => text[ letter as 'y' | 'm' | 'd' ] )
		.join( sep );
}

/**
 * Whether the date is entered in one input with a date picker (the default).
 *
 * @param field Date field.
 */
const isPicker = ( field: FieldDefinition ) =>
	( field.dateType ?? 'datepicker' ) === 'datepicker';

/**
 * The date a value holds: parts when it is a real date, null when it is blank, false when it is
 * filled in but not a date (or only partly, for three inputs).
 *
 * @param field Date field.
 * @param value Text as typed, or the tuple [month, day, year].
 */
export function dateOf(
	field: FieldDefinition,
	value: FieldValue | undefined
): DateParts | null | false {
	if ( isPicker( field ) ) {
		const text = textOf( value );
		if ( text === null ) {
			return false;
		}
		return text === ''
			? null
			: ( parseDate( text, field.dateFormat ) ?? false );
	}
	if ( value !== undefined && ! Array.isArray( value ) ) {
		return false;
	}
	const [ month, day, year ] = [ 0, 1, 2 ].map( ( i ) => partOf( value, i ) );
	if ( month === '' && day === '' && year === '' ) {
		return null;
	}
	return (
		realDate(
			year.length === 4 ? digits( year, 4 ) : NaN,
			digits( month, 2 ),
			digits( day, 2 )
		) ?? false
	);
}

/**
 * The date's issue against dateMin and dateMax, with the bound in the field's format.
 *
 * @param field Date field.
 * @param date  A real date.
 */
function outOfBounds(
	field: FieldDefinition,
	date: DateParts
): ValidationIssue | null {
	const iso = toIso( date );
	const min = parseIso( field.dateMin ?? '' );
	if ( min && iso < toIso( min ) ) {
		return { code: 'date_min', limit: formatDate( min, field.dateFormat ) };
	}
	const max = parseIso( field.dateMax ?? '' );
	if ( max && iso > toIso( max ) ) {
		return { code: 'date_max', limit: formatDate( max, field.dateFormat ) };
	}
	return null;
}

/** Date fields: one input with a date picker, or Month, Day, Year (N.1, N.2, N.3). */
export const dateUnit: FieldTypeUnit = {
	inputIds: ( field ) =>
		isPicker( field ) ? [] : inputIdsOf( field, SUFFIXES ),
	initialValue: ( field ) =>
		isPicker( field )
			? ( field.defaultValue ?? '' )
			: inputIdsOf( field, SUFFIXES ).map( ( id ) =>
					inputDefault( field, id )
				),
	isEmpty: ( field, value ) => dateOf( field, value ) === null,
	validate( field, value ) {
		if ( isPicker( field ) ) {
			const limited = validateText( field, value );
			if ( limited || textOf( value ) === '' ) {
				return limited;
			}
		} else if ( value !== undefined && ! Array.isArray( value ) ) {
			return { code: 'invalid' };
		}
		const date = dateOf( field, value );
		if ( date === null ) {
			return field.isRequired ? { code: 'required' } : null;
		}
		return date === false
			? { code: 'date', format: datePattern( field.dateFormat ) }
			: outOfBounds( field, date );
	},
	toSubmission( field, value ) {
		if ( isPicker( field ) ) {
			return value === undefined ? {} : { [ String( field.id ) ]: value };
		}
		const ids = inputIdsOf( field, SUFFIXES );
		return Object.fromEntries(
			ids.map( ( id, i ) => [ id, partOf( value, i ) ] )
		);
	},
	fromSubmission: ( field, wire ) =>
		isPicker( field )
			? textFromWire( field, wire )
			: tupleFromWire( inputIdsOf( field, SUFFIXES ), wire ),
	ruleValue( field, value ) {
		const date = dateOf( field, value );
		return { values: [ date ? toIso( date ) : '' ], format: 'date' };
	},
};
