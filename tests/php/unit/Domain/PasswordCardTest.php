<?php
/**
 * Password and credit card fields on the server: the shared fixtures (also run by Jest), what an
 * entry keeps (nothing secret), card rules and the expiry clock.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\CardRules;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\PasswordInput;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use PHPUnit\Framework\TestCase;

final class PasswordCardTest extends TestCase {

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function fixture_cases(): array {
		$data  = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/engine/password-card.json' ), true );
		$cases = array();
		foreach ( $data['cases'] as $index => $case ) {
			$cases[ $case['name'] . ' #' . $index ] = array( $case );
		}
		return $cases;
	}

	/**
	 * The browser's parts as the REST API receives them (docs/rest-api.md).
	 *
	 * @param array<string, mixed>  $field Field.
	 * @param array<string, string> $parts Parts.
	 * @return array<string, mixed>
	 */
	private static function submitted( array $field, array $parts ): array {
		$id = (string) $field['id'];
		if ( 'password' === $field['type'] ) {
			return array(
				$id        => $parts['password'],
				$id . '.2' => $parts['confirmation'],
			);
		}
		return array(
			$id . '.1' => $parts['number'],
			$id . '.2' => array( $parts['month'], $parts['year'] ),
			$id . '.3' => $parts['code'],
			$id . '.5' => $parts['name'],
		);
	}

	/**
	 * @param array<string, mixed> $field Field.
	 * @param array<string, mixed> $raw   Submitted values.
	 */
	private static function validate( array $field, array $raw, ?SubmissionValidator $validator = null ): \Kestrel\Forms\Domain\Validation\SubmissionResult {
		$form = new Form(
			1,
			array(
				'title'  => 'T',
				'fields' => array( $field ),
			)
		);
		return ( $validator ?? new SubmissionValidator() )->validate( $form, $raw );
	}

	/**
	 * @dataProvider fixture_cases
	 *
	 * @param array{field: array<string, mixed>, parts: array<string, string>, expected: string|null} $case Fixture.
	 */
	public function test_shared_fixtures( array $case ): void {
		$result = self::validate( $case['field'], self::submitted( $case['field'], $case['parts'] ) );
		$error  = $result->errors[ (int) $case['field']['id'] ] ?? null;
		$this->assertSame( $case['expected'], $error ? $error->code : null );
		if ( null === $case['expected'] ) {
			$stored = implode( ' ', $result->values );
			foreach ( array( 'password', 'number', 'code' ) as $secret ) {
				if ( isset( $case['parts'][ $secret ] ) && strlen( trim( $case['parts'][ $secret ] ) ) > 4 ) {
					$this->assertStringNotContainsString( trim( $case['parts'][ $secret ] ), $stored, 'Nothing secret is stored.' );
				}
			}
		}
	}

	public function test_a_password_is_stored_as_a_marker_only(): void {
		$field  = array(
			'id'         => 5,
			'type'       => 'password',
			'isRequired' => true,
		);
		$result = self::validate(
			$field,
			array(
				'5'   => 'correct horse battery staple',
				'5.2' => 'correct horse battery staple',
			)
		);
		$this->assertTrue( $result->is_valid() );
		$this->assertSame( array( '5' => PasswordInput::NOT_STORED ), $result->values );
		$this->assertStringNotContainsString( 'horse', serialize( $result ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- checks what a serialized result (object cache, logs) would hold.
	}

	public function test_a_password_that_is_not_text_is_refused(): void {
		$field = array(
			'id'   => 5,
			'type' => 'password',
		);
		$this->assertSame( FieldError::INVALID, self::validate( $field, array( '5' => array( 'x' ) ) )->errors[5]->code );
		$this->assertSame( FieldError::INVALID, self::validate( $field, array( '5' => "\xB1\x31" ) )->errors[5]->code );
	}

	public function test_a_card_is_stored_as_last_four_brand_and_name_only(): void {
		$field  = array(
			'id'   => 7,
			'type' => 'creditcard',
		);
		$result = self::validate(
			$field,
			array(
				'7.1' => '4242 4242 4242 4242',
				'7.2' => array( '12', '2099' ),
				'7.3' => '987',
				'7.4' => 'mastercard',
				'7.5' => ' Ada Lovelace ',
			)
		);
		$this->assertTrue( $result->is_valid() );
		$this->assertSame(
			array(
				'7.1' => '4242',
				'7.4' => 'Visa',
				'7.5' => 'Ada Lovelace',
			),
			$result->values,
			'The type is derived on the server; number, expiry and code are not kept.'
		);
		// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- checks what a serialized result (object cache, logs) would hold.
		$this->assertStringNotContainsString( '424242', serialize( $result ) );
		$this->assertStringNotContainsString( '987', serialize( $result ) );
		// phpcs:enable
	}

	public function test_malformed_card_parts_are_invalid(): void {
		$field = array(
			'id'   => 7,
			'type' => 'creditcard',
		);
		$this->assertSame( FieldError::INVALID, self::validate( $field, array( '7.1' => array( '4111' ) ) )->errors[7]->code );
		$this->assertSame( FieldError::INVALID, self::validate( $field, array( '7.2' => '12/2099' ) )->errors[7]->code );
	}

	public function test_expiry_uses_the_given_clock_through_the_end_of_the_month(): void {
		$field     = array(
			'id'   => 7,
			'type' => 'creditcard',
		);
		$validator = new SubmissionValidator( null, static fn(): array => array( 2030, 6 ) );
		$card      = static fn( string $month, string $year ): array => array(
			'7.1' => '4111111111111111',
			'7.2' => array( $month, $year ),
			'7.3' => '123',
			'7.5' => 'Ada',
		);
		$this->assertTrue( self::validate( $field, $card( '06', '2030' ), $validator )->is_valid() );
		$this->assertTrue( self::validate( $field, $card( '1', '2031' ), $validator )->is_valid() );
		$this->assertSame( FieldError::CARD_EXPIRED, self::validate( $field, $card( '05', '2030' ), $validator )->errors[7]->code );
		$this->assertSame( FieldError::CARD_EXPIRED, self::validate( $field, $card( '12', '2029' ), $validator )->errors[7]->code );
	}

	public function test_card_rules_come_from_the_provider_and_an_ambiguous_number_has_no_type(): void {
		$field      = array(
			'id'   => 7,
			'type' => 'creditcard',
		);
		$raw        = array(
			'7.1' => '4111111111111111',
			'7.2' => array( '12', '2099' ),
			'7.3' => '123',
			'7.5' => 'Ada',
		);
		$store      = static fn(): array => CardRules::defaults() + array(
			'store' => array(
				'name'     => 'Store card',
				'prefixes' => array( '4111' ),
			),
		);
		$this->assertSame( FieldError::CARD_TYPE, self::validate( $field, $raw, new SubmissionValidator( $store ) )->errors[7]->code );
		$only_store = static fn(): array => array(
			'store' => array(
				'name'     => 'Store card',
				'prefixes' => array( '4111' ),
			),
		);
		$result     = self::validate( $field, $raw, new SubmissionValidator( $only_store ) );
		$this->assertSame( 'Store card', $result->values['7.4'] );
	}

	public function test_card_rules_defaults_detection_and_luhn(): void {
		$rules = CardRules::defaults();
		$this->assertSame( array( 'visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners', 'maestro' ), array_keys( $rules ) );
		$this->assertSame( 'visa', CardRules::detect( '4111', $rules ) );
		$this->assertNull( CardRules::detect( '411', $rules ) );
		$this->assertSame( 'mastercard', CardRules::detect( '2720', $rules ) );
		$this->assertNull( CardRules::detect( '2721', $rules ) );
		$this->assertSame( 'discover', CardRules::detect( '6221260000000000', $rules ) );
		$this->assertNull( CardRules::detect( '6221', $rules ), 'A 6-digit range needs 6 digits.' );
		$this->assertTrue( CardRules::luhn( '378282246310005' ) );
		$this->assertFalse( CardRules::luhn( '378282246310006' ) );
		$this->assertSame( '4111111111111111', CardRules::digits( ' 4111-1111 1111-1111 ' ) );
		$this->assertNull( CardRules::digits( '4111.1111' ) );
	}

	public function test_untrusted_rules_are_normalised(): void {
		$this->assertSame(
			array(
				'good' => array(
					'name'     => 'Good',
					'prefixes' => array( '12', array( '30', '35' ) ),
					'lengths'  => array( 16 ),
				),
			),
			CardRules::normalize(
				array(
					'good'     => array(
						'name'     => 'Good',
						'prefixes' => array( '12', array( '30', '35' ), 'x', array( '1', '23' ) ),
						'lengths'  => array( 16, 0, 40, '16' ),
					),
					'Bad Slug' => array(
						'name'     => 'B',
						'prefixes' => array( '4' ),
					),
					'noname'   => array( 'prefixes' => array( '4' ) ),
					'noprefix' => array(
						'name'     => 'N',
						'prefixes' => array(),
					),
					'notarray' => 'visa',
				)
			)
		);
		$this->assertSame( array(), CardRules::normalize( 'nope' ) );
	}
}
