<?php
/**
 * Merge tags: entry values, the order and the entry's payment in text the site owner writes
 * (confirmations, notifications, payment texts), and the few tags default values may use.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Logic\EntryLogic;
use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Entries\Formats\ProductFormat;
use Kestrel\Forms\Entries\Formats\TagContext;
use Kestrel\Forms\Persistence\EntryPayments;

/**
 * Tags (Gravity-Forms-shaped, so that messages written for it keep working; the full list and
 * where each works: docs/merge-tags.md):
 *
 * - `{Label:3}`, `{:3}`: the display text of field 3; `{Label:3:value}` its stored value(s);
 *   `{Label:3.2}` the stored value of input 3.2 (a product's name, price, quantity; a list's
 *   column). The label part is only a reminder for the author and is ignored (it may hold colons).
 * - `{all_fields}`, `{pricing_fields}`, `{total}`, `{form_title}`, `{form_id}`, `{entry_id}`,
 *   `{date}`, `{ip}`, `{embed_url}`, `{user:display_name}` (`user_email`, `user_login`),
 *   `{site_title}`, `{site_url}`, `{admin_email}`.
 * - `{payment_status}`, `{payment_amount}`, `{transaction_id}`, `{payment_method}`,
 *   `{receipt_url}`: empty when the entry has no payment.
 *
 * Unknown tags stay as written. Values are escaped for the place the text goes: HTML (esc_html,
 * URLs esc_url), plain text (as stored) or URL (rawurlencode, for redirects).
 */
final class MergeTags {

	/** Text that is HTML: values are escaped with esc_html (URLs with esc_url). */
	public const HTML = 'html';

	/** Plain text: values as stored. */
	public const TEXT = 'text';

	/** A URL (redirects and their query strings): each value is rawurlencode'd. */
	public const URL = 'url';

	/** The payment tags. */
	private const PAYMENT_TAGS = array( 'payment_status', 'payment_amount', 'transaction_id', 'payment_method', 'receipt_url' );

	/** Properties of the `{user:…}` tag. */
	private const USER_PROPERTIES = array( 'display_name', 'user_email', 'user_login' );

	/**
	 * A tag: a name with an optional property (`{entry_id}`, `{user:user_email}`), or a field
	 * reference with an optional label before and modifier after (`{Your name:1}`, `{:3.2}`,
	 * `{Colour:4:value}`). The label may hold colons: the last `:id` wins.
	 */
	private const PATTERN = '/\{(?:([a-z_]+)(?::([a-z_]+))?|([^{}]*?):\s*(\d+(?:\.\d+)?)\s*(?::([^{}:]*))?)\}/';

	/** Field types {all_fields} leaves out (the visitor saw no value in them). */
	private const NOT_IN_ALL_FIELDS = array( 'hidden', 'password' );

	/**
	 * Client addresses of the entries stored during this request, by entry id: entries do not
	 * store addresses, so `{ip}` is known only while the submission is handled.
	 *
	 * @var array<int, string>
	 */
	private static array $client_ips = array();

	/**
	 * Takes the payments reader.
	 *
	 * @param EntryPayments $payments Payments of entries.
	 */
	public function __construct( private readonly EntryPayments $payments = new EntryPayments() ) {}

	/**
	 * Replaces the merge tags of a text (HTML or plain text).
	 *
	 * @param string $text  Text with tags.
	 * @param Form   $form  The entry's form.
	 * @param Entry  $entry The entry.
	 * @param bool   $html  Whether the text is HTML (values are then escaped for it).
	 */
	public function replace( string $text, Form $form, Entry $entry, bool $html ): string {
		return $this->replace_in( $text, $form, $entry, $html ? self::HTML : self::TEXT );
	}

	/**
	 * Replaces the merge tags of a URL (a redirect and its query string): each value is
	 * URL-encoded, so no value can add a parameter, a fragment or a scheme.
	 *
	 * @param string $url   URL with tags.
	 * @param Form   $form  The entry's form.
	 * @param Entry  $entry The entry.
	 */
	public function replace_url( string $url, Form $form, Entry $entry ): string {
		return $this->replace_in( $url, $form, $entry, self::URL );
	}

