<?php
/**
 * The CreatePayment request of a charge.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Payments\ChargePlan;
use Kestrel\Forms\Domain\Payments\PaymentValue;
use Kestrel\Forms\Domain\Payments\WalletRequest;
use Kestrel\Forms\Domain\Validation\SubmissionResult;
use Kestrel\Forms\Entries\MergeTags;

/**
 * Builds the body {@see ChargePayment} stores (with its hash) before it sends it: the amount and
 * currency of the server's plan only, never the browser's.
 */
final class ChargeRequest {

	/**
	 * The CreatePayment body: amount from the plan, the server key, `autocomplete: false`, a short
	 * reference, the verification token, billing data from the field's mapping, the note.
	 *
	 * @param Form                 $form        The form.
	 * @param array<string, mixed> $field       The payment field.
	 * @param SubmissionResult     $result      Validation (clean values).
	 * @param ChargePlan           $plan        The plan.
	 * @param PaymentValue         $value       The visitor's token.
	 * @param string               $attempt_key Idempotency key.
	 * @param int                  $id          Attempt id.
	 * @param string               $location_id Location id.
	 * @param array<string, mixed> $draft       The entry draft (its values fill the note's merge tags).
	 * @return array<string, mixed>
	 */
	public static function body( Form $form, array $field, SubmissionResult $result, ChargePlan $plan, PaymentValue $value, string $attempt_key, int $id, string $location_id, array $draft ): array {
		$body = array(
			'idempotency_key' => $attempt_key,
			'source_id'       => $value->token,
			'amount_money'    => array(
				'amount'   => $plan->amount_minor,
				'currency' => $plan->currency,
			),
			// Every source is authorised first and completed once the entry is stored, except a
			// bank account (ACH), which the provider only takes with autocomplete true: it stays
			// PENDING until the transfer settles.
			'autocomplete'    => self::always_completes( $value ),
			'location_id'     => $location_id,
			'reference_id'    => substr( 'kf-' . $form->id . '-' . $id, 0, 40 ),
		);
		if ( '' !== $value->verification_token ) {
			$body['verification_token'] = $value->verification_token;
		}
		$billing = is_array( $field['billing'] ?? null ) ? $field['billing'] : array();
		$read    = static function ( string $key ) use ( $billing, $result ): string {
			$input = $billing[ $key ] ?? null;
			$value = is_string( $input ) || is_int( $input ) ? ( $result->values[ (string) $input ] ?? '' ) : '';
			return is_string( $value ) ? trim( $value ) : '';
		};
		// A wallet's billing contact fills what the form's mapping leaves empty (documented in
		// docs/payments.md): the visitor's own entries always win.
		$wallet = $value->billing;
		$mapped = static fn( string $key ): string => '' !== $read( $key ) ? $read( $key ) : ( $wallet[ $key ] ?? '' );
		$email  = $mapped( 'email' );
		if ( '' !== $email && false !== filter_var( $email, FILTER_VALIDATE_EMAIL ) ) {
			$body['buyer_email_address'] = substr( $email, 0, 255 );
		}
		$address = self::address( $mapped );
		if ( $address ) {
			$body['billing_address'] = $address;
		}
		if ( $value->shipping ) {
			// The wallet sheet's shipping contact: kept with the payment (and removed with the
			// buyer's other details, PaymentRepository::PERSONAL_REQUEST_FIELDS).
			$shipping = self::address( static fn( string $key ): string => $value->shipping[ $key ] ?? '' );
			if ( $shipping ) {
				$body['shipping_address'] = $shipping;
			}
			$phone = $value->shipping['phone'] ?? ( $value->billing['phone'] ?? '' );
			if ( 1 === preg_match( '/^\+?[0-9 ().-]{4,30}$/D', $phone ) ) {
				$body['buyer_phone_number'] = $phone;
			}
		}
		if ( ! isset( $body['shipping_address'] ) && 'afterpayClearpay' === $value->method && WalletRequest::has_own_address( $field ) ) {
			// Afterpay/Clearpay's popup asked for no address: the form's own is where it ships.
			$own = self::address( $read );
			if ( $own ) {
				$body['shipping_address'] = $own;
			}
		}
		$note = trim( wp_strip_all_tags( (string) ( $field['description'] ?? '' ) ) );
		if ( '' !== $note ) {
			// Merge tags from the values being stored: the entry is written only after the
			// payment, so a transient entry (id 0) of the same values stands in for it.
			$entry = new Entry(
				0,
				$form->id,
				is_array( $draft['values'] ?? null ) ? $draft['values'] : $result->values,
				is_string( $draft['created_at'] ?? null ) ? $draft['created_at'] : gmdate( 'Y-m-d H:i:s' ),
				is_string( $draft['source_url'] ?? null ) ? $draft['source_url'] : '',
				(int) ( $draft['user_id'] ?? 0 ),
				Entry::STATUS_ACTIVE,
				is_array( $draft['pricing'] ?? null ) ? $draft['pricing'] : $result->pricing
			);
			$note  = trim( ( new MergeTags() )->replace( $note, $form, $entry, false ) );
		}
		if ( '' !== $note ) {
			// At most 500 characters as the API counts them (UTF-16 code units).
			$note  = mb_substr( $note, 0, 500 );
			$units = intdiv( strlen( (string) mb_convert_encoding( $note, 'UTF-16LE', 'UTF-8' ) ), 2 );
			for ( ; $units > 500; $units = intdiv( strlen( (string) mb_convert_encoding( $note, 'UTF-16LE', 'UTF-8' ) ), 2 ) ) {
				$note = mb_substr( $note, 0, -1 );
			}
			$body['note'] = $note;
		}
		/**
		 * Filters the CreatePayment body before it is stored and sent. The amount, currency,
		 * idempotency key, source and autocomplete are put back afterwards.
		 *
		 * @param array<string, mixed> $body  Request body.
		 * @param Form                 $form  The form.
		 * @param array<string, mixed> $field The payment field.
		 */
		$filtered = apply_filters( 'kestrel_forms_payment_request', $body, $form, $field );
		$keep     = array_intersect_key( $body, array_flip( array( 'idempotency_key', 'source_id', 'amount_money', 'autocomplete', 'location_id', 'verification_token' ) ) );
		return is_array( $filtered ) ? array_merge( $filtered, $keep ) : $body;
	}

	/**
	 * Whether the method's payment is created with autocomplete true (ACH: no delayed capture).
	 *
	 * @param PaymentValue $value The submitted value.
	 */
	public static function always_completes( PaymentValue $value ): bool {
		return 'ach' === $value->method;
	}

	/**
	 * A provider address from contact keys (empty parts left out).
	 *
	 * @param callable(string): string $read Reads a contact key (givenName, addressLine1…).
	 * @return array<string, string>
	 */
	private static function address( callable $read ): array {
		$country = $read( 'countryCode' );
		$address = array_filter(
			array(
				'first_name'                      => $read( 'givenName' ),
				'last_name'                       => $read( 'familyName' ),
				'address_line_1'                  => $read( 'addressLine1' ),
				'address_line_2'                  => $read( 'addressLine2' ),
				'locality'                        => $read( 'city' ),
				'administrative_district_level_1' => $read( 'state' ),
				'postal_code'                     => $read( 'postalCode' ),
				'country'                         => 1 === preg_match( '/^[A-Za-z]{2}$/', $country ) ? strtoupper( $country ) : '',
			),
			static fn( string $part ): bool => '' !== $part
		);
		return array_map( static fn( string $part ): string => mb_substr( $part, 0, 255 ), $address );
	}
}
