/**
 * What a new field of each type starts with besides its id, type and label: the keys the
 * schema's rules require for the type and the type's own defaults. Pure (no React), so that the
 * store's `newField` reads it without importing the editor's components; each type's unit in
 * `registry.ts` points at the same function.
 */
import { __ } from '@wordpress/i18n';
import type {
	FieldDefinition,
	FieldType,
	FormDefinition,
} from '../../../shared';
import { addressDefaults } from './address/defaults';
import { consentDefaults } from './consent/defaults';
import { dateDefaults } from './date/defaults';
import { nameDefaults } from './name/defaults';
import { phoneDefaults } from './phone/defaults';
import { starterChoices } from './starter-choices';
import { timeDefaults } from './time/defaults';

/** The keys a new field of a type starts with, given its id and the form it joins. */
export type FieldDefaults = (
	id: number,
	form: FormDefinition
) => Partial< FieldDefinition >;

/**
 * Options and quantities attach to the form's first product.
 *
 * @param form The form the field joins.
 */
function firstProduct( form: FormDefinition ): Partial< FieldDefinition > {
	const product = form.fields.find( ( f ) => f.type === 'product' );
	return product ? { productField: product.id } : {};
}

const choices: FieldDefaults = () => ( { choices: starterChoices( false ) } );

/** Each type's defaults; a type not listed starts with its id, type and label only. */
export const FIELD_DEFAULTS: Partial< Record< FieldType, FieldDefaults > > = {
	select: choices,
	radio: choices,
	checkbox: choices,
	multiselect: choices,
	html: () => ( { content: '' } ),
	page: () => ( {
		nextButton: { type: 'text', text: __( 'Next', 'kestrel-forms' ) },
		previousButton: {
			type: 'text',
			text: __( 'Previous', 'kestrel-forms' ),
		},
	} ),
	product: () => ( { inputType: 'singleproduct', basePrice: '0.00' } ),
	option: ( _id, form ) => ( {
		inputType: 'select',
		choices: starterChoices( true ),
		...firstProduct( form ),
	} ),
	quantity: ( _id, form ) => ( {
		inputType: 'number',
		...firstProduct( form ),
	} ),
	shipping: () => ( { inputType: 'singleshipping', basePrice: '0.00' } ),
	repeater: () => ( {
		fields: [
			{ id: 1, type: 'text', label: __( 'Item', 'kestrel-forms' ) },
		],
	} ),
	// Cards, the form total, charged at once, buyer verified (P1-CONTRACTS).
	payment: () => ( {
		methods: [ 'card' ],
		amountSource: 'total',
		captureMode: 'charge',
		verifyBuyer: true,
	} ),
	name: nameDefaults,
	address: addressDefaults,
	phone: phoneDefaults,
	date: dateDefaults,
	time: timeDefaults,
	consent: consentDefaults,
};
