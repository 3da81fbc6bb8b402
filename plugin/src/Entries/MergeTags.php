<?php
/**
 * Merge tags: entry values and the entry's payment in confirmation messages (and, later,
 * notifications).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Persistence\EntryPayments;

/**
 * Tags (Gravity-Forms-shaped, so that messages written for it keep working):
 *
 * - `{Label:3}`, `{:3}`: the display text of field 3 (choice labels, "Visa ending 4242", rows a
 *   line each); `{Label:3.2}`: the stored value of input 3.2. The label part is only a reminder
 *   for the author and is ignored; a trailing modifier (`{Label:3:value}`) is ignored too.
 * - `{all_fields}`: every value field that has a value, with its label (and the payment).
 * - `{entry_id}`, `{form_title}`.
 * - `{payment_status}` ("Paid"), `{payment_amount}` ("$30.00"), `{transaction_id}`,
 *   `{payment_method}` ("Card"), `{receipt_url}`: empty when the entry has no payment.
 *
 * Unknown tags stay as written. In HTML context every value is escaped (esc_html; the receipt
 * URL with esc_url), so a visitor's value can never add markup to the site's message.
 */
final class MergeTags {

	/** The payment tags. */
	private const PAYMENT_TAGS = array( 'payment_status', 'payment_amount', 'transaction_id', 'payment_method', 'receipt_url' );

	/**
	 * Takes the payments reader.
	 *
	 * @param EntryPayments $payments Payments of entries.
	 */
	public function __construct( private readonly EntryPayments $payments = new EntryPayments() ) {}

	/**
	 * Replaces the merge tags of a text.
	 *
	 * @param string $text  Text with tags.
	 * @param Form   $form  The entry's form.
	 * @param Entry  $entry The entry.
	 * @param bool   $html  Whether the text is HTML (values are then escaped for it).
	 */
	public function replace( string $text, Form $form, Entry $entry, bool $html ): string {
		if ( ! str_contains( $text, '{' ) ) {
			return $text;
		}
		$payment = null;
		$loaded  = false;
		$find    = function () use ( $entry, &$payment, &$loaded ): ?array {
			if ( ! $loaded ) {
				$payment = $entry->id > 0 ? $this->payments->find_by_entry( $entry->id ) : null;
				$loaded  = true;
			}
			return $payment;
		};
		$escape  = static fn( string $value ): string => $html ? nl2br( esc_html( $value ), false ) : $value;
		$result  = preg_replace_callback(
			'/\{(?:([a-z_]+)|([^{}:]*):(\d+(?:\.\d+)?)(?::[^{}]*)?)\}/',
			function ( array $m ) use ( $form, $entry, $html, $find, $escape ): string {
				if ( '' !== $m[1] ) {
					$name = $m[1];
					if ( in_array( $name, self::PAYMENT_TAGS, true ) ) {
						$payment = $find();
						if ( 'receipt_url' === $name ) {
							$url = null === $payment ? '' : $payment['receipt_url'];
							return $html ? esc_url( $url ) : $url;
						}
						return $escape( null === $payment ? '' : self::payment_value( $name, $payment ) );
					}
					return match ( $name ) {
						'all_fields' => $this->all_fields( $form, $entry, $find(), $html ),
						'entry_id'   => (string) $entry->id,
						'form_title' => $escape( $form->title() ),
						default      => $m[0],
					};
				}
				return $escape( self::input_value( $form, $entry, $m[3], $find ) );
			},
			$text
		);
		return null === $result ? $text : $result;
	}

	/**
	 * The `kestrel_forms_confirmation` filter: tags in the confirmation message (HTML).
	 *
	 * @param mixed $confirmation Confirmation ({type, message?, url?}).
	 * @param mixed $form         The form.
	 * @param mixed $entry        The entry.
	 * @return mixed
	 */
	public function confirmation( $confirmation, $form = null, $entry = null ) {
		if ( ! is_array( $confirmation ) || ! $form instanceof Form || ! $entry instanceof Entry || ! isset( $confirmation['message'] ) ) {
			return $confirmation;
		}
		$confirmation['message'] = $this->replace( (string) $confirmation['message'], $form, $entry, true );
		return $confirmation;
	}