	/**
	 * Replaces the merge tags of a text for one of the modes HTML, TEXT or URL.
	 *
	 * @param string $text  Text with tags.
	 * @param Form   $form  The entry's form.
	 * @param Entry  $entry The entry.
	 * @param string $mode  self::HTML, self::TEXT or self::URL.
	 */
	public function replace_in( string $text, Form $form, Entry $entry, string $mode ): string {
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
		$result  = preg_replace_callback(
			self::PATTERN,
			function ( array $m ) use ( $form, $entry, $mode, $find ): string {
				if ( '' !== $m[1] ) {
					return $this->named( $m[1], (string) ( $m[2] ?? '' ), $form, $entry, $mode, $find ) ?? $m[0];
				}
				return self::encode( self::input_value( $form, $entry, $m[4], trim( (string) ( $m[5] ?? '' ) ), $find, $mode ), $mode );
			},
			$text
		);
		return null === $result ? $text : $result;
	}

	/**
	 * Tags in a field's default value on the visitor's page, where there is no entry: `{date}`
	 * (now), `{embed_url}`, `{form_title}`, `{form_id}`, `{site_title}`, `{site_url}` and the
	 * current user's `{user:…}`. Others stay as written. Plain text: the page escapes it.
	 *
	 * @param string $text     Default value.
	 * @param Form   $form     The form.
	 * @param string $page_url URL of the page showing the form ('' when unknown).
	 */
	public static function replace_defaults( string $text, Form $form, string $page_url ): string {
		if ( ! str_contains( $text, '{' ) ) {
			return $text;
		}
		$result = preg_replace_callback(
			self::PATTERN,
			static function ( array $m ) use ( $form, $page_url ): string {
				$name = (string) $m[1];
				if ( 'user' === $name ) {
					return self::user_value( get_current_user_id(), (string) ( $m[2] ?? '' ) ) ?? $m[0];
				}
				return match ( $name ) {
					'date'       => self::local_date( time() ),
					'embed_url'  => $page_url,
					'form_title' => $form->title(),
					'form_id'    => (string) $form->id,
					'site_title' => self::site_title(),
					'site_url'   => home_url( '/' ),
					default      => $m[0],
				};
			},
			$text
		);
		return null === $result ? $text : $result;
	}

	/**
	 * Remembers the client address of an entry stored during this request, for `{ip}` (called by
	 * the submission use case before the confirmation and the notifications are written).
	 *
	 * @param int    $entry_id Entry id.
	 * @param string $ip       The client's address ('' when unknown).
	 */
	public static function remember_client_ip( int $entry_id, string $ip ): void {
		if ( $entry_id > 0 && '' !== $ip ) {
			self::$client_ips[ $entry_id ] = $ip;
		}
	}

	/**
	 * The `kestrel_forms_confirmation` filter: tags in the confirmation message (HTML) and in a
	 * redirect's URL and query string (URL-encoded).
	 *
	 * @param mixed $confirmation Confirmation ({type, message?, url?}).
	 * @param mixed $form         The form.
	 * @param mixed $entry        The entry.
	 * @return mixed
	 */
	public function confirmation( $confirmation, $form = null, $entry = null ) {
		if ( ! is_array( $confirmation ) || ! $form instanceof Form || ! $entry instanceof Entry ) {
			return $confirmation;
		}
		if ( isset( $confirmation['message'] ) ) {
			$confirmation['message'] = $this->replace( (string) $confirmation['message'], $form, $entry, true );
		}
		if ( isset( $confirmation['url'] ) ) {
			$confirmation['url'] = $this->replace_url( (string) $confirmation['url'], $form, $entry );
		}
		return $confirmation;
	}

	/**
	 * A named tag's text in the mode, or null for a tag this class does not know.
	 *
	 * @param string   $name     Tag name.
	 * @param string   $property What follows the colon (`{user:user_email}`), '' for none.
	 * @param Form     $form     Form.
	 * @param Entry    $entry    Entry.
	 * @param string   $mode     Escaping mode.
	 * @param callable $find     Returns the entry's payment (or null).
	 */
	private function named( string $name, string $property, Form $form, Entry $entry, string $mode, callable $find ): ?string {
		if ( in_array( $name, self::PAYMENT_TAGS, true ) ) {
			$payment = $find();
			if ( 'receipt_url' === $name ) {
				return self::encode_url( null === $payment ? '' : (string) $payment['receipt_url'], $mode );
			}
			return self::encode( null === $payment ? '' : self::payment_value( $name, $payment ), $mode );
		}
		if ( 'user' === $name ) {
			$value = self::user_value( $entry->user_id, $property );
			return null === $value ? null : self::encode( $value, $mode );
		}
		return match ( $name ) {
			'all_fields'     => $this->all_fields( $form, $entry, $find(), $mode ),
			'pricing_fields' => self::pricing_fields( $form, $entry, $mode ),
			'total'          => self::encode( null === $entry->pricing ? '' : EntryPresenter::money( (int) $entry->pricing['totalMinor'], (string) $entry->pricing['currency'] ), $mode ),
			'entry_id'       => self::encode( (string) $entry->id, $mode ),
			'form_id'        => self::encode( (string) $form->id, $mode ),
			'form_title'     => self::encode( $form->title(), $mode ),
			'date'           => self::encode( self::local_date( (int) strtotime( $entry->created_at . ' UTC' ) ), $mode ),
			'ip'             => self::encode( self::$client_ips[ $entry->id ] ?? '', $mode ),
			'embed_url'      => self::encode_url( $entry->source_url, $mode ),
			'site_title'     => self::encode( self::site_title(), $mode ),
			'site_url'       => self::encode_url( home_url( '/' ), $mode ),
			'admin_email'    => self::encode( (string) get_option( 'admin_email' ), $mode ),
			default          => null,
		};
	}

