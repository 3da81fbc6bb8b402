<?php
/**
 * The one table of Gravity Forms field types and what an import makes of them.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Import;

/**
 * Gravity Forms field type → Kestrel field type. When a type of ours arrives (issue 18: name,
 * address, phone, date, time, website, consent, multiselect), its row becomes
 * `'phone' => array( self::AS_IS, 'phone', '' )`: one line each (docs/import.md).
 */
final class GravityFormsTypes {

	public const AS_IS        = 'as_is';
	public const APPROXIMATED = 'approximated';
	public const LEFT_OUT     = 'left_out';

	private const COMING = ' (the field type arrives with a later version)';

	/**
	 * Type → [status, our type or null, note].
	 *
	 * @var array<string, array{0: string, 1: string|null, 2: string}>
	 */
	private const TABLE = array(
		'text'              => array( self::AS_IS, 'text', '' ),
		'textarea'          => array( self::AS_IS, 'textarea', '' ),
		'email'             => array( self::AS_IS, 'email', '' ),
		'number'            => array( self::AS_IS, 'number', '' ),
		'select'            => array( self::AS_IS, 'select', '' ),
		'radio'             => array( self::AS_IS, 'radio', '' ),
		'checkbox'          => array( self::AS_IS, 'checkbox', '' ),
		'hidden'            => array( self::AS_IS, 'hidden', '' ),
		'section'           => array( self::AS_IS, 'section', '' ),
		'html'              => array( self::AS_IS, 'html', '' ),
		'page'              => array( self::AS_IS, 'page', '' ),
		'product'           => array( self::AS_IS, 'product', '' ),
		'option'            => array( self::AS_IS, 'option', '' ),
		'quantity'          => array( self::AS_IS, 'quantity', '' ),
		'shipping'          => array( self::AS_IS, 'shipping', '' ),
		'total'             => array( self::AS_IS, 'total', '' ),
		'fileupload'        => array( self::AS_IS, 'fileupload', '' ),
		'list'              => array( self::AS_IS, 'list', '' ),
		'password'          => array( self::AS_IS, 'password', '' ),
		'creditcard'        => array( self::AS_IS, 'creditcard', '' ),
		'captcha'           => array( self::APPROXIMATED, 'captcha', 'uses the captcha provider set in this site\'s settings, not the one of the export' ),
		'phone'             => array( self::APPROXIMATED, 'text', 'a text field: the phone format is not checked' . self::COMING ),
		'website'           => array( self::APPROXIMATED, 'text', 'a text field: the URL is not checked' . self::COMING ),
		'date'              => array( self::APPROXIMATED, 'text', 'a text field without a date picker: the date is not checked' . self::COMING ),
		'multiselect'       => array( self::APPROXIMATED, 'checkbox', 'checkboxes with the same choices (one entry value per checked choice instead of one list)' . self::COMING ),
		'consent'           => array( self::APPROXIMATED, 'checkbox', 'one checkbox with the consent text; the consent description and revision are not stored' . self::COMING ),
		'name'              => array( self::LEFT_OUT, null, 'name fields have several inputs we cannot map yet' . self::COMING ),
		'address'           => array( self::LEFT_OUT, null, 'address fields have several inputs we cannot map yet' . self::COMING ),
		'time'              => array( self::LEFT_OUT, null, 'time fields have several inputs we cannot map yet' . self::COMING ),
		'repeater'          => array( self::LEFT_OUT, null, 'Gravity Forms repeaters (nested Gravity Forms fields) are not imported; rebuild it with our repeater field' ),
		'post_title'        => array( self::LEFT_OUT, null, 'post fields create WordPress posts, which this plugin does not do' ),
		'post_content'      => array( self::LEFT_OUT, null, 'post fields create WordPress posts, which this plugin does not do' ),
		'post_excerpt'      => array( self::LEFT_OUT, null, 'post fields create WordPress posts, which this plugin does not do' ),
		'post_tags'         => array( self::LEFT_OUT, null, 'post fields create WordPress posts, which this plugin does not do' ),
		'post_category'     => array( self::LEFT_OUT, null, 'post fields create WordPress posts, which this plugin does not do' ),
		'post_image'        => array( self::LEFT_OUT, null, 'post fields create WordPress posts, which this plugin does not do' ),
		'post_custom_field' => array( self::LEFT_OUT, null, 'post fields create WordPress posts, which this plugin does not do' ),
	);

	/**
	 * What an import makes of a Gravity Forms field type. Types not in the table come from
	 * add-ons (signature, survey, quiz, poll, chained selects, payment add-ons…) and are left out.
	 *
	 * @param string $gf_type Gravity Forms `type`.
	 * @return array{status: string, type: string|null, note: string}
	 */
	public static function of( string $gf_type ): array {
		$row = self::TABLE[ $gf_type ] ?? array( self::LEFT_OUT, null, 'an add-on field type ("' . $gf_type . '") this plugin does not have' );
		return array(
			'status' => $row[0],
			'type'   => $row[1],
			'note'   => $row[2],
		);
	}
}
