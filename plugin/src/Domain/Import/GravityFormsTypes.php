<?php
/**
 * The one table of Gravity Forms field types and what an import makes of them.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Import;

/**
 * Gravity Forms field type → Kestrel field type, one row each (docs/import.md). A type imported as
 * is may still have settings approximated or left out: the importer reports those per setting
 * (the eight everyday types of issue 18 in `GravityFormsEverydayFields`).
 */
final class GravityFormsTypes {

	public const AS_IS        = 'as_is';
	public const APPROXIMATED = 'approximated';
	public const LEFT_OUT     = 'left_out';

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
		'name'              => array( self::AS_IS, 'name', '' ),
		'address'           => array( self::AS_IS, 'address', '' ),
		'phone'             => array( self::AS_IS, 'phone', '' ),
		'date'              => array( self::AS_IS, 'date', '' ),
		'time'              => array( self::AS_IS, 'time', '' ),
		'website'           => array( self::AS_IS, 'website', '' ),
		'consent'           => array( self::AS_IS, 'consent', '' ),
		'multiselect'       => array( self::AS_IS, 'multiselect', '' ),
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
