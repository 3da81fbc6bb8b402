/**
 * The editor's field types (docs/field-types.md, ARCHITECTURE §6): each type's unit, from its
 * folder `field-types/<type>/`, in the palette's order. A `Record` over `FieldType`, so a type
 * added to the schema without a unit here fails the type check.
 *
 * Two parts are also kept in pure maps of their own, read where React components may not be
 * imported: `defaults.ts` (the store's `newField`) and `logic.ts` (the logic builder, which the
 * settings panels import).
 */
import { __ } from '@wordpress/i18n';
import type { FieldType } from '../../../shared';
import { addressUnit } from './address';
import { captchaUnit } from './captcha';
import { checkboxUnit } from './checkbox';
import { consentUnit } from './consent';
import { creditcardUnit } from './creditcard';
import { dateUnit } from './date';
import { FIELD_DEFAULTS } from './defaults';
import { emailUnit } from './email';
import { fileuploadUnit } from './fileupload';
import { hiddenUnit } from './hidden';
import { htmlUnit } from './html';
import { listUnit } from './list';
import { FIELD_LOGIC } from './logic';
import { multiselectUnit } from './multiselect';
import { nameUnit } from './name';
import { numberUnit } from './number';
import { optionUnit } from './option';
import { pageUnit } from './page';
import { passwordUnit } from './password';
import { paymentUnit } from './payment';
import { phoneUnit } from './phone';
import { productUnit } from './product';
import { quantityUnit } from './quantity';
import { radioUnit } from './radio';
import { repeaterUnit } from './repeater';
import { sectionUnit } from './section';
import { selectUnit } from './select';
import { shippingUnit } from './shipping';
import { textUnit } from './text';
import { textareaUnit } from './textarea';
import { timeUnit } from './time';
import { totalUnit } from './total';
import type { CommonSettings, FieldTypeUnit, PaletteGroup } from './types';
import { websiteUnit } from './website';

export type {
	CommonSettings,
	FieldTypeUnit,
	LogicTarget,
	LogicValueOption,
	PaletteGroup,
	TypeLogic,
	TypeSettingsProps,
} from './types';
export { logicOperators, logicTargets, logicValues } from './logic';

/** Every type's unit, in the palette's order within each group. */
export const FIELD_TYPE_UNITS: Record< FieldType, FieldTypeUnit > = {
	text: textUnit,
	textarea: textareaUnit,
	email: emailUnit,
	number: numberUnit,
	select: selectUnit,
	radio: radioUnit,
	checkbox: checkboxUnit,
	hidden: hiddenUnit,
	section: sectionUnit,
	html: htmlUnit,
	page: pageUnit,
	name: nameUnit,
	address: addressUnit,
	phone: phoneUnit,
	date: dateUnit,
	time: timeUnit,
	website: websiteUnit,
	consent: consentUnit,
	multiselect: multiselectUnit,
	fileupload: fileuploadUnit,
	list: listUnit,
	repeater: repeaterUnit,
	password: passwordUnit,
	creditcard: creditcardUnit,
	captcha: captchaUnit,
	product: productUnit,
	option: optionUnit,
	quantity: quantityUnit,
	shipping: shippingUnit,
	total: totalUnit,
	payment: paymentUnit,
};

/**
 * A type's unit, with its defaults and logic from the pure maps.
 *
 * @param type Field type.
 */
export function fieldTypeUnit( type: FieldType ): FieldTypeUnit {
	const unit = FIELD_TYPE_UNITS[ type ];
	return {
		defaults: FIELD_DEFAULTS[ type ],
		logic: FIELD_LOGIC[ type ],
		...unit,
	};
}

/**
 * Whether one of the settings every field shares applies to a type.
 *
 * @param type    Field type.
 * @param setting The setting.
 */
export function hasCommonSetting(
	type: FieldType,
	setting: keyof CommonSettings
): boolean {
	// Every common setting but the placeholder applies unless the type says otherwise.
	return (
		FIELD_TYPE_UNITS[ type ].common?.[ setting ] ??
		setting !== 'placeholder'
	);
}

/**
 * The palette's groups with their headings and types, in order.
 */
export function paletteGroups(): { label: string; types: FieldType[] }[] {
	const labels: Record< PaletteGroup, string > = {
		standard: __( 'Standard fields', 'kestrel-forms' ),
		advanced: __( 'Advanced fields', 'kestrel-forms' ),
		pricing: __( 'Pricing fields', 'kestrel-forms' ),
	};
	const types = Object.keys( FIELD_TYPE_UNITS ) as FieldType[];
	return ( Object.keys( labels ) as PaletteGroup[] ).map( ( group ) => ( {
		label: labels[ group ],
		types: types.filter( ( t ) => FIELD_TYPE_UNITS[ t ].group === group ),
	} ) );
}