	/**
	 * One payment tag's plain text.
	 *
	 * @param string                                                                                                  $name    Tag name.
	 * @param array{status: string, amount_minor: int, currency: string, method: string, provider_payment_id: string} $payment Payment.
	 */
	private static function payment_value( string $name, array $payment ): string {
		return match ( $name ) {
			'payment_status' => PaymentText::status( $payment['status'] ),
			'payment_amount' => PaymentText::money( $payment['amount_minor'], $payment['currency'] ),
			'transaction_id' => $payment['provider_payment_id'],
			'payment_method' => PaymentText::method( $payment['method'] ),
			default          => '',
		};
	}

	/**
	 * The plain text of a field (display text) or of one input (stored value).
	 *
	 * @param Form     $form     Form.
	 * @param Entry    $entry    Entry.
	 * @param string   $input_id "3" or "3.2".
	 * @param callable $find     Returns the entry's payment (or null).
	 */
	private static function input_value( Form $form, Entry $entry, string $input_id, callable $find ): string {
		$field = $form->field( (int) $input_id );
		if ( null === $field || in_array( $field['type'], Form::DISPLAY_ONLY_TYPES, true ) || 'captcha' === $field['type'] ) {
			return '';
		}
		if ( 'payment' === $field['type'] ) {
			return self::payment_line( $find() );
		}
		if ( str_contains( $input_id, '.' ) && ! in_array( $field['type'], array( 'password', 'creditcard' ), true ) ) {
			$value = $entry->values[ $input_id ] ?? '';
			return is_scalar( $value ) ? (string) $value : '';
		}
		return EntryPresenter::value( $field, $entry );
	}

	/**
	 * `{all_fields}`: label and value of each value field with a value, then the payment.
	 *
	 * @param Form                                                                                          $form    Form.
	 * @param Entry                                                                                         $entry   Entry.
	 * @param array{status: string, amount_minor: int, currency: string, brand: string, last4: string}|null $payment The entry's payment.
	 * @param bool                                                                                          $html    HTML context.
	 */
	private function all_fields( Form $form, Entry $entry, ?array $payment, bool $html ): string {
		$pairs = array();
		foreach ( EntryPresenter::value_fields( $form ) as $field ) {
			$value = EntryPresenter::value( $field, $entry );
			if ( '' !== $value ) {
				$pairs[] = array( EntryPresenter::label( $field ), $value );
			}
		}
		if ( null !== $payment ) {
			$pairs[] = array( __( 'Payment', 'kestrel-forms' ), self::payment_line( $payment ) );
		}
		if ( ! $html ) {
			return implode( "\n", array_map( static fn( array $p ): string => $p[0] . ': ' . $p[1], $pairs ) );
		}
		$rows = '';
		foreach ( $pairs as $pair ) {
			$rows .= '<tr><th scope="row">' . esc_html( $pair[0] ) . '</th><td>' . nl2br( esc_html( $pair[1] ), false ) . '</td></tr>';
		}
		return '' === $rows ? '' : '<table class="kestrel-forms-all-fields"><tbody>' . $rows . '</tbody></table>';
	}

	/**
	 * A payment in one line: "Paid: $30.00, Visa •••• 1111".
	 *
	 * @param array{status: string, amount_minor: int, currency: string, brand: string, last4: string}|null $payment Payment.
	 */
	private static function payment_line( ?array $payment ): string {
		if ( null === $payment ) {
			return '';
		}
		$line = PaymentText::status( $payment['status'] ) . ': ' . PaymentText::money( $payment['amount_minor'], $payment['currency'] );
		$card = PaymentText::card( $payment );
		return '' === $card ? $line : $line . ', ' . $card;
	}
}
