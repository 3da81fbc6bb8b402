<?php
/**
 * Use case: the payment request of a form's wallet buttons.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Payments\PaymentValue;
use Kestrel\Forms\Domain\Payments\WalletRequest;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use Kestrel\Forms\Frontend\FormRenderer;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Settings\GeneralSettings;

/**
 * `POST /forms/{id}/payment-request {values, shippingOption?, shippingContact?}`: the values are
 * priced by the server's engine exactly as a submission would be (the same validator, the same
 * visibility and calculations), then shaped as the provider's PaymentRequest
 * ({@see WalletRequest}). Incomplete values are normal here (the visitor is still filling the
 * form): field errors are not reported, only the price is.
 */
final class BuildWalletRequest {

	/**
	 * Creates the use case.
	 *
	 * @param FormRepository                 $forms            Forms.
	 * @param SubmissionValidator            $validator        The server's validator (pricing).
	 * @param (Closure(string): string)|null $location_country The provider location's country for a
	 *                                                         currency ('' unknown), when the form's
	 *                                                         currency does not name one country.
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly SubmissionValidator $validator,
		private readonly ?Closure $location_country = null
	) {}

	/**
	 * The request.
	 *
	 * @param int                 $form_id         Form id (active forms only).
	 * @param array<mixed, mixed> $values          The form's current values.
	 * @param string|null         $shipping_option The shipping option chosen in the sheet (null: none).
	 * @param mixed               $contact         The shipping contact chosen in the sheet (null: none).
	 * @param string              $method          'afterpayClearpay' for Afterpay/Clearpay's request
	 *                                             ({@see WalletRequest::for_afterpay()}), else '' (wallets).
	 * @return array<string, mixed>
	 * @throws WalletRequestRefused When there is no such form, it offers no wallet, or the option is unknown.
	 */
	public function build( int $form_id, array $values, ?string $shipping_option, mixed $contact = null, string $method = '' ): array {
		$form = $this->forms->find( $form_id );
		if ( null === $form ) {
			throw WalletRequestRefused::form_not_found();
		}
		$field    = ChargePayment::payment_field( $form );
		$afterpay = 'afterpayClearpay' === $method;
		$offers   = $afterpay ? array( 'afterpayClearpay' ) : PaymentValue::WALLETS;
		if ( null === $field || ! array_intersect( $offers, (array) ( $field['methods'] ?? array() ) ) ) {
			throw WalletRequestRefused::no_wallet();
		}
		$form = $form->with_default_currency( ( new GeneralSettings() )->get()['currency'] );
		// Payment values never count here (nor does any token the page sent).
		unset( $values[ (string) $field['id'] ], $values[ (int) $field['id'] ] );

		$result  = $this->validator->validate( $form, $values );
		$choices = WalletRequest::shipping_choices( $form->definition, $result->visible, $result->values );
		if ( null !== $shipping_option ) {
			$ids = null === $choices ? array() : array_column( $choices['options'], 'id' );
			if ( ! in_array( $shipping_option, $ids, true ) ) {
				throw WalletRequestRefused::unknown_shipping_option();
			}
			// The sheet's choice replaces the form's, priced by the same engine.
			$values[ (string) $choices['field'] ] = $shipping_option;
			$result                               = $this->validator->validate( $form, $values );
			$choices                              = WalletRequest::shipping_choices( $form->definition, $result->visible, $result->values );
		}
		$pricing = $result->pricing ?? array(
			'currency'      => (string) ( $form->definition['currency'] ?? 'USD' ),
			'products'      => array(),
			'shippingMinor' => 0,
			'totalMinor'    => 0,
		);
		$visible = ! empty( $result->visible[ (int) $field['id'] ] );
		if ( ! $visible ) {
			// A hidden payment field charges nothing (ChargePlan): the sheet must not say otherwise.
			$pricing = array_merge(
				$pricing,
				array(
					'products'      => array(),
					'shippingMinor' => 0,
					'totalMinor'    => 0,
				)
			);
		}
		$config  = FormRenderer::payment_config( $form, $field );
		$country = (string) $config['country'];
		if ( '' === $country && null !== $this->location_country ) {
			// EUR and other shared currencies: the seller's country is the location's.
			$country = ( $this->location_country )( (string) $config['currency'] );
		}
		/**
		 * Filters the label of the wallet sheet's total (Apple asks for the business's name).
		 *
		 * @param string $label Default: the site's name.
		 * @param Form   $form  The form.
		 */
		$label   = trim( (string) apply_filters( 'kestrel_forms_payment_request_label', wp_strip_all_tags( (string) get_bloginfo( 'name' ) ), $form ) );
		$label   = '' === $label ? __( 'Total', 'kestrel-forms' ) : mb_substr( $label, 0, 100 );
		$request = WalletRequest::build(
			$field,
			$pricing,
			$country,
			$label,
			__( 'Shipping', 'kestrel-forms' ),
			$choices,
			WalletRequest::ships( $form->definition, $result->visible )
		);
		if ( $afterpay ) {
			$decimals = (int) Currencies::get( (string) $pricing['currency'] )['decimals'];
			$request  = WalletRequest::for_afterpay(
				$request,
				$field,
				$this->option_totals( $form, $values, $field, $choices, $visible ),
				array(
					'label'  => __( 'Shipping', 'kestrel-forms' ),
					'amount' => Decimal::format( Decimal::from_minor_units( max( 0, (int) ( $pricing['shippingMinor'] ?? 0 ) ), $decimals ), $decimals, true, '', '.' ),
				)
			);
		}
		/**
		 * Filters the wallet payment request before it is sent to the browser. The total and the
		 * line items are the server's; a filter may, for example, drop shipping options that do
		 * not serve the sheet's shipping contact. What is charged is still the submission's
		 * server total.
		 *
		 * @param array<string, mixed>  $request The request.
		 * @param Form                  $form    The form.
		 * @param array<string, string> $contact The sheet's shipping contact, cleaned (empty when none).
		 */
		$filtered = apply_filters( 'kestrel_forms_wallet_payment_request', $request, $form, PaymentValue::contact( $contact ) );
		return is_array( $filtered ) ? $filtered : $request;
	}

	/**
	 * The order total with each shipping option of the form (minor units, by option id), each
	 * priced by the same engine as a submission choosing it; empty when the form has no choices,
	 * the payment field is hidden or charges one product.
	 *
	 * @param Form                                                                                   $form    The form (default currency set).
	 * @param array<mixed, mixed>                                                                    $values  The form's values (no payment value).
	 * @param array<string, mixed>                                                                   $field   The payment field.
	 * @param array{field: int, options: list<array{id: string, label: string, price: string}>}|null $choices Shipping choices.
	 * @param bool                                                                                   $visible Whether the payment field is shown.
	 * @return array<string, int>
	 */
	private function option_totals( Form $form, array $values, array $field, ?array $choices, bool $visible ): array {
		$source = $field['amountSource'] ?? 'total';
		if ( null === $choices || ! $visible || 'total' !== $source ) {
			return array();
		}
		$totals = array();
		foreach ( $choices['options'] as $option ) {
			$values[ (string) $choices['field'] ] = $option['id'];
			$pricing                              = $this->validator->validate( $form, $values )->pricing;
			$totals[ $option['id'] ]              = (int) ( $pricing['totalMinor'] ?? 0 );
		}
		return $totals;
	}

	/**
	 * The form of an id, for the permission check's filter (active forms only).
	 *
	 * @param int $form_id Form id.
	 */
	public function form( int $form_id ): ?Form {
		return $this->forms->find( $form_id );
	}
}
