<?php
/**
 * Which confirmation an entry gets (Form::choose_confirmation over EntryLogic), and the checks
 * FormValidator makes on confirmations.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Logic\EntryLogic;
use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Schema\SchemaValidator;
use PHPUnit\Framework\TestCase;

final class ConfirmationChoiceTest extends TestCase {

	private const DEFAULT_MESSAGE = 'Default thanks';

	/**
	 * A form with a country select, a checkbox, and the given confirmations.
	 *
	 * @param list<array<string, mixed>> $confirmations Confirmations.
	 * @param array<string, mixed>       $extra         More definition keys.
	 * @return array<string, mixed>
	 */
	private static function definition( array $confirmations, array $extra = array() ): array {
		$definition = array(
			'title'  => 'Order',
			'fields' => array(
				array(
					'id'      => 1,
					'type'    => 'select',
					'label'   => 'Country',
					'choices' => array(
						array(
							'text'  => 'France',
							'value' => 'fr',
						),
						array(
							'text'  => 'Germany',
							'value' => 'de',
						),
					),
				),
				array(
					'id'      => 2,
					'type'    => 'checkbox',
					'label'   => 'Extras',
					'choices' => array(
						array(
							'text'  => 'Gift wrap',
							'value' => 'wrap',
						),
						array(
							'text'  => 'Card',
							'value' => 'card',
						),
					),
				),
				array(
					'id'    => 3,
					'type'  => 'number',
					'label' => 'Amount',
				),
			),
		);
		if ( $confirmations ) {
			$definition['confirmations'] = $confirmations;
		}
		return $extra + $definition;
	}

	/**
	 * A rule set.
	 *
	 * @param string $field_id Field or input id.
	 * @param string $operator Operator.
	 * @param string $value    Value.
	 * @param string $action   show or hide.
	 * @return array<string, mixed>
	 */
	private static function logic( string $field_id, string $operator, string $value, string $action = 'show' ): array {
		return array(
			'actionType' => $action,
			'logicType'  => 'all',
			'rules'      => array(
				array(
					'fieldId'  => $field_id,
					'operator' => $operator,
					'value'    => $value,
				),
			),
		);
	}

	/**
	 * The confirmation chosen for stored values.
	 *
	 * @param array<string, mixed>               $definition Definition.
	 * @param array<string, string|array<mixed>> $values     Stored values by input id.
	 * @return array<string, mixed>
	 */
	private static function choose( array $definition, array $values ): array {
		$form  = new Form( 7, $definition );
		$entry = new Entry( 11, 7, $values, '2026-11-25 15:00:00' );
		return $form->choose_confirmation( static fn( ?array $logic ): bool => EntryLogic::shows( $form, $entry, $logic ), self::DEFAULT_MESSAGE );
	}

	/**
	 * The usual set: France (redirect), gift wrap (page), big amounts hidden (message), default.
	 *
	 * @return list<array<string, mixed>>
	 */
	private static function confirmations(): array {
		return array(
			array(
				'id'        => 'default',
				'name'      => 'Default',
				'isDefault' => true,
				'type'      => 'message',
				'message'   => 'Thanks {Country:1}',
			),
			array(
				'id'               => 'france',
				'type'             => 'redirect',
				'url'              => 'https://example.org/merci',
				'queryString'      => 'c={Country:1:value}',
				'conditionalLogic' => self::logic( '1', 'is', 'fr' ),
			),
			array(
				'id'               => 'wrap',
				'type'             => 'page',
				'pageId'           => 42,
				'conditionalLogic' => self::logic( '2', 'is', 'wrap' ),
			),
			array(
				'id'               => 'off',
				'isActive'         => false,
				'type'             => 'message',
				'message'          => 'Never',
				'conditionalLogic' => self::logic( '1', 'is', 'de' ),
			),
			array(
				'id'               => 'small',
				'type'             => 'message',
				'message'          => 'Small order',
				'conditionalLogic' => self::logic( '3', '>', '100', 'hide' ),
			),
		);
	}

	public function test_the_first_active_matching_confirmation_wins_in_order(): void {
		$this->assertSame(
			array(
				'id'          => 'france',
				'type'        => 'redirect',
				'url'         => 'https://example.org/merci',
				'queryString' => 'c={Country:1:value}',
			),
			self::choose(
				self::definition( self::confirmations() ),
				array(
					'1'   => 'fr',
					'2.1' => 'wrap',
					'3'   => '5',
				)
			)
		);
		$this->assertSame(
			array(
				'id'     => 'wrap',
				'type'   => 'page',
				'pageId' => 42,
			),
			self::choose(
				self::definition( self::confirmations() ),
				array(
					'1'   => 'de',
					'2.1' => 'wrap',
					'3'   => '5',
				)
			),
			'A checkbox rule reads the checked choices (rules compare choice values).'
		);
	}

	public function test_inactive_ones_are_skipped_and_hide_logic_inverts(): void {
		// Germany: "off" would match but is inactive; 5 is not > 100, so "small" shows.
		$this->assertSame(
			'small',
			self::choose(
				self::definition( self::confirmations() ),
				array(
					'1' => 'de',
					'3' => '5',
				)
			)['id']
		);
		// 500 > 100 hides "small": nothing matches, the default one answers.
		$this->assertSame(
			array(
				'id'      => 'default',
				'type'    => 'message',
				'message' => 'Thanks {Country:1}',
			),
			self::choose(
				self::definition( self::confirmations() ),
				array(
					'1' => 'de',
					'3' => '500',
				)
			)
		);
	}

	public function test_a_confirmation_without_logic_matches_and_the_default_is_never_taken_first(): void {
		$confirmations = array(
			array(
				'id'        => 'default',
				'isDefault' => true,
				'type'      => 'message',
				'message'   => 'Default one',
			),
			array(
				'id'      => 'always',
				'type'    => 'message',
				'message' => 'Always',
			),
		);
		$this->assertSame( 'always', self::choose( self::definition( $confirmations ), array() )['id'] );
	}

	public function test_without_a_default_the_legacy_confirmation_then_the_default_message_apply(): void {
		$only_france = array( self::confirmations()[1] );
		$legacy      = array(
			'confirmation' => array(
				'type'    => 'message',
				'message' => 'Legacy thanks',
			),
		);
		$this->assertSame(
			array(
				'type'    => 'message',
				'message' => 'Legacy thanks',
			),
			self::choose( self::definition( $only_france, $legacy ), array( '1' => 'de' ) )
		);
		$this->assertSame(
			array(
				'type'    => 'message',
				'message' => self::DEFAULT_MESSAGE,
			),
			self::choose( self::definition( $only_france ), array( '1' => 'de' ) )
		);
		$this->assertSame(
			array(
				'type' => 'redirect',
				'url'  => '/thanks',
			),
			self::choose(
				self::definition(
					array(),
					array(
						'confirmation' => array(
							'type' => 'redirect',
							'url'  => '/thanks',
						),
					)
				),
				array()
			),
			'A form with only the legacy confirmation keeps it.'
		);
	}

	public function test_an_empty_message_is_the_default_message(): void {
		$confirmations = array(
			array(
				'id'        => 'default',
				'isDefault' => true,
				'type'      => 'message',
				'message'   => '  ',
			),
		);
		$this->assertSame( self::DEFAULT_MESSAGE, self::choose( self::definition( $confirmations ), array() )['message'] );
	}

	public function test_the_evaluation_of_stored_values_hides_fields_the_logic_hid(): void {
		$definition                                  = self::definition( array() );
		$definition['fields'][2]['conditionalLogic'] = self::logic( '1', 'is', 'fr' );
		$form                                        = new Form( 7, $definition );
		$germany                                     = EntryLogic::evaluate( $form, new Entry( 1, 7, array( '1' => 'de' ), '2026-11-25 15:00:00' ) );
		$france                                      = EntryLogic::evaluate(
			$form,
			new Entry(
				2,
				7,
				array(
					'1' => 'fr',
					'3' => '4',
				),
				'2026-11-25 15:00:00'
			)
		);
		$this->assertNotNull( $germany );
		$this->assertNotNull( $france );
		$this->assertFalse( $germany['visible'][3] );
		$this->assertTrue( $france['visible'][3] );
	}

	/**
	 * Errors of a definition as path => keyword.
	 *
	 * @param array<string, mixed> $definition Definition.
	 * @return array<string, string>
	 */
	private function errors( array $definition ): array {
		$validator = new FormValidator( SchemaValidator::from_file( dirname( __DIR__, 4 ) . '/plugin/schema/form.schema.json' ) );
		$errors    = array();
		foreach ( $validator->validate( $definition ) as $error ) {
			$this->assertInstanceOf( SchemaError::class, $error );
			$errors[ $error->path ] = $error->keyword;
		}
		return $errors;
	}

	public function test_the_validator_accepts_the_usual_set(): void {
		$this->assertSame( array(), $this->errors( self::definition( self::confirmations() ) ) );
	}

	public function test_the_validator_refuses_two_defaults_and_repeated_ids(): void {
		$confirmations                 = self::confirmations();
		$confirmations[2]['isDefault'] = true;
		$confirmations[3]['id']        = 'france';
		$this->assertSame(
			array(
				'confirmations[2].isDefault' => 'singleDefault',
				'confirmations[3].id'        => 'unique',
			),
			$this->errors( self::definition( $confirmations ) )
		);
	}

	public function test_the_validator_refuses_redirects_off_http_and_protocol_relative_ones(): void {
		foreach ( array( '//evil.example/x', '/\\evil.example', 'https://example.org@evil.example/', 'https://{Site:3}/x' ) as $url ) {
			$confirmations           = self::confirmations();
			$confirmations[1]['url'] = $url;
			$this->assertSame( array( 'confirmations[1].url' => 'redirectUrl' ), $this->errors( self::definition( $confirmations ) ), $url );
		}
		$legacy = self::definition(
			array(),
			array(
				'confirmation' => array(
					'type' => 'redirect',
					'url'  => '//evil.example',
				),
			)
		);
		$this->assertSame( array( 'confirmation.url' => 'redirectUrl' ), $this->errors( $legacy ) );
		foreach ( array( '/thanks?x=1', 'https://example.org', 'http://example.org:8080/a?b={Country:1}#top' ) as $url ) {
			$confirmations           = self::confirmations();
			$confirmations[1]['url'] = $url;
			$this->assertSame( array(), $this->errors( self::definition( $confirmations ) ), $url );
		}
	}

	public function test_the_validator_refuses_rules_on_unknown_fields(): void {
		$confirmations                        = self::confirmations();
		$confirmations[4]['conditionalLogic'] = self::logic( '9', 'is', 'x' );
		$this->assertSame( array( 'confirmations[4].conditionalLogic.rules[0].fieldId' => 'unknownField' ), $this->errors( self::definition( $confirmations ) ) );
	}
}
