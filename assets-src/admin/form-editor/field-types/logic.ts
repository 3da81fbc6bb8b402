/**
 * What conditional logic reads from each type, where it differs from "the whole field, every
 * operator" (docs/field-types.md, "Rules, merge tags, entries"). Pure (no React), so the logic
 * builder reads it without importing the types' settings panels (which import the builder).
 */
import { __ } from '@wordpress/i18n';
import { OPERATORS, type Operator } from '../../../forms-engine';
import type { FieldDefinition, FieldType } from '../../../shared';
import { fieldOptionLabel } from '../../store/forms/definition';
import { inputTargets } from './common/input-targets';
import { ORDER_OPERATORS, TEXT_OPERATORS } from './common/text-logic';
import type { LogicTarget, LogicValueOption, TypeLogic } from './types';

const TEXT: TypeLogic = { operators: TEXT_OPERATORS };

/** Each type's logic; a type not listed offers the whole field and every operator. */
export const FIELD_LOGIC: Partial< Record< FieldType, TypeLogic > > = {
	name: { targets: inputTargets, operators: TEXT_OPERATORS },
	address: { targets: inputTargets, operators: TEXT_OPERATORS },
	phone: TEXT,
	website: TEXT,
	date: {
		operators: ORDER_OPERATORS,
		valueHelp: () =>
			__( 'A date as YYYY-MM-DD (year, month, day).', 'kestrel-forms' ),
	},
	time: {
		operators: ORDER_OPERATORS,
		valueHelp: () =>
			__(
				'A time on the 24-hour clock as HH:MM, e.g. 14:30.',
				'kestrel-forms'
			),
	},
	consent: {
		operators: [ 'is', 'isnot' ],
		values: () => [
			{ value: '1', label: __( 'checked', 'kestrel-forms' ) },
		],
	},
	multiselect: { operators: [ 'is', 'isnot', 'contains' ] },
};

/**
 * What rules may read from a field: its inputs for a name or an address ("Name (First)" for
 * "3.3"), else the whole field ("Email (3)").
 *
 * @param field The field.
 */
export function logicTargets( field: FieldDefinition ): LogicTarget[] {
	return (
		FIELD_LOGIC[ field.type ]?.targets?.( field ) ?? [
			{ id: String( field.id ), label: fieldOptionLabel( field ) },
		]
	);
}

/**
 * The operators rules offer on a field (every operator for the types that do not narrow them).
 *
 * @param field The field (undefined: a field the form no longer has).
 */
export function logicOperators(
	field: FieldDefinition | undefined
): readonly Operator[] {
	return ( field && FIELD_LOGIC[ field.type ]?.operators ) || OPERATORS;
}

/**
 * The values a rule on a field picks from: the type's own (consent's "checked"), else the
 * field's choices; none (a text box) for the rest.
 *
 * @param field The field.
 */
export function logicValues(
	field: FieldDefinition | undefined
): LogicValueOption[] {
	if ( ! field ) {
		return [];
	}
	const own = FIELD_LOGIC[ field.type ]?.values;
	if ( own ) {
		return own( field );
	}
	return ( field.choices ?? [] ).map( ( c ) => ( {
		value: c.value,
		label: c.text,
	} ) );
}
