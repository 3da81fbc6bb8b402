/**
 * Form's side of field units (units.ts): calls the hooks of every field whose type a unit
 * provides, waiting (bounded) for a unit whose script has not run yet.
 */
import { useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition, FormDefinition, FormValues } from '../../shared';
import type { Evaluation } from '../../forms-engine';
import type { SubmissionFailure } from '../submit/submit';
import {
	isUnitField,
	type FieldUnitRegistry,
	type UnitBinding,
	type UnitStep,
} from './units';

/** How long Next or submit waits for a unit's script before saying the field is unavailable. */
export const UNIT_SCRIPT_WAIT_MS = 10000;

/** A failed step: the message at its field. */
export type UnitFailure = { field: FieldDefinition; message: string };

type Step = [ FieldDefinition[], Evaluation | null, FormValues ];

/** The values the unit fields add to the submission, or the first failure. */
export type UnitsStep =
	| { ok: true; values: Record< string, unknown > }
	| ( { ok: false } & UnitFailure );

/**
 * The unit hooks of a form (inert for a form without unit fields).
 *
 * @param form     Form definition.
 * @param registry Where field scripts provide units (null: none on this page).
 * @param page     The page's data for this form.
 */
export function useFieldUnits(
	form: FormDefinition,
	registry: FieldUnitRegistry | null,
	page: Record< string, unknown >
) {
	const latest = useRef( form );
	latest.current = form;
	const bindings = useRef< Record< number, UnitBinding > >( {} ).current;
	const fields = form.fields.filter( isUnitField );

	const binding = ( field: FieldDefinition ) =>
		( bindings[ field.id ] ??= { registry, page, slot: {} } );
	const each = () => fields.map( ( f ) => binding( f ).hooks ?? {} );

	/**
	 * The field's hooks once its unit came (a fast visitor waits for it); none if it never did.
	 *
	 * @param field The unit field.
	 */
	const load = async ( field: FieldDefinition ) => {
		const b = binding( field );
		if ( ! b.hooks && registry ) {
			const unit = await Promise.race( [
				registry.ready( field.type ),
				new Promise< null >( ( resolve ) =>
					window.setTimeout( resolve, UNIT_SCRIPT_WAIT_MS, null )
				),
			] );
			if ( unit ) {
				b.hooks =
					unit.hooks?.( () => ( {
						form: latest.current,
						field,
						page,
						slot: b.slot,
					} ) ) ?? {};
			}
		}
		return b.hooks;
	};

	return {
		fields,
		binding,
		/**
		 * Runs one step hook of the unit fields among `of`, in order: the values they add, or
		 * the first failure.
		 *
		 * @param name The hook.
		 * @param of   The fields (a page's, or the form's).
		 * @param args The page's fields, the evaluation and the values.
		 */
		async step(
			name: 'leavePage' | 'beforeSubmit',
			of: FieldDefinition[],
			...args: Step
		): Promise< UnitsStep > {
			const values: Record< string, unknown > = {};
			for ( const field of of.filter( isUnitField ) ) {
				const hooks = await load( field );
				const step: UnitStep | undefined = hooks
					? await hooks[ name ]?.( ...args )
					: {
							ok: false,
							message: __(
								'This field is not available right now. Please reload the page.',
								'kestrel-forms'
							),
						};
				if ( step && ! step.ok ) {
					return { ok: false, field, message: step.message };
				}
				if ( step?.value ) {
					values[ field.id ] = step.value;
				}
			}
			return { ok: true, values };
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
