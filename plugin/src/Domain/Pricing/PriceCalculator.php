<?php
/**
 * Products, shipping and total in integer minor units; the twin of assets-src/forms-engine/pricing.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Pricing;

use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Numbers;

/**
 * Prices come only from the stored definition (and, for user-defined prices, the typed amount);
 * any price or total a browser sends is never read.
 */
final class PriceCalculator {

	/**
	 * @param array<string, mixed>                   $form       Form definition.
	 * @param array<int|string, string|list<string>> $values     Effective values by field or input id.
	 * @param array<int, bool>                       $visible    Visibility.
	 * @param array<int, float|null>                 $calculated Results of calculated products.
	 * @return array{currency: string, products: list<array<string, mixed>>, shippingMinor: int, totalMinor: int}
	 */
	public static function compute( array $form, array $values, array $visible, array $calculated = array() ): array {
		$code     = (string) Currencies::get( (string) ( $form['currency'] ?? Currencies::DEFAULT ) )['code'];
		$decimals = (int) Currencies::get( $code )['decimals'];
		$fields   = array_values( $form['fields'] ?? array() );
		$shown    = static fn( array $f ): bool => false !== ( $visible[ (int) $f['id'] ] ?? true );
		$text     = static function ( $key ) use ( $values ): string {
			$v = $values[ $key ] ?? '';
			return is_string( $v ) ? $v : '';
		};

		$products = array();
		foreach ( $fields as $product ) {
			if ( 'product' !== $product['type'] || ! $shown( $product ) ) {
				continue;
			}
			$id   = (int) $product['id'];
			$unit = self::unit_price( $product, $text( $id ), $code, $calculated[ $id ] ?? null );
			if ( null === $unit ) {
				continue;
			}
			$quantity = self::quantity_of( $fields, $product, $values, $visible );
			if ( null === $quantity || (float) $quantity <= 0 ) {
				continue;
			}
			$options = array();
			foreach ( $fields as $option ) {
				if ( 'option' !== $option['type'] || (int) ( $option['productField'] ?? 0 ) !== $id || ! $shown( $option ) ) {
					continue;
				}
				foreach ( self::chosen( $option, $values[ (int) $option['id'] ] ?? '' ) as $choice ) {
					$options[] = array(
						'fieldId'    => (int) $option['id'],
						'name'       => (string) $choice['text'],
						'priceMinor' => Decimal::to_minor_units( (string) ( $choice['price'] ?? '0' ), $decimals ),
					);
				}
			}
			$unit_minor = Decimal::to_minor_units( $unit, $decimals ) + array_sum( array_column( $options, 'priceMinor' ) );
			$products[] = array(
				'fieldId'   => $id,
				'name'      => (string) ( $product['label'] ?? '' ),
				'quantity'  => $quantity,
				'unitMinor' => $unit_minor,
				'options'   => $options,
				'lineMinor' => Decimal::to_minor_units( Decimal::round( Decimal::from_number( $unit_minor * (float) $quantity ), 0 ), 0 ),
			);
		}

		$shipping = 0;
		if ( $products ) {
			foreach ( $fields as $field ) {
				if ( 'shipping' !== $field['type'] || ! $shown( $field ) ) {
					continue;
				}
				if ( 'singleshipping' === ( $field['inputType'] ?? '' ) ) {
					$shipping += Decimal::to_minor_units( (string) ( $field['basePrice'] ?? '0' ), $decimals );
				} else {
					foreach ( self::chosen( $field, $values[ (int) $field['id'] ] ?? '' ) as $choice ) {
						$shipping += Decimal::to_minor_units( (string) ( $choice['price'] ?? '0' ), $decimals );
					}
				}
			}
		}
		return array(
			'currency'      => $code,
			'products'      => $products,
			'shippingMinor' => $shipping,
			'totalMinor'    => array_sum( array_column( $products, 'lineMinor' ) ) + $shipping,
		);
	}

	/**
	 * The total as money text.
	 *
	 * @param array{currency: string, totalMinor: int} $pricing Pricing.
	 */
	public static function format_total( array $pricing ): string {
		$decimals = (int) Currencies::get( $pricing['currency'] )['decimals'];
		return Numbers::format_money( Decimal::from_minor_units( $pricing['totalMinor'], $decimals ), $pricing['currency'] );
	}

	/**
	 * @param array<string, mixed> $product    Product field.
	 * @param string               $value      Its value.
	 * @param string               $code       Currency code.
	 * @param float|null           $calculated Formula result for calculated products.
	 */
	private static function unit_price( array $product, string $value, string $code, ?float $calculated ): ?string {
		switch ( $product['inputType'] ?? '' ) {
			case 'select':
			case 'radio':
				foreach ( $product['choices'] ?? array() as $choice ) {
					if ( (string) $choice['value'] === $value ) {
						return (string) ( $choice['price'] ?? '0' );
					}
				}
				return null;
			case 'price':
				$n = '' === trim( $value ) ? null : Numbers::to_number( $value, 'currency', $code );
				return null === $n ? null : Decimal::from_number( $n );
			case 'calculation':
				return null === $calculated ? '0' : Decimal::from_number( $calculated );
			default:
				$base = (string) ( $product['basePrice'] ?? '0' );
				return Decimal::is_decimal( $base ) ? $base : '0';
		}
	}

	/**
	 * @param list<array<string, mixed>>             $fields  Fields.
	 * @param array<string, mixed>                   $product Product field.
	 * @param array<int|string, string|list<string>> $values  Values.
	 * @param array<int, bool>                       $visible Visibility.
	 */
	private static function quantity_of( array $fields, array $product, array $values, array $visible ): ?string {
		$id    = (int) $product['id'];
		$field = null;
		foreach ( $fields as $f ) {
			if ( 'quantity' === $f['type'] && (int) ( $f['productField'] ?? 0 ) === $id ) {
				$field = $f;
				break;
			}
		}
		if ( null !== $field ) {
			$raw = false === ( $visible[ (int) $field['id'] ] ?? true ) ? '0' : ( $values[ (int) $field['id'] ] ?? '' );
		} elseif ( ! empty( $product['disableQuantity'] ) || 'hiddenproduct' === ( $product['inputType'] ?? '' ) ) {
			return '1';
		} else {
			$raw = $values[ $id . '.3' ] ?? '';
		}
		$text = is_string( $raw ) ? trim( $raw ) : '';
		if ( '' === $text ) {
			return '0';
		}
		$n = Numbers::to_number( $text, (string) ( $field['numberFormat'] ?? 'decimal_dot' ) );
		return null === $n ? null : Decimal::from_number( $n );
	}

	/**
	 * @param array<string, mixed> $field Field with choices.
	 * @param mixed                $value Its value.
	 * @return list<array<string, mixed>>
	 */
	private static function chosen( array $field, mixed $value ): array {
		$chosen = array_map( 'strval', is_array( $value ) ? $value : array( $value ) );
		return array_values( array_filter( $field['choices'] ?? array(), static fn( array $c ): bool => in_array( (string) $c['value'], $chosen, true ) ) );
	}
}
