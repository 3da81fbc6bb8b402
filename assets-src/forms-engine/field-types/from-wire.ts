/**
 * Reading a field's value back from a submission's values (docs/server-rendering.md §1 `state`):
 * the pieces the units' `fromSubmission` share, each the inverse of a `toSubmission`.
 */
import type {
	FieldDefinition,
	FieldValue,
	SubmissionValues,
} from '../../shared';

/**
 * A one-text field's value: the text under the field id; undefined when the wire has none (or
 * something that is not a text).
 *
 * @param field The field.
 * @param wire  The submission's values.
 */
export function textFromWire(
	field: FieldDefinition,
	wire: SubmissionValues
): FieldValue | undefined {
	const raw = wire[ String( field.id ) ];
	return typeof raw === 'string' ? raw : undefined;
}

/**
 * A field of chosen values (checkboxes, multi-select): the list of texts under the field id;
 * undefined when the wire has none (or something else).
 *
 * @param field The field.
 * @param wire  The submission's values.
 */
export function listFromWire(
	field: FieldDefinition,
	wire: SubmissionValues
): FieldValue | undefined {
	const raw = wire[ String( field.id ) ];
	return Array.isArray( raw ) &&
		raw.every( ( item ) => typeof item === 'string' )
		? [ ...raw ]
		: undefined;
}

/**
 * A multi-input field's tuple: the text of each input id, in tuple order ('' for an input the
 * wire does not have: a hidden one); undefined when the wire has none of them.
 *
 * @param ids  Input ids in tuple order.
 * @param wire The submission's values.
 */
export function tupleFromWire(
	ids: string[],
	wire: SubmissionValues
): FieldValue | undefined {
	if ( ! ids.some( ( id ) => typeof wire[ id ] === 'string' ) ) {
		return undefined;
	}
	return ids.map( ( id ) => {
		const raw = wire[ id ];
		return typeof raw === 'string' ? raw : '';
	} );
}
