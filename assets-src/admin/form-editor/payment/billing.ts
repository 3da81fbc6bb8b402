/**
 * The billing mapping's choices: which of the form's fields (or sub-inputs, "4.3") may fill a
 * billing contact key, and the label of each key.
 */
import { __ } from '@wordpress/i18n';
import type { BillingKey, FormDefinition } from '../../../shared';
import { fieldOptionLabel } from '../../store/forms/definition';

/** Field types whose value is text a billing contact can take. */
const SOURCE_TYPES = [
	'text',
	'textarea',
	'email',
	'number',
	'select',
	'radio',
	'hidden',
];

/**
 * The label of a billing key in the panel.
 *
 * @param key Billing key.
 */
export function billingLabel( key: BillingKey ): string {
	const labels: Record< BillingKey, string > = {
		email: __( 'Email', 'kestrel-forms' ),
		givenName: __( 'First name', 'kestrel-forms' ),
		familyName: __( 'Last name', 'kestrel-forms' ),
		addressLine1: __( 'Address line 1', 'kestrel-forms' ),
		addressLine2: __( 'Address line 2', 'kestrel-forms' ),
		city: __( 'City', 'kestrel-forms' ),
		state: __( 'State / region', 'kestrel-forms' ),
		postalCode: __( 'Postal code', 'kestrel-forms' ),
		countryCode: __( 'Country', 'kestrel-forms' ),
		phone: __( 'Phone', 'kestrel-forms' ),
	};
	return labels[ key ];
}

/**
 * Fields and sub-inputs a billing key may read, as select options ("Email (3)", "Address:
 * City (4.3)"). A field with inputs offers each input; others offer themselves.
 *
 * @param form The edited definition.
 */
export function billingSources(
	form: FormDefinition
): { value: string; label: string }[] {
	const options: { value: string; label: string }[] = [];
	for ( const field of form.fields ) {
		if ( Array.isArray( field.inputs ) && field.inputs.length > 0 ) {
			if ( [ 'product', 'option', 'shipping' ].includes( field.type ) ) {
				continue;
			}
			for ( const input of field.inputs ) {
				options.push( {
					value: input.id,
					label: input.label
						? `${ fieldOptionLabel( field, input.id ) } — ${
								input.label
							}`
						: fieldOptionLabel( field, input.id ),
				} );
			}
		} else if ( SOURCE_TYPES.includes( field.type ) ) {
			options.push( {
				value: String( field.id ),
				label: fieldOptionLabel( field ),
			} );
		}
	}
	return options;
}
