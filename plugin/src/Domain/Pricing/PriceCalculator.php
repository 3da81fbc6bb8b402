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
use Kestrel\Forms\Domain\Money\Limits;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * Prices come only from the stored definition (and, for user-defined prices, the typed amount);
 * any price or total a browser sends is never read.
 *
 * Every amount is an integer of minor units within the form's bounds (Money\Limits, read from
 * the definition's `limits`): text becomes minor units only after its digits are compared with
 * the bound, and every product and sum is checked before it is made, so nothing overflows into a
 * float. What falls outside is left off the order and reported in `errors`, by field id:
 * a quantity that is not a whole number in range (on its product or quantity field), a typed or
 * calculated price below 0 or above the bound (or a calculated one that could not be worked
 * out: an invalid formula or a non-finite result, never a price of 0), a product line or shipping above the bound, and a
 * total above the bound or below 0 (on the total field, else the last product).
 */
final class PriceCalculator {

	/**
	 * The order for some values: products, shipping, total and what is out of bounds.
	 *
	 * @param array<string, mixed>                   $form       Form definition (`limits` optional).
	 * @param array<int|string, string|list<string>> $values     Effective values by field or input id.
	 * @param array<int, bool>                       $visible    Visibility.
	 * @param array<int, float|null>                 $calculated Results of calculated products.
	 * @return array{currency: string, products: list<array<string, mixed>>, shippingMinor: int, totalMinor: int, errors: array<int, array{code: string, params: array<string, mixed>}>}
	 */
	public static function compute( array $form, array $values, array $visible, array $calculated = array() ): array {
		$code     = (string) Currencies::get( (string) ( $form['currency'] ?? Currencies::DEFAULT ) )['code'];
		$decimals = (int) Currencies::get( $code )['decimals'];
		$limits   = Limits::from_array( $form['limits'] ?? null );
		$max      = $limits->max_minor( $decimals );
		$fields   = array_values( $form['fields'] ?? array() );
		$shown    = static fn( array $f ): bool => false !== ( $visible[ (int) $f['id'] ] ?? true );
		$text     = static function ( $key ) use ( $values ): string {
			$v = $values[ $key ] ?? '';
			return is_string( $v ) ? $v : '';
		};
		$money    = static fn( int $minor ): string => Numbers::format_money( Decimal::from_minor_units( $minor, $decimals ), $code );
		$errors   = array();
		$report   = static function ( int $id, string $error_code, array $params ) use ( &$errors ): void {
			$errors[ $id ] ??= array(
				'code'   => $error_code,
				'params' => $params,
			);
		};
		$over     = static fn( int $id ) => $report( $id, FieldError::AMOUNT_OVER, array( 'max' => $money( $max ) ) );

		$products = array();
		foreach ( $fields as $product ) {
			if ( 'product' !== $product['type'] || ! $shown( $product ) ) {
				continue;
			}
			$id       = (int) $product['id'];
			$quantity = self::quantity_of( $fields, $product, $values, $visible, $limits->max_quantity );
			if ( is_string( $quantity[0] ) ) {
				$report( $quantity[1], $quantity[0], FieldError::RANGE === $quantity[0] ? Quantity::range( $limits->max_quantity ) : array() );
				continue;
			}
			$count = $quantity[0];
			$unit  = self::unit_price( $product, $text( $id ), $code, $calculated[ $id ] ?? null );
			if ( null === $unit || $count <= 0 ) {
				continue;
			}
			$typed      = in_array( $product['inputType'] ?? '', array( 'price', 'calculation' ), true );
			$unit_minor = self::amount( $unit, $decimals, $max );
			if ( $typed && ( null === $unit_minor || $unit_minor < 0 ) ) {
				// Visitors type these (or a formula reads what they type): never below 0.
				$report(
					$id,
					FieldError::AMOUNT_RANGE,
					array(
						'min' => $money( 0 ),
						'max' => $money( $max ),
					)
				);
				continue;
			}
			if ( null === $unit_minor ) {
				$over( $id );
				continue;
			}
			$options = array();
			$valid   = true;
			foreach ( $fields as $option ) {
				if ( 'option' !== $option['type'] || (int) ( $option['productField'] ?? 0 ) !== $id || ! $shown( $option ) ) {
					continue;
				}
				foreach ( self::chosen( $option, $values[ (int) $option['id'] ] ?? '' ) as $choice ) {
					$price = self::amount( (string) ( $choice['price'] ?? '0' ), $decimals, $max );
					$sum   = null === $price ? null : self::add( $unit_minor, $price, $max );
					if ( null === $sum ) {
						$over( null === $price ? (int) $option['id'] : $id );
						$valid = false;
						break 2;
					}
					$unit_minor = $sum;
					$options[]  = array(
						'fieldId'    => (int) $option['id'],
						'name'       => (string) $choice['text'],
						'priceMinor' => $price,
					);
				}
			}
			if ( ! $valid ) {
				continue;
			}
			// |unit| × count ≤ max, checked by division so the product is only made when it fits.
			if ( abs( $unit_minor ) > intdiv( $max, $count ) ) {
				$over( $id );
				continue;
			}
			$products[] = array(
				'fieldId'   => $id,
				'name'      => (string) ( $product['label'] ?? '' ),
				'quantity'  => (string) $count,
				'unitMinor' => $unit_minor,
				'options'   => $options,
				'lineMinor' => $unit_minor * $count,
			);
		}

		$shipping = 0;
		if ( $products ) {
			foreach ( $fields as $field ) {
				if ( 'shipping' !== $field['type'] || ! $shown( $field ) ) {
					continue;
				}
				$prices = 'singleshipping' === ( $field['inputType'] ?? '' )
					? array( (string) ( $field['basePrice'] ?? '0' ) )
					: array_map( static fn( array $c ): string => (string) ( $c['price'] ?? '0' ), self::chosen( $field, $values[ (int) $field['id'] ] ?? '' ) );
				foreach ( $prices as $price ) {
					$minor = self::amount( $price, $decimals, $max );
					$sum   = null === $minor ? null : self::add( $shipping, $minor, $max );
					if ( null === $sum ) {
						$over( (int) $field['id'] );
						break;
					}
					$shipping = $sum;
				}
			}
		}

		// Each addend is within ±max; the running sum is checked against the integer range.
		$total = $shipping;
		foreach ( $products as $line ) {
			$total = null === $total ? null : self::add( $total, $line['lineMinor'], PHP_INT_MAX );
		}
		$target = self::total_target( $fields, $shown, $products );
		if ( null !== $target && ( null === $total || $total > $max ) ) {
			$over( $target );
			$total = 0;
		} elseif ( null !== $target && $total < 0 ) {
			$report( $target, FieldError::AMOUNT_UNDER, array( 'min' => $money( 0 ) ) );
			$total = 0;
		}
		return array(
			'currency'      => $code,
			'products'      => $products,
			'shippingMinor' => $shipping,
			'totalMinor'    => (int) $total,
			'errors'        => $errors,
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
	 * A product's unit price (before options) as a canonical decimal, or null when not chosen or
	 * not a number; '' (refused as out of range) for a calculation that could not be worked out.
	 *
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
				return '' === trim( $value ) ? null : Numbers::to_decimal( $value, 'currency', $code );
			case 'calculation':
				// No result or a non-finite one is not a price (refused, never 0).
				return null === $calculated || ! is_finite( $calculated ) ? '' : Decimal::from_number( $calculated );
			default:
				$base = (string) ( $product['basePrice'] ?? '0' );
				return Decimal::is_decimal( $base ) ? $base : '0';
		}
	}