	/**
	 * A value escaped for the mode.
	 *
	 * @param string $value Plain text.
	 * @param string $mode  Escaping mode.
	 */
	private static function encode( string $value, string $mode ): string {
		return match ( $mode ) {
			self::HTML => nl2br( esc_html( $value ), false ),
			self::URL  => rawurlencode( $value ),
			default    => $value,
		};
	}

	/**
	 * A URL value escaped for the mode (esc_url in HTML: safe in text and in an attribute).
	 *
	 * @param string $url  URL.
	 * @param string $mode Escaping mode.
	 */
	private static function encode_url( string $url, string $mode ): string {
		return self::HTML === $mode ? esc_url( $url ) : self::encode( $url, $mode );
	}

	/**
	 * A date and time in the site's time zone and formats.
	 *
	 * @param int $timestamp Unix time.
	 */
	private static function local_date( int $timestamp ): string {
		return (string) wp_date( trim( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ) ), $timestamp );
	}

	/**
	 * The site's title as plain text.
	 */
	private static function site_title(): string {
		return wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
	}

	/**
	 * A property of a user (display name, email, login), '' without the user; null for a
	 * property the tag does not offer (the tag then stays as written).
	 *
	 * @param int    $user_id  User id (0: a visitor).
	 * @param string $property Property.
	 */
	private static function user_value( int $user_id, string $property ): ?string {
		if ( ! in_array( $property, self::USER_PROPERTIES, true ) ) {
			return null;
		}
		$user = $user_id > 0 ? get_userdata( $user_id ) : false;
		return $user ? (string) $user->{$property} : '';
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
	 * The plain text of a field (display text, or stored values with the `value` modifier) or of
	 * one input, as the field type's format writes it (Formats\Formats).
	 *
	 * @param Form     $form     Form.
	 * @param Entry    $entry    Entry.
	 * @param string   $input_id "3" or "3.2".
	 * @param string   $modifier What follows the id (`value`), '' for none.
	 * @param callable $find     Returns the entry's payment (or null).
	 * @param string   $mode     Escaping mode (the format may lay lines out for it).
	 */
	private static function input_value( Form $form, Entry $entry, string $input_id, string $modifier, callable $find, string $mode ): string {
		$field = $form->field( (int) $input_id );
		if ( null === $field || in_array( $field['type'], Form::DISPLAY_ONLY_TYPES, true ) || 'captcha' === $field['type'] ) {
			return '';
		}
		return Formats::field( $field )->tag( $field, $entry, new TagContext( $form, $input_id, $modifier, $mode, \Closure::fromCallable( $find ) ) );
	}

	/**
	 * The display text of a field in a text of the mode.
	 *
	 * @param Form                 $form  Form.
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param string               $mode  Escaping mode.
	 */
	private static function display( Form $form, array $field, Entry $entry, string $mode ): string {
		return Formats::field( $field )->tag( $field, $entry, new TagContext( $form, (string) $field['id'], '', $mode ) );
	}

	/**
	 * `{all_fields}`: label and value of each field the visitor saw and filled in, then the
	 * payment. Fields hidden by conditional logic are not stored; those the form's logic hides
	 * for the stored values are left out as well.
	 *
	 * @param Form                                                                                          $form    Form.
	 * @param Entry                                                                                         $entry   Entry.
	 * @param array{status: string, amount_minor: int, currency: string, brand: string, last4: string}|null $payment The entry's payment.
	 * @param string                                                                                        $mode    Escaping mode.
	 */
	private function all_fields( Form $form, Entry $entry, ?array $payment, string $mode ): string {
		$evaluation = EntryLogic::evaluate( $form, $entry );
		$visible    = null === $evaluation ? array() : (array) $evaluation['visible'];
		$pairs      = array();
		foreach ( EntryPresenter::value_fields( $form ) as $field ) {
			if ( in_array( $field['type'], self::NOT_IN_ALL_FIELDS, true ) || false === ( $visible[ (int) $field['id'] ] ?? true ) ) {
				continue;
			}
			$value = self::display( $form, $field, $entry, $mode );
			if ( '' !== $value ) {
				$pairs[] = array( EntryPresenter::label( $field ), $value );
			}
		}
		if ( null !== $payment ) {
			$pairs[] = array( __( 'Payment', 'kestrel-forms' ), PaymentText::line( $payment ) );
		}
		if ( self::HTML !== $mode ) {
			return self::encode( implode( "\n", array_map( static fn( array $p ): string => $p[0] . ': ' . $p[1], $pairs ) ), $mode );
		}
		$rows = '';
		foreach ( $pairs as $pair ) {
			$rows .= '<tr><th scope="row">' . esc_html( $pair[0] ) . '</th><td>' . nl2br( esc_html( $pair[1] ), false ) . '</td></tr>';
		}
		return '' === $rows ? '' : '<table class="kestrel-forms-all-fields"><tbody>' . $rows . '</tbody></table>';
	}

	/**
	 * `{pricing_fields}`: the order as the server priced it (products with their options,
	 * quantities, unit prices and line totals, shipping, total); '' without products.
	 *
	 * @param Form   $form  Form.
	 * @param Entry  $entry Entry.
	 * @param string $mode  Escaping mode.
	 */
	private static function pricing_fields( Form $form, Entry $entry, string $mode ): string {
		$pricing = $entry->pricing;
		if ( null === $pricing ) {
			return '';
		}
		$currency = (string) $pricing['currency'];
		$money    = static fn( int $minor ): string => EntryPresenter::money( $minor, $currency );
		$lines    = array();
		foreach ( (array) ( $pricing['products'] ?? array() ) as $line ) {
			$field   = $form->field( (int) $line['fieldId'] );
			$name    = null === $field ? (string) $line['name'] : ProductFormat::name( $field, $entry, $line );
			$options = array_map( static fn( array $o ): string => (string) $o['name'], array_filter( (array) ( $line['options'] ?? array() ), 'is_array' ) );
			$lines[] = array(
				$options ? $name . ' (' . implode( ', ', $options ) . ')' : $name,
				(string) $line['quantity'],
				$money( (int) $line['unitMinor'] ),
				$money( (int) $line['lineMinor'] ),
			);
		}
		$shipping = (int) ( $pricing['shippingMinor'] ?? 0 );
		$total    = $money( (int) $pricing['totalMinor'] );
		if ( self::HTML !== $mode ) {
			$text = array();
			foreach ( $lines as $l ) {
				/* translators: 1: product name, 2: quantity, 3: unit price, 4: line total. */
				$text[] = sprintf( __( '%1$s, Qty: %2$s, Price: %3$s, Subtotal: %4$s', 'kestrel-forms' ), ...$l );
			}
			if ( $shipping > 0 ) {
				/* translators: %s: shipping amount. */
				$text[] = sprintf( __( 'Shipping: %s', 'kestrel-forms' ), $money( $shipping ) );
			}
			/* translators: %s: order total. */
			$text[] = sprintf( __( 'Total: %s', 'kestrel-forms' ), $total );
			return self::encode( implode( "\n", $text ), $mode );
		}
		$rows = '';
		foreach ( $lines as $l ) {
			$rows .= '<tr><td>' . esc_html( $l[0] ) . '</td><td>' . esc_html( $l[1] ) . '</td><td>' . esc_html( $l[2] ) . '</td><td>' . esc_html( $l[3] ) . '</td></tr>';
		}
		$foot  = $shipping > 0 ? '<tr><th scope="row" colspan="3">' . esc_html__( 'Shipping', 'kestrel-forms' ) . '</th><td>' . esc_html( $money( $shipping ) ) . '</td></tr>' : '';
		$foot .= '<tr><th scope="row" colspan="3">' . esc_html__( 'Total', 'kestrel-forms' ) . '</th><td>' . esc_html( $total ) . '</td></tr>';
		return '<table class="kestrel-forms-pricing-fields"><thead><tr><th scope="col">' . esc_html__( 'Product', 'kestrel-forms' ) . '</th><th scope="col">' . esc_html__( 'Quantity', 'kestrel-forms' ) . '</th><th scope="col">' . esc_html__( 'Price', 'kestrel-forms' ) . '</th><th scope="col">' . esc_html__( 'Subtotal', 'kestrel-forms' ) . '</th></tr></thead><tbody>' . $rows . '</tbody><tfoot>' . $foot . '</tfoot></table>';
	}
}
