import type { FieldDefinition, FieldValue } from '../../shared';
import type { FieldTypeUnit } from './types';
import { inputDefault, inputIdsOf, partOf } from './parts';
import { tupleFromWire } from './from-wire';

/** Hours, Minutes, AM/PM (12-hour clocks only): Gravity Forms' input numbers. */
const SUFFIXES = [ 1, 2, 3 ] as const;

/** A time of day: hours 0-23 and minutes. */
export interface TimeOfDay {
	hours: number;
	minutes: number;
}

/**
 * Whether the field uses the 12-hour clock with AM/PM (the default).
 *
 * @param field Time field.
 */
export const isTwelveHour = ( field: FieldDefinition ) =>
	( field.timeFormat ?? '12' ) === '12';

/**
 * The time a value holds: null when blank, false when filled in but not a time of the field's
 * clock (or only partly), else the time of day.
 *
 * @param field Time field.
 * @param value The tuple [hours, minutes, ampm].
 */
export function timeOf(
	field: FieldDefinition,
	value: FieldValue | undefined
): TimeOfDay | null | false {
	if ( value !== undefined && ! Array.isArray( value ) ) {
		return false;
	}
	const hour = partOf( value, 0 );
	const minute = partOf( value, 1 );
	// The AM/PM drop-down always holds a choice: hours and minutes say whether a time is entered.
	if ( hour === '' && minute === '' ) {
		return null;
	}
	if ( ! /^\d{1,2}$/.test( hour ) || ! /^\d{1,2}$/.test( minute ) ) {
		return false;
	}
	const minutes = Number( minute );
	if ( minutes > 59 ) {
		return false;
	}
	const h = Number( hour );
	if ( ! isTwelveHour( field ) ) {
		return h <= 23 ? { hours: h, minutes } : false;
	}
	const ampm = partOf( value, 2 ).toLowerCase();
	if ( h < 1 || h > 12 || ( ampm !== 'am' && ampm !== 'pm' ) ) {
		return false;
	}
	return { hours: ( h % 12 ) + ( ampm === 'pm' ? 12 : 0 ), minutes };
}

const pad = ( n: number ) => String( n ).padStart( 2, '0' );

/**
 * A time as HH:mm on the 24-hour clock (what rules read).
 *
 * @param time Time of day.
 */
export function to24Hour( time: TimeOfDay ): string {
	return `${ pad( time.hours ) }:${ pad( time.minutes ) }`;
}

/**
 * The inputs of a time field: AM/PM only on the 12-hour clock.
 *
 * @param field Time field.
 */
const inputIds = ( field: FieldDefinition ) =>
	inputIdsOf( field, isTwelveHour( field ) ? SUFFIXES : [ 1, 2 ] );

/** Time fields: Hours, Minutes and (12-hour) AM/PM, N.1 to N.3. */
export const timeUnit: FieldTypeUnit = {
	inputIds,
	initialValue: ( field ) => {
		const [ hour, minute, ampm ] = inputIdsOf( field, SUFFIXES ).map(
			( id ) => inputDefault( field, id )
		);
		return [ hour, minute, isTwelveHour( field ) ? ampm || 'am' : '' ];
	},
	isEmpty: ( field, value ) => timeOf( field, value ) === null,
	validate( field, value ) {
		const time = timeOf( field, value );
		if ( time === null ) {
			return field.isRequired ? { code: 'required' } : null;
		}
		return time === false
			? { code: 'time', clock: isTwelveHour( field ) ? '12' : '24' }
			: null;
	},
	toSubmission( field, value ) {
		const ids = inputIds( field );
		return Object.fromEntries(
			ids.map( ( id, i ) => [ id, partOf( value, i ) ] )
		);
	},
	// [hours, minutes, ampm]: a 24-hour clock has no AM/PM input, its third part stays ''.
	fromSubmission( field, wire ) {
		const parts = tupleFromWire( inputIds( field ), wire );
		return Array.isArray( parts ) && parts.length < SUFFIXES.length
			? [ ...parts, '' ]
			: parts;
	},
	ruleValue( field, value ) {
		const time = timeOf( field, value );
		return { values: [ time ? to24Hour( time ) : '' ], format: 'time' };
	},
};
