import type {
	FieldDefinition,
	FieldType,
	FieldValue,
	SubmissionValues,
} from '../../shared';
import type { FieldTypeUnit } from './types';
import { addressUnit } from './address';
import { checkboxUnit } from './checkbox';
import { choiceUnit } from './choice';
import { emailUnit } from './email';
import { fileUploadUnit } from './fileupload';
import { numberUnit } from './number';
import { quantityUnit } from './quantity';
import { rowsUnit } from './rows';
import { creditCardUnit, passwordUnit } from './secret';
import { consentUnit } from './consent';
import { dateUnit } from './date';
import { multiselectUnit } from './multiselect';
import { nameUnit } from './name';
import { phoneUnit } from './phone';
import { textUnit } from './text';
import { timeUnit } from './time';
import { websiteUnit } from './website';
import { captchaUnit } from './captcha';
import { displayUnit, pageUnit } from './display';
import { optionUnit } from './option';
import { paymentUnit } from './payment';
import { productUnit } from './product';
import { shippingUnit } from './shipping';
import { totalUnit } from './total';

/**
 * The engine's field types: type → unit (docs/field-types.md). The twin of PHP
 * `Domain\FieldTypes\FieldTypes`. Every type has one: validate.ts, initial-values.ts and the
 * evaluator's rules and merge tags ask it and nothing else.
 */
const UNITS: Record< FieldType, FieldTypeUnit > = {
	text: textUnit,
	textarea: textUnit,
	hidden: textUnit,
	email: emailUnit,
	number: numberUnit,
	select: choiceUnit,
	radio: choiceUnit,
	checkbox: checkboxUnit,
	quantity: quantityUnit,
	password: passwordUnit,
	creditcard: creditCardUnit,
	fileupload: fileUploadUnit,
	list: rowsUnit( validateCell ),
	repeater: rowsUnit( validateCell ),
	name: nameUnit,
	address: addressUnit,
	phone: phoneUnit,
	date: dateUnit,
	time: timeUnit,
	website: websiteUnit,
	consent: consentUnit,
	multiselect: multiselectUnit,
	product: productUnit,
	option: optionUnit,
	shipping: shippingUnit,
	total: totalUnit,
	payment: paymentUnit,
	captcha: captchaUnit,
	section: displayUnit,
	html: displayUnit,
	page: pageUnit,
};

/**
 * The issue of one cell of a repeater, checked by its field's unit (repeated fields are plain
 * inputs: text, paragraph, email, number, drop-down).
 *
 * @param cellField The repeated field.
 * @param cell      The cell's text.
 */
function validateCell( cellField: FieldDefinition, cell: string ) {
	return (
		fieldTypeUnit( cellField.type )?.validate( cellField, cell, {} ) ?? null
	);
}

/**
 * The unit of a field type, or undefined for a type the engine does not know (a definition
 * from elsewhere).
 *
 * @param type Field type.
 */
export function fieldTypeUnit( type: FieldType ): FieldTypeUnit | undefined {
	return UNITS[ type ];
}

/**
 * A field's value from a submission's values (docs/server-rendering.md §1): its unit's
 * `fromSubmission`, else the field id's text or list of texts. Undefined when the wire has
 * nothing usable for the field (the field keeps its initial value).
 *
 * @param field The field.
 * @param wire  The submission's values (WireValues).
 */
export function fromSubmission(
	field: FieldDefinition,
	wire: SubmissionValues
): FieldValue | undefined {
	const unit = fieldTypeUnit( field.type );
	if ( unit?.fromSubmission ) {
		return unit.fromSubmission( field, wire );
	}
	return wireValue( wire[ String( field.id ) ] );
}

/**
 * A wire value as a field value: a text, or a list of texts; undefined for anything else
 * (absent, a payment's object, a list with a non-text).
 *
 * @param raw The wire value.
 */
export function wireValue(
	raw: SubmissionValues[ string ] | undefined
): FieldValue | undefined {
	if ( typeof raw === 'string' ) {
		return raw;
	}
	if (
		Array.isArray( raw ) &&
		raw.every( ( item ) => typeof item === 'string' )
	) {
		return [ ...raw ];
	}
	return undefined;
}
