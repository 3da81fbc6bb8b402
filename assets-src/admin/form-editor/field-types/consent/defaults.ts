/**
 * A new consent: the usual agreement, required (a consent that may stay unchecked records nothing).
 */
import { __ } from '@wordpress/i18n';
import type { FieldDefinition } from '../../../../shared';

/** The keys a new consent field starts with. */
export const consentDefaults = (): Partial< FieldDefinition > => ( {
	checkboxLabel: __( 'I agree to the privacy policy.', 'kestrel-forms' ),
	isRequired: true,
} );
