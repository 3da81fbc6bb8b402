/**
 * What conditional logic reads from each type, where it differs from "the whole field, every
 * operator" (docs/field-types.md, "Rules, merge tags, entries"). Pure (no React), so the logic
 * builder reads it without importing the types' settings panels (which import the builder).
 */
import { OPERATORS, type Operator } from '../../../forms-engine';
import type { FieldDefinition, FieldType } from '../../../shared';
import { fieldOptionLabel } from '../../store/forms/definition';
import { addressLogic } from './address/logic';
import { consentLogic } from './consent/logic';
import { dateLogic } from './date/logic';
import { multiselectLogic } from './multiselect/logic';
import { nameLogic } from './name/logic';
import { phoneLogic } from './phone/logic';
import { timeLogic } from './time/logic';
import type { LogicTarget, LogicValueOption, TypeLogic } from './types';
import { websiteLogic } from './website/logic';

/** Each type's logic (from its folder); a type not listed offers the whole field and every operator. */
export const FIELD_LOGIC: Partial< Record< FieldType, TypeLogic > > = {
	name: nameLogic,
	address: addressLogic,
	phone: phoneLogic,
	website: websiteLogic,
	date: dateLogic,
	time: timeLogic,
	consent: consentLogic,
	multiselect: multiselectLogic,
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
