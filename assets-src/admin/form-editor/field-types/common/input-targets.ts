/**
 * Rule targets of a field with several inputs (name, address): each shown input by its id,
 * "Name (First)" for "3.3"; a simple name is one target, the field.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { FieldDefinition } from '../../../../shared';
import {
	fieldOptionLabel,
	fieldTypeLabel,
} from '../../../store/forms/definition';
import { shownInputs } from '../inputs';
import type { LogicTarget } from '../types';

/**
 * The rule targets of a name or address field.
 *
 * @param field The field.
 */
export function inputTargets( field: FieldDefinition ): LogicTarget[] {
	const inputs = shownInputs( field );
	if ( inputs.length === 0 ) {
		return [ { id: String( field.id ), label: fieldOptionLabel( field ) } ];
	}
	const name = field.label || fieldTypeLabel( field.type );
	return inputs.map( ( input ) => ( {
		id: input.id,
		label: sprintf(
			/* translators: 1: field label, 2: input label ("Name (First)"). */
			__( '%1$s (%2$s)', 'kestrel-forms' ),
			name,
			input.label
		),
	} ) );
}
