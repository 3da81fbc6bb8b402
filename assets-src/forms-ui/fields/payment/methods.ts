/**
 * The payment methods a field renders; shared by form-view's shell and the field script.
 */
import type { FieldDefinition, PaymentMethod } from '../../../shared';

/**
 * The methods this version renders, in the field's order (card when none is set).
 *
 * @param field Payment field.
 */
export function methodsOf( field: FieldDefinition ): PaymentMethod[] {
	const known = ( field.methods ?? [] ).filter(
		( m, i, all ) =>
			( m === 'card' || m === 'giftCard' ) && all.indexOf( m ) === i
	);
	return known.length ? known : [ 'card' ];
}
