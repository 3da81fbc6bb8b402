import type {
	FieldDefinition,
	FieldValue,
	SubmissionValues,
} from '../../shared';
import type { ValidationIssue } from '../validation/types';
import type { RuleReading } from './types';

/** The longest text one input of a name or address field takes (as Gravity Forms' columns). */
export const MAX_INPUT_LENGTH = 255;

/**
 * One part of a tuple value, trimmed ('' when absent or not text).
 *
 * @param value The field's value.
 * @param index Position in the tuple.
 */
export function partOf( value: FieldValue | undefined, index: number ): string {
	const part = Array.isArray( value ) ? value[ index ] : undefined;
	return typeof part === 'string' ? part.trim() : '';
}

/**
 * A one-value field's text, trimmed; null when the value is a list.
 *
 * @param value The field's value.
 */
export function textOf( value: FieldValue | undefined ): string | null {
	if ( Array.isArray( value ) ) {
		return null;
	}
	return ( value ?? '' ).trim();
}

/**
 * The input ids of a field's tuple: "{id}.{n}" for each suffix.
 *
 * @param field    Field.
 * @param suffixes Input numbers in tuple order.
 */
export function inputIdsOf(
	field: FieldDefinition,
	suffixes: readonly number[]
): string[] {
	return suffixes.map( ( n ) => `${ field.id }.${ n }` );
}

/**
 * Whether an input of a name or address field is shown: the definition's `inputs[].isHidden`
 * when it lists the input, else the type's default.
 *
 * @param field         Field.
 * @param inputId       Input id ("1.3").
 * @param hiddenDefault Whether the input is hidden when the definition does not say.
 */
export function isShown(
	field: FieldDefinition,
	inputId: string,
	hiddenDefault: boolean
): boolean {
	const input = ( field.inputs ?? [] ).find( ( i ) => i.id === inputId );
	return ! ( input ? ( input.isHidden ?? false ) : hiddenDefault );
}

/**
 * The `defaultValue` of one input of the definition ('' when none).
 *
 * @param field   Field.
 * @param inputId Input id.
 */
export function inputDefault(
	field: FieldDefinition,
	inputId: string
): string {
	return (
		( field.inputs ?? [] ).find( ( i ) => i.id === inputId )
			?.defaultValue ?? ''
	);
}

/**
 * The checks of the shown inputs of a name or address field: a list is expected; a `max_length`
 * issue names the inputs that are too long; a required field's `required` issue names the
 * needed inputs left empty. The twin of PHP `MultiInput::validate()`.
 *
 * @param field  Field.
 * @param value  Its tuple.
 * @param ids    Input ids in tuple order.
 * @param shown  Shown positions.
 * @param needed Positions a required field needs filled in.
 */
export function validateInputs(
	field: FieldDefinition,
	value: FieldValue | undefined,
	ids: string[],
	shown: number[],
	needed: number[]
): ValidationIssue | null {
	if ( value !== undefined && ! Array.isArray( value ) ) {
		return { code: 'invalid' };
	}
	const over = shown.filter(
		( i ) => [ ...partOf( value, i ) ].length > MAX_INPUT_LENGTH
	);
	if ( over.length ) {
		return {
			code: 'max_length',
			limit: MAX_INPUT_LENGTH,
			inputs: over.map( ( i ) => ids[ i ] ),
		};
	}
	const empty = field.isRequired
		? shown.filter(
				( i ) => needed.includes( i ) && partOf( value, i ) === ''
			)
		: [];
	return empty.length
		? { code: 'required', inputs: empty.map( ( i ) => ids[ i ] ) }
		: null;
}

/**
 * The wire values of a multi-input field: its shown inputs by id.
 *
 * @param ids   Input ids in tuple order.
 * @param shown Shown positions.
 * @param value The tuple.
 */
export function shownSubmission(
	ids: string[],
	shown: number[],
	value: FieldValue | undefined
): SubmissionValues {
	return Object.fromEntries(
		shown.map( ( i ) => [ ids[ i ], partOf( value, i ) ] )
	);
}

/**
 * What a rule reads of a multi-input field: the input it names, else the filled-in shown
 * inputs joined (by spaces for a name, commas for an address).
 *
 * @param ids       Input ids in tuple order.
 * @param shown     Shown positions.
 * @param inputId   The rule's reference ("1.3", or "1" for the whole field).
 * @param read      The text of a position.
 * @param separator Between the parts of the whole field.
 */
export function readInputs(
	ids: string[],
	shown: number[],
	inputId: string | undefined,
	read: ( position: number ) => string,
	separator: string
): RuleReading {
	const position = inputId ? ids.indexOf( inputId ) : -1;
	if ( position >= 0 ) {
		return { values: [ read( position ) ] };
	}
	return {
		values: [
			shown
				.map( read )
				.filter( ( p ) => p !== '' )
				.join( separator ),
		],
	};
}

/**
 * Whether a value is blank (nothing sent) or a list whose every item passes a test; anything else
 * is refused as `invalid` by lists of uploads and of cells.
 *
 * @param value The value as sent.
 * @param test  The test of one item.
 */
export function isBlankOrListOf(
	value: unknown,
	test: ( item: unknown ) => boolean
): boolean {
	return (
		value === undefined ||
		value === null ||
		value === '' ||
		( Array.isArray( value ) && value.every( test ) )
	);
}
