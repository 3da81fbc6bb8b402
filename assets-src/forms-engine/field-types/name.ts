import type { FieldDefinition } from '../../shared';
import type { FieldTypeUnit } from './types';
import { textUnit } from './text';
import { textFromWire, tupleFromWire } from './from-wire';
import {
	inputDefault,
	inputIdsOf,
	isShown,
	partOf,
	readInputs,
	shownSubmission,
	validateInputs,
} from './parts';

/** Prefix, First, Middle, Last, Suffix: Gravity Forms' input numbers, in tuple order. */
const SUFFIXES = [ 2, 3, 4, 6, 8 ] as const;

/** Prefix, Middle and Suffix are hidden unless the definition shows them. */
const HIDDEN_BY_DEFAULT = [ true, false, true, false, true ];

/** First and Last: the inputs a required name needs. */
const NEEDED = [ 1, 3 ];

/**
 * Whether the field is one text input (nameFormat simple).
 *
 * @param field Name field.
 */
const isSimple = ( field: FieldDefinition ) => field.nameFormat === 'simple';

/**
 * The shown inputs of an advanced name field, as positions in the tuple.
 *
 * @param field Name field.
 */
function shownPositions( field: FieldDefinition ): number[] {
	const ids = inputIdsOf( field, SUFFIXES );
	return ids
		.map( ( id, i ) =>
			isShown( field, id, HIDDEN_BY_DEFAULT[ i ] ) ? i : -1
		)
		.filter( ( i ) => i >= 0 );
}

/** Name fields: five inputs N.2…N.8 (or one text input with nameFormat simple). */
export const nameUnit: FieldTypeUnit = {
	inputIds: ( field ) =>
		isSimple( field ) ? [] : inputIdsOf( field, SUFFIXES ),
	initialValue( field ) {
		if ( isSimple( field ) ) {
			return textUnit.initialValue( field );
		}
		const prefixes = ( field.inputs ?? [] ).find(
			( i ) => i.id === `${ field.id }.2`
		)?.choices;
		const selected = prefixes?.find( ( c ) => c.isSelected )?.value;
		return inputIdsOf( field, SUFFIXES ).map( ( id, i ) =>
			i === 0 && selected !== undefined
				? selected
				: inputDefault( field, id )
		);
	},
	isEmpty( field, value ) {
		if ( isSimple( field ) ) {
			return textUnit.isEmpty( field, value );
		}
		return shownPositions( field ).every(
			( i ) => partOf( value, i ) === ''
		);
	},
	validate( field, value, context ) {
		if ( isSimple( field ) ) {
			return textUnit.validate( field, value, context );
		}
		return validateInputs(
			field,
			value,
			inputIdsOf( field, SUFFIXES ),
			shownPositions( field ),
			NEEDED
		);
	},
	toSubmission( field, value ) {
		if ( isSimple( field ) ) {
			return textUnit.toSubmission( field, value );
		}
		return shownSubmission(
			inputIdsOf( field, SUFFIXES ),
			shownPositions( field ),
			value
		);
	},
	// The simple format's text, else the tuple of the inputs the wire has ('' for the others).
	fromSubmission( field, wire ) {
		if ( isSimple( field ) ) {
			return textFromWire( field, wire );
		}
		return tupleFromWire( inputIdsOf( field, SUFFIXES ), wire );
	},
	// One input by its id, or the shown parts joined by spaces (as `{Name:1}` reads it).
	ruleValue( field, value, inputId ) {
		if ( isSimple( field ) ) {
			return textUnit.ruleValue( field, value );
		}
		return readInputs(
			inputIdsOf( field, SUFFIXES ),
			shownPositions( field ),
			inputId,
			( i ) => partOf( value, i ),
			' '
		);
	},
};
