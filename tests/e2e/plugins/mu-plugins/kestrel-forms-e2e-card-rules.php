<?php
/**
 * Plugin Name: Kestrel Forms test helper: card rules
 * Description: Test-only must-use plugin. tests/e2e/password-card.spec.ts copies it into the site's mu-plugins folder for its run and removes it after. For forms whose title starts with "E2E card rules" it adds a store card whose prefix 4111 overlaps Visa, so a number starting 4111 matches two types. Never install on a live site.
 *
 * @package KestrelForms\Tests
 */

defined( 'ABSPATH' ) || exit;

add_filter(
	'kestrel_forms_card_rules',
	static function ( array $rules, $form ): array {
		$title = is_object( $form ) && isset( $form->definition['title'] ) ? (string) $form->definition['title'] : '';
		if ( str_starts_with( $title, 'E2E card rules' ) ) {
			$rules['storecard'] = array(
				'name'     => 'Store card',
				'prefixes' => array( '4111' ),
				'lengths'  => array( 16 ),
			);
		}
		return $rules;
	},
	10,
	2
);
