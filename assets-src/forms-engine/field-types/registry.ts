import type { FieldDefinition, FieldType } from '../../shared';
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

/**
 * The engine's field types: type → unit (docs/field-types.md). The twin of PHP
 * `Domain\FieldTypes\FieldTypes`. Types without a unit yet are handled by the engine's older
 * code paths (validate.ts, initial-values.ts, evaluate.ts).
 */
const UNITS: Partial< Record< FieldType, FieldTypeUnit > > = {
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
 * The unit of a field type, or undefined when the type has none.
 *
 * @param type Field type.
 */
export function fieldTypeUnit( type: FieldType ): FieldTypeUnit | undefined {
	return UNITS[ type ];
}