	/**
	 * A product's quantity and the field that holds it: from its quantity field (0 when that is
	 * hidden), else its own input ("N.3"), else 1.
	 *
	 * @param list<array<string, mixed>>             $fields  Fields.
	 * @param array<string, mixed>                   $product Product field.
	 * @param array<int|string, string|list<string>> $values  Values.
	 * @param array<int, bool>                       $visible Visibility.
	 * @param int                                    $max     Largest quantity.
	 * @return array{0: int|string, 1: int} The quantity or the error code (Quantity::read), and the field id.
	 */
	private static function quantity_of( array $fields, array $product, array $values, array $visible, int $max ): array {
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
			return array( Quantity::read( is_string( $raw ) ? $raw : '', (string) ( $field['numberFormat'] ?? 'decimal_dot' ), $max ), (int) $field['id'] );
		}
		if ( ! empty( $product['disableQuantity'] ) || 'hiddenproduct' === ( $product['inputType'] ?? '' ) ) {
			return array( 1, $id );
		}
		$raw = $values[ $id . '.3' ] ?? '';
		return array( Quantity::read( is_string( $raw ) ? $raw : '', 'decimal_dot', $max ), $id );
	}

	/**
	 * An amount the form's owner set (a choice or base price) in minor units; null when its size
	 * is above the bound (or it is not a decimal).
	 *
	 * @param string $price    Canonical decimal.
	 * @param int    $decimals Currency decimals.
	 * @param int    $max      Largest size in minor units.
	 */
	private static function amount( string $price, int $decimals, int $max ): ?int {
		return Decimal::is_decimal( $price ) ? Decimal::to_minor_units_within( $price, $decimals, $max ) : null;
	}

	/**
	 * A sum when its size stays within a bound, else null; checked before adding, so no integer
	 * overflow (which PHP would turn into a float) can happen.
	 *
	 * @param int $a   Addend.
	 * @param int $b   Addend.
	 * @param int $max Largest size of the sum.
	 */
	private static function add( int $a, int $b, int $max ): ?int {
		if ( ( $b > 0 && $a > $max - $b ) || ( $b < 0 && $a < -$max - $b ) ) {
			return null;
		}
		return $a + $b;
	}

	/**
	 * Where a total out of bounds is reported: the first visible total field, else the last
	 * product on the order; null when nothing is on the order.
	 *
	 * @param list<array<string, mixed>> $fields   Fields.
	 * @param \Closure                   $shown    Visibility test.
	 * @param list<array<string, mixed>> $products Order lines.
	 */
	private static function total_target( array $fields, \Closure $shown, array $products ): ?int {
		foreach ( $fields as $field ) {
			if ( 'total' === $field['type'] && $shown( $field ) ) {
				return (int) $field['id'];
			}
		}
		return $products ? (int) $products[ count( $products ) - 1 ]['fieldId'] : null;
	}

	/**
	 * The chosen choices of an option or shipping field (checkbox: every checked one).
	 *
	 * @param array<string, mixed> $field Field with choices.
	 * @param mixed                $value Its value.
	 * @return list<array<string, mixed>>
	 */
	private static function chosen( array $field, mixed $value ): array {
		$chosen = array_map( 'strval', is_array( $value ) ? $value : array( $value ) );
		return array_values( array_filter( $field['choices'] ?? array(), static fn( array $c ): bool => in_array( (string) $c['value'], $chosen, true ) ) );
	}
}
