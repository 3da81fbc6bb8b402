/**
 * Pure helpers of the session store: evaluating a change, resetting fields that became hidden,
 * the typing delays, the values a submission sends and values read back from the wire.
 */
import type {
	FieldDefinition,
	FieldValue,
	FormDefinition,
	FormValues,
} from '../../shared';
import {
	hasInput,
	hasOwnQuantity,
	isCalculated,
	isDisplayOnly,
	prepareForm,
	quantityKey,
	reevaluate,
	type Evaluation,
	type PreparedForm,
} from '../../forms-engine';
import { FORMULA_KEYUP_DELAY_MS, LOGIC_KEYUP_DELAY_MS } from '../constants';
import { isUnitField } from '../fields/units';
import type { FromSubmission, WireValues } from './types';

/** Entered values and their evaluation. */
export interface Evaluated {
	entered: FormValues;
	evaluation: Evaluation | null;
}

/**
 * Prepares the engine, or null for a form whose rules form a cycle.
 *
 * @param form Form definition.
 */
export function prepareOrNull( form: FormDefinition ): PreparedForm | null {
	try {
		return prepareForm( form );
	} catch {
		return null;
	}
}

/**
 * Re-evaluates the dependents of a changed field and puts fields that just became hidden back
 * to their defaults (spec §4), so they come back with them when shown again. Products and the
 * total are left for the pricing debounce.
 *
 * @param prepared Prepared form, or null.
 * @param current  Entered values and evaluation.
 * @param fieldId  Changed field.
 * @return The entered values and evaluation after the change (`next`), and the fields whose
 *         parts of them it can have changed (`fields`: the changed field and its dependents).
 */
export function evaluateChange(
	prepared: PreparedForm | null,
	current: Evaluated,
	fieldId: number
): { next: Evaluated; fields: number[] } {
	if ( ! prepared || ! current.evaluation ) {
		return { next: current, fields: [ fieldId ] };
	}
	const { evaluation, nodes } = reevaluate(
		prepared,
		current.entered,
		current.evaluation,
		fieldId,
		{ deferPricing: true }
	);
	return {
		next: {
			entered: resetNewlyHidden(
				prepared,
				current.entered,
				current.evaluation,
				evaluation,
				nodes
			),
			evaluation,
		},
		fields: [ fieldId, ...nodes ],
	};
}

/**
 * Puts fields that just became hidden back to their defaults (spec §4). Returns `entered`
 * itself when no field became hidden.
 *
 * @param prepared Prepared form.
 * @param entered  Entered values.
 * @param before   Evaluation before the change.
 * @param after    Evaluation after it.
 * @param among    The only fields whose visibility can have changed (the nodes a change
 *                 re-evaluated); every field when absent.
 */
export function resetNewlyHidden(
	prepared: PreparedForm,
	entered: FormValues,
	before: Evaluation | null,
	after: Evaluation,
	among?: Iterable< number | string >
): FormValues {
	let out = entered;
	if ( ! before ) {
		return out;
	}
	const reset = ( id: number | string ) => {
		if (
			! after.visible[ id as number ] &&
			before.visible[ id as number ] &&
			id in prepared.defaults &&
			entered[ id as number ] !== prepared.defaults[ id as number ]
		) {
			if ( out === entered ) {
				out = { ...entered };
			}
			out[ id as number ] = prepared.defaults[ id as number ];
		}
	};
	if ( among ) {
		for ( const id of among ) {
			reset( id );
		}
		return out;
	}
	// A plain loop over the keys: a whole evaluation can hide any field.
	for ( const id in after.visible ) {
		reset( id );
	}
	return out;
}

/**
 * How long typing in a field waits before its dependents update (spec §9).
 *
 * @param prepared Prepared form, or null.
 * @param fieldId  Field being typed in.
 */
export function typingDelay(
	prepared: PreparedForm | null,
	fieldId: number
): number {
	const readByFormula = (
		prepared?.graph.dependents.get( fieldId ) ?? []
	).some( ( id ) => {
		const dependent = prepared?.byId.get( id );
		return !! dependent && isCalculated( dependent );
	} );
	return readByFormula ? FORMULA_KEYUP_DELAY_MS : LOGIC_KEYUP_DELAY_MS;
}

/**
 * Whether a field's value is computed (formulas, calculated products, the total).
 *
 * @param field Field.
 */
export function isComputed( field: FieldDefinition ): boolean {
	return isCalculated( field ) || field.type === 'total';
}

/**
 * What a field's control shows: typed values at once, computed values (formulas, total) as
 * the engine last evaluated them.
 *
 * @param field   Field.
 * @param current Entered values and evaluation.
 */
export function shownValue(
	field: FieldDefinition,
	current: Evaluated
): FieldValue | undefined {
	if ( ! isComputed( field ) && field.id in current.entered ) {
		return current.entered[ field.id ];
	}
	return current.evaluation?.values[ field.id ];
}

/**
 * The quantity inputs of the visible products that have one, by input id ("5.3").
 *
 * @param form    Form definition.
 * @param active  Visible fields.
 * @param entered Entered values.
 */
export function ownQuantities(
	form: FormDefinition,
	active: FieldDefinition[],
	entered: FormValues
): Record< string, string > {
	const out: Record< string, string > = {};
	for ( const field of active ) {
		if ( hasOwnQuantity( form, field ) ) {
			out[ quantityKey( field.id ) ] = String(
				entered[ quantityKey( field.id ) ] ?? '1'
			);
		}
	}
	return out;
}

/** Types whose values are never put back (never saved, or the browser cannot set them). */
const NOT_RESTORED = [ 'password', 'creditcard', 'captcha', 'fileupload' ];

/**
 * The entered values with wire values put back: the fields with inputs a visitor types, and
 * products' own quantities; never passwords, cards, captchas, uploads or unit fields.
 *
 * @param form           Form definition.
 * @param entered        The values entered now.
 * @param wire           Wire values, keyed as a submission sends them.
 * @param fromSubmission Wire → browser value.
 */
export function withWireValues(
	form: FormDefinition,
	entered: FormValues,
	wire: WireValues,
	fromSubmission: FromSubmission
): FormValues {
	const next: FormValues = { ...entered };
	for ( const field of form.fields ) {
		const quantity = wire[ quantityKey( field.id ) ];
		if ( typeof quantity === 'string' && hasOwnQuantity( form, field ) ) {
			next[ quantityKey( field.id ) ] = quantity;
		}
		if (
			isDisplayOnly( field ) ||
			! hasInput( field ) ||
			isUnitField( field ) ||
			NOT_RESTORED.includes( field.type )
		) {
			continue;
		}
		const value = fromSubmission( field, wire );
		if ( value !== undefined ) {
			next[ field.id ] = value;
		}
	}
	return next;
}
