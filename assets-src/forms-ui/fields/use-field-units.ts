/**
 * Form's side of field units (units.ts): binds each unit field to its unit and calls the hooks
 * of the unit fields on Next and submit. Units are there before the form renders (their scripts
 * run first), so nothing waits for them.
 */
import { useRef } from '@wordpress/element';
import type { FieldDefinition, FormDefinition, FormValues } from '../../shared';
import type { Evaluation } from '../../forms-engine';
import type { SubmissionFailure } from '../submit/submit';
import { unitUnavailable } from './UnitSlot';
import {
	isUnitField,
	type FieldUnits,
	type UnitBinding,
	type UnitFormPort,
} from './units';

/** A failed step: the message at its field. */
export type UnitFailure = { field: FieldDefinition; message: string };

/** The values the unit fields add to the submission, or the first failure. */
export type UnitsStep =
	| { ok: true; values: Record< string, unknown > }
	| ( { ok: false } & UnitFailure );

/**
 * The unit hooks of a form (inert for a form without unit fields).
 *
 * @param form  Form definition.
 * @param units Units by type (window.kestrelForms.fields).
 * @param page  The page's data for this form.
 * @param port  The form's port for unit components (read through a ref: the same object always).
 */
export function useFieldUnits(
	form: FormDefinition,
	units: FieldUnits,
	page: Record< string, unknown >,
	port?: UnitFormPort
) {
	const latest = useRef( form );
	latest.current = form;
	const bindings = useRef< Record< number, UnitBinding > >( {} ).current;
	const fields = form.fields.filter( isUnitField );

	const binding = ( field: FieldDefinition ) => {
		let b = bindings[ field.id ];
		if ( ! b ) {
			const unit = units[ field.type ];
			const slot = {};
			b = bindings[ field.id ] = { unit, page, slot, form: port };
			b.hooks = unit?.hooks?.( () => ( {
				form: latest.current,
				field,
				page,
				slot,
			} ) );
		}
		return b;
	};
	const each = () => fields.map( ( f ) => binding( f ).hooks ?? {} );

	return {
		fields,
		binding,
		/**
		 * Runs one step hook of the unit fields among `of`, in order: the values they add, or
		 * the first failure (a field whose unit never came fails).
		 *
		 * @param name       The hook.
		 * @param of         The fields (a page's, or the form's).
		 * @param pageFields The current page's fields.
		 * @param evaluation The evaluation.
		 * @param values     The values.
		 */
		async step(
			name: 'leavePage' | 'beforeSubmit',
			of: FieldDefinition[],
			pageFields: FieldDefinition[],
			evaluation: Evaluation | null,
			values: FormValues
		): Promise< UnitsStep > {
			const added: Record< string, unknown > = {};
			for ( const field of of.filter( isUnitField ) ) {
				const { unit, hooks } = binding( field );
				const step = unit
					? await hooks?.[ name ]?.( pageFields, evaluation, values )
					: { ok: false as const, message: unitUnavailable() };
				if ( step && ! step.ok ) {
					return { ok: false, field, message: step.message };
				}
				if ( step?.value ) {
					added[ field.id ] = step.value;
				}
			}
			return { ok: true, values: added };
		},
		keepSubmissionKey: () => each().some( ( h ) => h.keepSubmissionKey ),
		send: < T >( send: () => Promise< T > ) =>
			each().reduce(
				( next, { send: wrap } ) =>
					wrap ? () => wrap( next ) : next,
				send
			)(),
		failure: ( failure: SubmissionFailure ): UnitFailure | undefined =>
			fields
				.map( ( field ) => ( {
					field,
					message:
						binding( field ).hooks?.failureMessage?.( failure ),
				} ) )
				.find(
					( f ): f is UnitFailure => typeof f.message === 'string'
				),
	};
}
