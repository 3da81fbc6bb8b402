<?php
/**
 * The payment request a wallet sheet (Apple Pay, Google Pay) shows, from the server's pricing.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Payments;

use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;

/**
 * The provider's PaymentRequest shape (web payments SDK `payments.paymentRequest(options)`):
 * `{countryCode, currencyCode, total: {amount, label}, lineItems: [{amount, label}],
 * shippingOptions?: [{id, label, amount}], requestBillingContact, requestShippingContact}`, with
 * amounts as decimal strings in the currency's decimals ("12.50", yen "1000").
 *
 * Everything comes from the stored definition and the server's pricing of the values (never a
 * price or total the browser sent), and nothing in it is personal: labels are the form's own
 * product and shipping names. The total is the payment field's charge (the form total or one
 * product's line, as {@see ChargePlan}); the wallet's sheet shows it, but the submission is
 * charged the server's total again, whatever the page's request said. Pure.
 */
final class WalletRequest {

	/**
	 * Shipping options of the form: the choices of its first visible shipping field with
	 * choices (select or radio), in the field's order, the chosen one first (the wallet sheet
	 * preselects the first option).
	 *
	 * @param array<string, mixed>     $definition Form definition.
	 * @param array<int, bool>         $visible    Visibility.
	 * @param array<int|string, mixed> $values   Effective values.
	 * @return array{field: int, options: list<array{id: string, label: string, price: string}>}|null
	 */
	public static function shipping_choices( array $definition, array $visible, array $values ): ?array {
		foreach ( (array) ( $definition['fields'] ?? array() ) as $field ) {
			if ( ! is_array( $field ) || 'shipping' !== ( $field['type'] ?? '' ) || false === ( $visible[ (int) $field['id'] ] ?? true )
				|| 'singleshipping' === ( $field['inputType'] ?? '' ) || ! is_array( $field['choices'] ?? null ) || ! $field['choices'] ) {
				continue;
			}
			$chosen  = (string) ( is_string( $values[ (int) $field['id'] ] ?? null ) ? $values[ (int) $field['id'] ] : '' );
			$options = array();
			foreach ( $field['choices'] as $choice ) {
				$option = array(
					'id'    => (string) ( $choice['value'] ?? '' ),
					'label' => (string) ( $choice['text'] ?? '' ),
					'price' => (string) ( $choice['price'] ?? '0' ),
				);
				if ( '' === $option['id'] ) {
					continue;
				}
				if ( $option['id'] === $chosen ) {
					array_unshift( $options, $option );
				} else {
					$options[] = $option;
				}
			}
			return $options ? array(
				'field'   => (int) $field['id'],
				'options' => $options,
			) : null;
		}
		return null;
	}

	/**
	 * The submitted values with the shipping option the buyer chose in a wallet's sheet: a wallet
	 * payment value (`{method: applePay|googlePay, wallet: {shippingOption}}`) names one, and it
	 * becomes the value of the form's first shipping field with choices when it is one of that
	 * field's choices (else nothing changes). So the charge is priced with the option whose total
	 * the sheet showed (the server's price of it, never the sheet's). Pure.
	 *
	 * The field is chosen as the payment request chose it: the first visible one (the visibility
	 * of the values as submitted).
	 *
	 * @param array<string, mixed>     $definition Form definition.
	 * @param array<int|string, mixed> $values     Submitted values.
	 * @param array<int, bool>         $visible    Visibility of the submitted values.
	 * @return array<int|string, mixed> The values, the shipping field's perhaps replaced.
	 */
	public static function with_sheet_shipping( array $definition, array $values, array $visible = array() ): array {
		$option = null;
		foreach ( (array) ( $definition['fields'] ?? array() ) as $field ) {
			$value = is_array( $field ) && 'payment' === ( $field['type'] ?? '' ) ? ( $values[ (string) $field['id'] ] ?? null ) : null;
			if ( is_array( $value ) && in_array( $value['method'] ?? null, PaymentValue::CONTACT_METHODS, true )
				&& is_string( $value['wallet']['shippingOption'] ?? null ) ) {
				$option = $value['wallet']['shippingOption'];
				break;
			}
		}
		if ( null === $option ) {
			return $values;
		}
		$choices = self::shipping_choices( $definition, $visible, array() );
		if ( null !== $choices && in_array( $option, array_column( $choices['options'], 'id' ), true ) ) {
			$values[ (string) $choices['field'] ] = $option;
		}
		return $values;
	}

