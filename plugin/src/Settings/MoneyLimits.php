<?php
/**
 * The site's money bounds, through the `kestrel_forms_max_quantity` and `kestrel_forms_max_amount` filters.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Settings;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Money\Limits;

/**
 * One source for the bounds of a form: the server validates submissions with them and the
 * browser receives the same ones in the public definition (`limits`), so both engines refuse the
 * same quantities and amounts.
 */
final class MoneyLimits {

	/**
	 * The bounds for a form.
	 *
	 * @param Form $form The form.
	 */
	public static function for_form( Form $form ): Limits {
		/**
		 * Filters the largest quantity a visitor may order of one product (whole numbers from 0).
		 * At most 9007199254740991; anything that is not a whole number of 0 or more is ignored.
		 *
		 * @param int  $max_quantity Default 1000000.
		 * @param Form $form         The form.
		 */
		$max_quantity = apply_filters( 'kestrel_forms_max_quantity', Limits::DEFAULT_MAX_QUANTITY, $form );

		/**
		 * Filters the largest amount, in major units of the form's currency (e.g. '999999999.99'
		 * dollars): the bound of a typed or calculated price, of each product line, of shipping
		 * and of the total. A decimal string is exact; an int or float is accepted too. Cut to the
		 * currency's decimals and to at most 9007199254740991 minor units.
		 *
		 * @param string $max_amount Default '999999999.99'.
		 * @param Form   $form       The form.
		 */
		$max_amount = apply_filters( 'kestrel_forms_max_amount', Limits::DEFAULT_MAX_AMOUNT, $form );

		return Limits::from( $max_quantity, $max_amount );
	}
}
