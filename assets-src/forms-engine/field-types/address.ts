import type { FieldDefinition, FieldValue } from '../../shared';
import {
	CANADA_COUNTRY,
	CANADIAN_PROVINCES,
	US_COUNTRY,
	US_STATES,
	isCountry,
} from '../../shared/address';
import type { ValidationIssue } from '../validation/types';
import type { FieldTypeUnit } from './types';
import { tupleFromWire } from './from-wire';
import {
	inputDefault,
	inputIdsOf,
	isShown,
	partOf,
	readInputs,
	shownSubmission,
	validateInputs,
} from './parts';

/** Street, Line 2, City, State, ZIP, Country: Gravity Forms' input numbers, in tuple order. */
const SUFFIXES = [ 1, 2, 3, 4, 5, 6 ] as const;

const LINE_2 = 1;
const STATE = 3;
const POSTAL = 4;
const COUNTRY = 5;

/** A US ZIP code: 5 digits, or ZIP+4. */
const US_ZIP = /^\d{5}(?:-\d{4})?$/;

/** A Canadian postal code: A1A 1A1 (the space optional, either case). */
const CANADIAN_POSTAL = /^[a-z]\d[a-z] ?\d[a-z]\d$/i;

/**
 * The country a US or Canadian address stores whatever is sent ('' for international).
 *
 * @param field Address field.
 */
export function fixedCountry( field: FieldDefinition ): string {
	if ( field.addressType === 'us' ) {
		return US_COUNTRY;
	}
	return field.addressType === 'canadian' ? CANADA_COUNTRY : '';
}

/**
 * The shown inputs of an address field, as positions in the tuple (a US or Canadian country is
 * fixed and never shown).
 *
 * @param field Address field.
 */
function shownPositions( field: FieldDefinition ): number[] {
	const ids = inputIdsOf( field, SUFFIXES );
	return ids
		.map( ( id, i ) =>
			isShown( field, id, false ) &&
			! ( i === COUNTRY && fixedCountry( field ) !== '' )
				? i
				: -1
		)
		.filter( ( i ) => i >= 0 );
}

/**
 * The issue of a filled-in state, postal code or country not allowed by the address type.
 *
 * @param field Address field.
 * @param value Its tuple.
 * @param shown Shown positions.
 */
function listIssue(
	field: FieldDefinition,
	value: FieldValue | undefined,
	shown: number[]
): ValidationIssue | null {
	const ids = inputIdsOf( field, SUFFIXES );
	const filled = ( i: number ) =>
		shown.includes( i ) && partOf( value, i ) !== '';
	const type = field.addressType ?? 'international';
	if ( type === 'international' ) {
		return filled( COUNTRY ) && ! isCountry( partOf( value, COUNTRY ) )
			? { code: 'choice', inputs: [ ids[ COUNTRY ] ] }
			: null;
	}
	const states = type === 'us' ? US_STATES : CANADIAN_PROVINCES;
	if ( filled( STATE ) && ! states.includes( partOf( value, STATE ) ) ) {
		return { code: 'choice', inputs: [ ids[ STATE ] ] };
	}
	const postal = type === 'us' ? US_ZIP : CANADIAN_POSTAL;
	if ( filled( POSTAL ) && ! postal.test( partOf( value, POSTAL ) ) ) {
		return {
			code: 'postal_code',
			country: type,
			inputs: [ ids[ POSTAL ] ],
		};
	}
	return null;
}

/** Address fields: six inputs N.1…N.6, US, Canadian or international. */
export const addressUnit: FieldTypeUnit = {
	inputIds: ( field ) => inputIdsOf( field, SUFFIXES ),
	initialValue( field ) {
		const value = inputIdsOf( field, SUFFIXES ).map( ( id ) =>
			inputDefault( field, id )
		);
		const type = field.addressType ?? 'international';
		if ( type === 'us' && field.defaultState ) {
			value[ STATE ] = field.defaultState;
		}
		if ( type === 'canadian' && field.defaultProvince ) {
			value[ STATE ] = field.defaultProvince;
		}
		if ( type === 'international' && field.defaultCountry ) {
			value[ COUNTRY ] = field.defaultCountry;
		}
		value[ COUNTRY ] = fixedCountry( field ) || value[ COUNTRY ];
		return value;
	},
	isEmpty: ( field, value ) =>
		shownPositions( field ).every( ( i ) => partOf( value, i ) === '' ),
	validate( field, value ) {
		const shown = shownPositions( field );
		return (
			validateInputs(
				field,
				value,
				inputIdsOf( field, SUFFIXES ),
				shown,
				shown.filter( ( i ) => i !== LINE_2 )
			) ?? listIssue( field, value, shown )
		);
	},
	fromSubmission( field, wire ) {
		const value = tupleFromWire( inputIdsOf( field, SUFFIXES ), wire );
		if ( Array.isArray( value ) && fixedCountry( field ) !== '' ) {
			// Never sent for a US or Canadian address: the country it always holds.
			value[ COUNTRY ] = fixedCountry( field );
		}
		return value;
	},
	toSubmission: ( field, value ) =>
		shownSubmission(
			inputIdsOf( field, SUFFIXES ),
			shownPositions( field ),
			value
		),
	ruleValue: ( field, value, inputId ) =>
		readInputs(
			inputIdsOf( field, SUFFIXES ),
			shownPositions( field ),
			inputId,
			( i ) =>
				i === COUNTRY && fixedCountry( field ) !== ''
					? fixedCountry( field )
					: partOf( value, i ),
			', '
		),
};