	/**
	 * Whether the form ships something: a visible shipping field (its cost is part of the order).
	 *
	 * @param array<string, mixed> $definition Form definition.
	 * @param array<int, bool>     $visible    Visibility.
	 */
	public static function ships( array $definition, array $visible ): bool {
		foreach ( (array) ( $definition['fields'] ?? array() ) as $field ) {
			if ( is_array( $field ) && 'shipping' === ( $field['type'] ?? '' ) && false !== ( $visible[ (int) $field['id'] ] ?? true ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The request.
	 *
	 * @param array<string, mixed>                                                                   $field    The payment field.
	 * @param array<string, mixed>                                                                   $pricing  The server's pricing (currency, products, shippingMinor, totalMinor).
	 * @param string                                                                                 $country  The seller's country (ISO 3166-1 alpha-2).
	 * @param string                                                                                 $label    The total's label (the seller's name).
	 * @param string                                                                                 $shipping_label The shipping line's label.
	 * @param array{field: int, options: list<array{id: string, label: string, price: string}>}|null $choices Shipping options (shipping_choices()).
	 * @param bool                                                                                   $ships    Whether a shipping contact is asked for.
	 * @return array<string, mixed>
	 */
	public static function build( array $field, array $pricing, string $country, string $label, string $shipping_label, ?array $choices, bool $ships ): array {
		$currency = strtoupper( (string) ( $pricing['currency'] ?? Currencies::DEFAULT ) );
		$decimals = (int) Currencies::get( $currency )['decimals'];
		$money    = static fn( int $minor ): string => Decimal::format( Decimal::from_minor_units( $minor, $decimals ), $decimals, true, '', '.' );
		$source   = $field['amountSource'] ?? 'total';
		$product  = is_int( $source ) || ( is_string( $source ) && ctype_digit( $source ) ) ? (int) $source : 0;

		$lines = array();
		$total = 0;
		foreach ( is_array( $pricing['products'] ?? null ) ? $pricing['products'] : array() as $line ) {
			if ( ! is_array( $line ) || ( $product && (int) ( $line['fieldId'] ?? 0 ) !== $product ) ) {
				continue;
			}
			$count   = (string) ( $line['quantity'] ?? '1' );
			$name    = (string) ( $line['name'] ?? '' );
			$lines[] = array(
				'amount' => $money( (int) ( $line['lineMinor'] ?? 0 ) ),
				'label'  => '1' === $count ? $name : $name . ' × ' . $count,
			);
			$total  += (int) ( $line['lineMinor'] ?? 0 );
		}
		if ( ! $product ) {
			$shipping = (int) ( $pricing['shippingMinor'] ?? 0 );
			if ( $shipping > 0 ) {
				$lines[] = array(
					'amount' => $money( $shipping ),
					'label'  => $shipping_label,
				);
			}
			// The plan's amount is the engine's total (which may differ from the lines' sum only
			// when it is out of bounds; the plan then charges nothing).
			$total = (int) ( $pricing['totalMinor'] ?? 0 );
		}
		$request = array(
			'countryCode'            => 1 === preg_match( '/^[A-Z]{2}$/D', $country ) ? $country : 'US',
			'currencyCode'           => $currency,
			'total'                  => array(
				'amount' => $money( max( 0, $total ) ),
				'label'  => $label,
			),
			'lineItems'              => $lines,
			// The billing contact fills only what the form's billing mapping leaves empty; asking
			// for it always gives buyer verification (Google Pay, SCA) a contact to send.
			'requestBillingContact'  => true,
			'requestShippingContact' => $ships && ! $product,
		);
		if ( null !== $choices && ! $product ) {
			$request['shippingOptions'] = array_map(
				static function ( array $option ) use ( $money, $decimals ): array {
					$minor = Decimal::is_decimal( $option['price'] ) ? Decimal::to_minor_units_within( $option['price'], $decimals, PHP_INT_MAX ) : null;
					return array(
						'id'     => $option['id'],
						'label'  => $option['label'],
						'amount' => $money( null === $minor ? 0 : max( 0, $minor ) ),
					);
				},
				$choices['options']
			);
		}
		return $request;
	}

	/**
	 * The billing mapping keys that make a form's own shipping address: when the payment field
	 * maps them all, Afterpay/Clearpay's popup is not asked for an address.
	 */
	public const OWN_ADDRESS_KEYS = array( 'addressLine1', 'city', 'postalCode' );

	/**
	 * The id of the one option Afterpay/Clearpay's popup offers for a form shipping at a fixed
	 * price (not a choice of the form: a value naming it changes nothing that is charged).
	 */
	public const FIXED_SHIPPING = 'kestrel-fixed-shipping';

	/**
	 * Whether the payment field maps the form's own address (every {@see self::OWN_ADDRESS_KEYS}).
	 *
	 * @param array<string, mixed> $field The payment field.
	 */
	public static function has_own_address( array $field ): bool {
		$billing = is_array( $field['billing'] ?? null ) ? $field['billing'] : array();
		foreach ( self::OWN_ADDRESS_KEYS as $key ) {
			if ( ! is_string( $billing[ $key ] ?? null ) || '' === $billing[ $key ] ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Afterpay/Clearpay's payment request from the wallets' one: the popup asks for a shipping
	 * address only when the form ships and has no address of its own (then the server's total is
	 * final and the form's address is the shipping address); each shipping option carries the
	 * order total with it (`total`, the server's price) and no tax lines (`taxLineItems: []`: the
	 * form's total already holds what it charges). A form shipping at one fixed price (no choices)
	 * offers that price as the one option, so the popup can always go on. Pure.
	 *
	 * @param array<string, mixed>  $request The wallets' request ({@see self::build()}).
	 * @param array<string, mixed>  $field   The payment field.
	 * @param array<string, int>    $totals  The order total with each option (minor units, by id).
	 * @param array<string, string> $fixed   A fixed shipping price as an option's `label` and
	 *                                       `amount` (decimal), for a form without choices.
	 * @return array<string, mixed>
	 */
	public static function for_afterpay( array $request, array $field, array $totals, array $fixed = array() ): array {
		$own = self::has_own_address( $field );
		if ( $own ) {
			$request['requestShippingContact'] = false;
		}
		if ( ! $own && $request['requestShippingContact'] && ! is_array( $request['shippingOptions'] ?? null ) ) {
			// One price, no choice: the popup still needs an option for the address it asks.
			$request['shippingOptions'] = array(
				array(
					'id'           => self::FIXED_SHIPPING,
					'label'        => (string) ( $fixed['label'] ?? '' ),
					'amount'       => (string) ( $fixed['amount'] ?? '0.00' ),
					'total'        => $request['total'],
					'taxLineItems' => array(),
				),
			);
			return $request;
		}
		if ( $own || ! $request['requestShippingContact'] || ! is_array( $request['shippingOptions'] ?? null ) ) {
			// No address asked: the form's own shipping choice is the one charged.
			unset( $request['shippingOptions'] );
			return $request;
		}
		$currency                   = strtoupper( (string) $request['currencyCode'] );
		$decimals                   = (int) Currencies::get( $currency )['decimals'];
		$label                      = (string) ( $request['total']['label'] ?? '' );
		$request['shippingOptions'] = array_values(
			array_map(
				static function ( array $option ) use ( $totals, $decimals, $label, $request ): array {
					$minor = $totals[ $option['id'] ] ?? null;
					return array_merge(
						$option,
						array(
							'total'        => array(
								'amount' => null === $minor ? (string) $request['total']['amount'] : Decimal::format( Decimal::from_minor_units( max( 0, $minor ), $decimals ), $decimals, true, '', '.' ),
								'label'  => $label,
							),
							'taxLineItems' => array(),
						)
					);
				},
				$request['shippingOptions']
			)
		);
		return $request;
	}
}
