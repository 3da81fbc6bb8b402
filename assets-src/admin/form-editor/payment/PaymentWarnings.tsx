/**
 * The live list of a payment field's configuration warnings: the server's (credentials, https,
 * location currency, location reachable, why a wallet the field offers cannot show, why ACH or
 * Cash App Pay cannot be offered here) and the
 * definition's (no total, below minimum, second payment field). Each is a Notice, which screen readers hear when it appears (the Notice
 * speaks its message), so a warning that comes while the owner edits is announced.
 */
import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition, FormDefinition } from '../../../shared';
import { usePaymentCheck } from './use-payment-check';
import { definitionWarnings, methodWarnings, walletWarnings } from './warnings';

/**
 * The warnings.
 *
 * @param props       Props.
 * @param props.field The payment field.
 * @param props.form  The edited definition.
 */
export function PaymentWarnings( {
	field,
	form,
}: {
	field: FieldDefinition;
	form: FormDefinition;
} ) {
	// While the owner is still typing a currency code, the last complete one (or the site's) holds.
	const currency = /^[A-Za-z]{3}$/.test( form.currency ?? '' )
		? form.currency
		: undefined;
	const { check, error } = usePaymentCheck( currency );
	const warnings = [
		...( check?.warnings ?? [] ),
		...definitionWarnings(
			form,
			field,
			check && check.minimum_amount !== undefined
				? { currency: check.currency, minimum: check.minimum_amount }
				: undefined
		),
		...walletWarnings( field, check?.wallets ),
		...methodWarnings( field, check?.methods ),
	];
	return (
		<section
			className="kestrel-forms-payment-warnings"
			aria-label={ __( 'Payment set-up', 'kestrel-forms' ) }
		>
			{ warnings.map( ( w ) => (
				<Notice
					key={ w.code }
					status="warning"
					isDismissible={ false }
					className={ `kestrel-forms-payment-warning is-${ w.code }` }
				>
					{ w.message }
				</Notice>
			) ) }
			{ error && (
				<Notice status="error" isDismissible={ false }>
					{ error }
				</Notice>
			) }
			{ check && ! error && warnings.length === 0 && (
				<Notice
					status="success"
					isDismissible={ false }
					className="kestrel-forms-payment-ready"
				>
					{ check.environment === 'production'
						? __(
								'Ready to take payments (production).',
								'kestrel-forms'
							)
						: __(
								'Ready to take test payments (sandbox).',
								'kestrel-forms'
							) }
				</Notice>
			) }
		</section>
	);
}
