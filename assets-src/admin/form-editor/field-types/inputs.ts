/**
 * The inputs of multi-input fields (name, address) as the editor offers them to rules and merge
 * tags: only the shown ones, under the label the visitor sees. Pure, so that the merge-tag
 * picker and the logic builder read the same list (docs/field-types.md, "Rules, merge tags").
 */
import { __ } from '@wordpress/i18n';
import type { FieldDefinition, FieldInput } from '../../../shared';

/** One shown input: its GF id ("3.3") and the label the visitor sees. */
export interface ShownInput {
	id: string;
	label: string;
}

/**
 * The default label of an address input under an address type: US and Canadian addresses name
 * their state and postal code inputs after the country (docs/field-types.md).
 *
 * @param field The address field.
 * @param n     The input's number (1–6).
 */
export function addressInputLabel( field: FieldDefinition, n: number ): string {
	const us = field.addressType === 'us';
	const ca = field.addressType === 'canadian';
	switch ( n ) {
		case 1:
			return __( 'Street Address', 'kestrel-forms' );
		case 2:
			return __( 'Address Line 2', 'kestrel-forms' );
		case 3:
			return __( 'City', 'kestrel-forms' );
		case 4:
			if ( us ) {
				return __( 'State', 'kestrel-forms' );
			}
			return ca
				? __( 'Province', 'kestrel-forms' )
				: __( 'State / Province / Region', 'kestrel-forms' );
		case 5:
			if ( us ) {
				return __( 'ZIP Code', 'kestrel-forms' );
			}
			return ca
				? __( 'Postal Code', 'kestrel-forms' )
				: __( 'ZIP / Postal Code', 'kestrel-forms' );
		default:
			return __( 'Country', 'kestrel-forms' );
	}
}

/**
 * The number of an input id: 3 for "7.3".
 *
 * @param input The input.
 */
export function inputNumber( input: Pick< FieldInput, 'id' > ): number {
	return Number( input.id.split( '.' )[ 1 ] );
}

/**
 * The label an input shows: its custom label, else (address) the label of the address type,
 * else its own label.
 *
 * @param field The field.
 * @param input One of its inputs.
 */
export function inputLabel(
	field: FieldDefinition,
	input: FieldInput
): string {
	if ( input.customLabel ) {
		return input.customLabel;
	}
	if ( field.type === 'address' ) {
		return addressInputLabel( field, inputNumber( input ) );
	}
	return input.label ?? input.id;
}

/**
 * Whether an input is shown: not hidden, and not the country of a US or Canadian address
 * (fixed there, docs/field-types.md).
 *
 * @param field The field.
 * @param input One of its inputs.
 */
export function isInputShown(
	field: FieldDefinition,
	input: FieldInput
): boolean {
	if ( input.isHidden ) {
		return false;
	}
	return ! (
		field.type === 'address' &&
		inputNumber( input ) === 6 &&
		( field.addressType === 'us' || field.addressType === 'canadian' )
	);
}

/**
 * The shown inputs of a name (advanced format) or address field; none for other fields and
 * for a simple name (one input, the field itself).
 *
 * @param field The field.
 */
export function shownInputs( field: FieldDefinition ): ShownInput[] {
	const split =
		field.type === 'address' ||
		( field.type === 'name' && field.nameFormat !== 'simple' );
	if ( ! split ) {
		return [];
	}
	return ( field.inputs ?? [] )
		.filter( ( input ) => isInputShown( field, input ) )
		.map( ( input ) => ( {
			id: input.id,
			label: inputLabel( field, input ),
		} ) );
}
