<?php
/**
 * Server-side output for a form: the container with the public definition and the form's markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend;

use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Captcha\ClientConfig;
use Kestrel\Forms\Captcha\Settings as CaptchaSettings;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Payments\MethodEligibility;
use Kestrel\Forms\Payments\AfterpayLimits;
use Kestrel\Forms\Domain\Validation\CardRules;
use Kestrel\Forms\Entries\MergeTags;
use Kestrel\Forms\Frontend\Markup\FormMarkup;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\SpamGuard;
use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Settings\PaymentSettings;

/**
 * Shared by the shortcode and the block. The server prints the form itself (Markup\FormMarkup,
 * docs/server-rendering.md): it works without JavaScript (the plain post, PlainPost), and React
 * (assets-src/bundles/form-view.tsx) hydrates it from the embedded JSON.
 *
 * The visitor part of a definition (the KEYS constants) is also what the editor's live preview
 * frame gets of an edited definition (forms-ui/live-preview/protocol.ts visitorPart()), from the
 * same lists in plugin/data/visitor-definition.json; FormRendererKeysTest keeps them equal.
 */
final class FormRenderer {

	/** Field keys the browser never needs (admin-only data). */
	public const PRIVATE_FIELD_KEYS = array( 'adminLabel' );

	/** Form keys the browser receives; everything else (confirmation, feeds, ...) stays server-side. */
	public const PUBLIC_FORM_KEYS = array( 'title', 'description', 'labelPlacement', 'descriptionPlacement', 'cssClass', 'animation', 'currency', 'pagination', 'button', 'fields' );

	/** Feed keys the browser receives: add-ons react to them; their settings stay server-side. */
	public const PUBLIC_FEED_KEYS = array( 'feedId', 'addonSlug', 'conditionalLogic', 'isSingleFeed', 'isActive', 'priority' );

	/** How JSON is printed into a page: safe inside a script element or an attribute. */
	public const JSON_FLAGS = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_UNICODE;

	/** The seller's country for currencies used in one country only (filter `kestrel_forms_payments_country`). */
	private const CURRENCY_COUNTRIES = array(
		'USD' => 'US',
		'CAD' => 'CA',
		'GBP' => 'GB',
		'JPY' => 'JP',
		'AUD' => 'AU',
	);

	/**
	 * Builds the renderer.
	 *
	 * @param FormRepository    $forms          Forms.
	 * @param string            $rest_namespace The plugin's REST namespace (given by the composition
	 *                                          root, so Frontend does not import Rest).
	 * @param ClientConfig|null $captcha        What the browser needs of the captcha settings.
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly string $rest_namespace,
		private ?ClientConfig $captcha = null
	) {}

	/**
	 * HTML for a form id, or '' (with an HTML comment for admins) when it does not exist.
	 *
	 * @param int                  $form_id Form id.
	 * @param array<string, mixed> $options `title` and `description` (bool) switch those parts.
	 */
	public function render( int $form_id, array $options = array() ): string {
		$form = $form_id > 0 ? $this->forms->find( $form_id ) : null;
		if ( ! $form ) {
			return current_user_can( 'edit_posts' )
				? '<p class="kestrel-form-missing">' . esc_html__( 'Kestrel Forms: this form does not exist or is in the trash.', 'kestrel-forms' ) . '</p>'
				: '';
		}
		$with_page = self::loads_with_page( $form );
		Assets::enqueue_form_view( $with_page );
		// The controls of the field types this form has that ship apart (upload, password,
		// captcha, card, address, date), and nothing for the types it has not.
		Assets::enqueue_field_scripts( array_values( array_map( static fn( array $f ): string => (string) ( $f['type'] ?? '' ), $form->fields() ) ), $with_page );
		if ( self::shows_password_strength( $form ) ) {
			Assets::enqueue_password_meter( $with_page );
		}

		// The form's place after a plain post that was stored with a message (Post/Redirect/Get):
		// the message, and no form for the script to mount.
		$confirmation = self::plain_post_confirmation( $form->id );
		if ( null !== $confirmation ) {
			return (string) apply_filters( 'kestrel_forms_form_rendered', self::confirmation_html( $form->id, $confirmation ), $form );
		}
		$state    = self::plain_post_state( $form->id );
		$page_url = self::page_url();
		$data     = array(
			'form'    => $this->public_definition( $form, $page_url ),
			'options' => array(
				'showTitle'       => (bool) ( $options['title'] ?? true ),
				'showDescription' => (bool) ( $options['description'] ?? true ),
			),
			'rest'    => array(
				'submitPath'        => sprintf( '/%s/forms/%d/submissions', $this->rest_namespace, $form->id ),
				'submitUrl'         => rest_url( sprintf( '%s/forms/%d/submissions', $this->rest_namespace, $form->id ) ),
				// Pages served from a cache were rendered for visitors who are not logged in: they
				// submit without the page's REST nonce, which may have expired by then.
				'anonymous'         => ! is_user_logged_in(),
				// The page's REST client (forms-ui/submit/rest-fetch.ts) is not api-fetch: it gets the
				// root and, for a signed-in visitor only, the REST nonce from here.
				'root'              => rest_url(),
				'nonce'             => is_user_logged_in() ? wp_create_nonce( 'wp_rest' ) : null,
				'nonceUrl'          => is_user_logged_in() ? admin_url( 'admin-ajax.php?action=rest-nonce' ) : null,
				'uploadUrl'         => rest_url( $this->rest_namespace . '/uploads' ),
				// The signed time this page printed the form (minimum time to submit). It is good
				// for renderTokenMaxAge seconds; a page served from a cache for longer fetches a
				// fresh one from renderTokenUrl (forms-ui/submit/render-token.ts).
				// A plain post's form again keeps the token it posted (the minimum time counts from
				// the first print).
				'renderToken'       => is_string( $state['renderToken'] ?? null ) && '' !== $state['renderToken'] ? $state['renderToken'] : SpamGuard::render_token( $form->id ),
				'renderTokenUrl'    => rest_url( sprintf( '%s/forms/%d/render-token', $this->rest_namespace, $form->id ) ),
				'renderTokenMaxAge' => SpamGuard::max_age(),
				// This render's key: a browser that posts the same print twice makes one entry.
				'submissionKey'     => self::submission_key(),
			),
			// Where the form posts without JavaScript: this page, at the form.
			'action'  => self::action_url( $page_url, $form->id ),
		);
		if ( null !== $state ) {
			$data['state'] = $state;
		}
		// The form's currency configuration: the page carries only the currencies it uses.
		$data['currency'] = Currencies::get( (string) ( $data['form']['currency'] ?? Currencies::DEFAULT ) );
		// The captcha's public settings, only for forms that ask for one (null: not set up).
		if ( array_filter( $form->fields(), static fn( array $f ): bool => 'captcha' === $f['type'] ) ) {
			$this->captcha ??= new ClientConfig( new CaptchaSettings() );
			$data['captcha'] = $this->captcha->for_browser();
		}
		// A payment field: the SDK and the field script on this page only, and the public
		// payment settings (never the access token or a webhook key).
		$payment = self::payment_field( $form );
		if ( null !== $payment ) {
			Assets::enqueue_payment_field();
			$data['payment'] = self::payment_config( $form, $payment );
		}
		$json = self::inert_json( (string) wp_json_encode( $data, self::JSON_FLAGS ) );

		$html = sprintf(
			'<div class="kestrel-form" id="kestrel-form-%1$d" data-kestrel-form-id="%1$d">'
				. '<script type="application/json" class="kestrel-form__data">%2$s</script>'
				. '<div class="kestrel-form__root">%3$s</div>'
				. '</div>',
			$form->id,
			$json,
			self::inert_html( self::markup( $data ) )
		);
		if ( $with_page ) {
			// Printed late (a popup on wp_footer) after a form whose scripts wait for intent:
			// this one's must run now.
			$html .= Assets::load_now_script();
		}

		/**
		 * Filters the HTML container printed for a form.
		 *
		 * @param string $html HTML.
		 * @param Form   $form The form.
		 */
		return (string) apply_filters( 'kestrel_forms_form_rendered', $html, $form );
	}

	/**
	 * Whether a form's scripts load with the page rather than on the visitor's intent
	 * (Assets::print_on_intent). A captcha or payment field loads them with the page: its
	 * provider's widget must be ready when the visitor gets to it.
	 *
	 * @param Form $form The form.
	 */
	public static function loads_with_page( Form $form ): bool {
		$with_page = null !== self::payment_field( $form )
			|| array() !== array_filter( $form->fields(), static fn( array $f ): bool => 'captcha' === $f['type'] );
		/**
		 * Filters whether a form's scripts load with the page (true) or wait for the visitor's
		 * first sign of intent: the pointer, a touch, the focus or a key on the form (false).
		 *
		 * @param bool $with_page Whether they load with the page.
		 * @param Form $form      The form.
		 */
		return (bool) apply_filters( 'kestrel_forms_scripts_load_with_page', $with_page, $form );
	}

	/**
	 * The part of the definition the visitor's browser needs. HTML content is sanitised here,
	 * because the browser renders it as markup.
	 *
	 * Merge tags in default values are filled in for this page and user
	 * (Entries\MergeTags::replace_defaults; docs/merge-tags.md).
	 *
	 * @param Form   $form     The form.
	 * @param string $page_url URL of the page showing the form ('' when there is none, e.g. a REST preview).
	 * @return array<string, mixed>
	 */
	public function public_definition( Form $form, string $page_url = '' ): array {
		// A form without its own currency prices in the site's default one (General settings).
		$form   = $form->with_default_currency( ( new GeneralSettings() )->get()['currency'] );
		$public = array( 'id' => $form->id );
		foreach ( self::PUBLIC_FORM_KEYS as $key ) {
			if ( array_key_exists( $key, $form->definition ) ) {
				$public[ $key ] = $form->definition[ $key ];
			}
		}
		// Feeds reach the browser only as far as add-ons need them to react (no settings).
		$public['feeds'] = array();
		foreach ( $form->definition['feeds'] ?? array() as $feed ) {
			$public['feeds'][] = array_intersect_key( $feed, array_flip( self::PUBLIC_FEED_KEYS ) );
		}
		if ( ! $public['feeds'] ) {
			unset( $public['feeds'] );
		}
		$public['fields'] = array();
		foreach ( $form->fields() as $field ) {
			foreach ( self::PRIVATE_FIELD_KEYS as $key ) {
				unset( $field[ $key ] );
			}
			if ( 'html' === $field['type'] ) {
				$field['content'] = wp_kses_post( (string) ( $field['content'] ?? '' ) );
			}
			if ( 'consent' === $field['type'] && isset( $field['description'] ) ) {
				// The agreement is markup (a link to the policy, as Gravity Forms allows); the entry
				// records its text (Domain\FieldTypes\ConsentType).
				$field['description'] = wp_kses_post( (string) $field['description'] );
			}
			if ( isset( $field['defaultValue'] ) && is_string( $field['defaultValue'] ) ) {
				$field['defaultValue'] = MergeTags::replace_defaults( $field['defaultValue'], $form, $page_url );
			}
			if ( 'payment' === $field['type'] ) {
				// The payment description is the provider's payment note (merge tags filled in on
				// the server), not help text for the visitor.
				unset( $field['description'] );
			}
			if ( 'creditcard' === $field['type'] ) {
				// The browser detects types with the same filtered table the server validates with.
				$field['cardRules'] = (object) self::card_rules( $form );
			}
			$public['fields'][] = $field;
		}
		// The money bounds the server validates with (filters), so the browser refuses the same.
		$public['limits'] = \Kestrel\Forms\Settings\MoneyLimits::for_form( $form )->to_array();
		return $public;
	}

	/**
	 * The URL of the page being served (for `{embed_url}` in default values): the permalink of a
	 * single post or page, else this site's scheme and host with the requested path; '' in a REST
	 * request (the block's server-side preview).
	 */
	private static function page_url(): string {
		if ( defined( 'REST_REQUEST' ) && REST_REQUEST ) {
			return ''; // A block preview in the editor: no page yet.
		}
		if ( is_singular() ) {
			$url = get_permalink( get_queried_object_id() );
			if ( $url ) {
				return $url;
			}
		}
		$uri = isset( $_SERVER['REQUEST_URI'] ) ? (string) wp_unslash( $_SERVER['REQUEST_URI'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- esc_url_raw below.
		if ( ! str_starts_with( $uri, '/' ) || str_starts_with( $uri, '//' ) ) {
			return '';
		}
		$home = (array) wp_parse_url( home_url() );
		$port = isset( $home['port'] ) ? ':' . (int) $home['port'] : '';
		return esc_url_raw( ( $home['scheme'] ?? 'http' ) . '://' . ( $home['host'] ?? '' ) . $port . $uri, array( 'http', 'https' ) );
	}

	/**
	 * The card rules for a form's credit card fields: the defaults (plugin/data/card-rules.json)
	 * through the `kestrel_forms_card_rules` filter, normalised. Used for the page and for
	 * submissions alike.
	 *
	 * @param Form $form The form.
	 * @return array<string, array<string, mixed>>
	 */
	public static function card_rules( Form $form ): array {
		/**
		 * Filters the card-rules table: type slug => [ 'name' => brand, 'prefixes' => list of digit
		 * strings or [ from, to ] ranges, 'lengths' => allowed numbers of digits ].
		 *
		 * @param array<string, array<string, mixed>> $rules Rules.
		 * @param Form                                $form  The form.
		 */
		return CardRules::normalize( apply_filters( 'kestrel_forms_card_rules', CardRules::defaults(), $form ) );
	}

	/**
	 * The form's payment field (at most one: the form validator refuses a second), or null.
	 *
	 * @param Form $form The form.
	 * @return array<string, mixed>|null
	 */
	public static function payment_field( Form $form ): ?array {
		foreach ( $form->fields() as $field ) {
			if ( 'payment' === $field['type'] ) {
				return $field;
			}
		}
		return null;
	}

	/**
	 * The public payment configuration the field script reads (P1-CONTRACTS "Field definition"):
	 * the active environment's application and location ids, the SDK URL and the field's
	 * settings. Never the access token or a webhook signature key.
	 *
	 * @param Form                 $form  The form.
	 * @param array<string, mixed> $field Its payment field.
	 * @return array<string, mixed>
	 */
	public static function payment_config( Form $form, array $field ): array {
		$active   = ( new PaymentSettings() )->active();
		$currency = (string) ( $form->with_default_currency( ( new GeneralSettings() )->get()['currency'] )->definition['currency'] ?? 'USD' );
		/**
		 * Filters the seller's country the payment field is told (ISO 3166-1 alpha-2, '' unknown).
		 *
		 * @param string $country  Default: the country of a single-country currency, else ''.
		 * @param string $currency The form's currency.
		 * @param Form   $form     The form.
		 */
		$country = (string) apply_filters( 'kestrel_forms_payments_country', self::CURRENCY_COUNTRIES[ $currency ] ?? '', $currency, $form );
		$config  = array(
			'applicationId'      => (string) $active['application_id'],
			'locationId'         => (string) $active['location_id'],
			'environment'        => (string) $active['environment'],
			'currency'           => $currency,
			'country'            => $country,
			// ACH and Cash App Pay only for a USD form on a US location, Afterpay/Clearpay only in
			// its currencies: others are left out.
			'methods'            => MethodEligibility::offered( array_values( array_map( 'strval', (array) ( $field['methods'] ?? array( 'card' ) ) ) ), $currency, $country ),
			'billing'            => (object) ( $field['billing'] ?? array() ),
			'captureMode'        => (string) ( $field['captureMode'] ?? 'charge' ),
			'verifyBuyer'        => (bool) ( $field['verifyBuyer'] ?? true ),
			'includeInputLabels' => (bool) ( $field['includeInputLabels'] ?? false ),
			'sdkUrl'             => Assets::payments_sdk_url( (string) $active['environment'] ),
		);
		// Wallet buttons' looks (schema-validated when the form was saved).
		if ( is_array( $field['googlePayButton'] ?? null ) && $field['googlePayButton'] ) {
			$config['googlePayButton'] = (object) $field['googlePayButton'];
		}
		if ( is_string( $field['applePayButtonStyle'] ?? null ) ) {
			$config['applePayButtonStyle'] = $field['applePayButtonStyle'];
		}
		if ( in_array( 'cashAppPay', $config['methods'], true ) && is_array( $field['cashAppPayButton'] ?? null ) && $field['cashAppPayButton'] ) {
			$config['cashAppPayButton'] = (object) $field['cashAppPayButton'];
		}
		if ( in_array( 'afterpayClearpay', $config['methods'], true ) ) {
			$limits = AfterpayLimits::for_currency( $currency );
			if ( null === $limits ) {
				$config['methods'] = array_values( array_diff( $config['methods'], array( 'afterpayClearpay' ) ) );
			} else {
				// The server's limits (minor units): messaging hides outside them, with the reason.
				$config['afterpayLimits'] = $limits;
				foreach ( array( 'afterpayButton', 'afterpayMessaging', 'afterpayCheckoutWidget' ) as $key ) {
					if ( is_array( $field[ $key ] ?? null ) && $field[ $key ] ) {
						$config[ $key ] = (object) $field[ $key ];
					}
				}
			}
		}
		if ( in_array( 'ach', $config['methods'], true ) && is_string( $field['accountHolderField'] ?? null ) ) {
			$config['accountHolderField'] = $field['accountHolderField'];
		}
		return $config;
	}

	/**
	 * Whether a form has a password field with the strength indicator on: only then does the page
	 * load WordPress's password strength meter (and, lazily, zxcvbn).
	 *
	 * @param Form $form The form.
	 */
	public static function shows_password_strength( Form $form ): bool {
		foreach ( $form->fields() as $field ) {
			if ( 'password' === $field['type'] && ! empty( $field['passwordStrengthEnabled'] ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The form's markup, or '' when the server cannot print it (a field type without server
	 * markup, a definition the markup cannot read): the script then renders the form itself, as
	 * before server rendering, rather than the page failing.
	 *
	 * @param array<string, mixed> $data The page's data for the form.
	 */
	private static function markup( array $data ): string {
		try {
			return FormMarkup::render( $data );
		} catch ( \Throwable $e ) {
			// A hint in the page's source for whoever debugs the site; nothing for visitors.
			return defined( 'WP_DEBUG' ) && WP_DEBUG ? '<!-- Kestrel Forms: the server could not print this form; the browser renders it. -->' : '';
		}
	}

	/**
	 * What this request's plain post left for the form (docs/server-rendering.md §1 `state`), or
	 * null on a normal request.
	 *
	 * @param int $form_id Form id.
	 * @return array<string, mixed>|null
	 */
	private static function plain_post_state( int $form_id ): ?array {
		return PlainPostState::for_form( $form_id );
	}

	/**
	 * The message of a plain post's stored submission to show in the form's place, or null.
	 *
	 * @param int $form_id Form id.
	 */
	private static function plain_post_confirmation( int $form_id ): ?string {
		return PlainPostState::confirmation_for( $form_id );
	}

	/**
	 * Markup that the content filters of the page leave as it is. The block's output goes
	 * through `the_content` (do_shortcode) and block themes run the whole page through it too:
	 * a `[shortcode]` among the values a visitor posted (printed back after a plain post) or in a
	 * label would run on the server. Brackets become character references, which the browser
	 * reads back as brackets, in text and in attribute values alike.
	 *
	 * @param string $html Markup without script or style elements.
	 */
	public static function inert_html( string $html ): string {
		// Hexadecimal: do_shortcode() turns `&#91;` / `&#93;` back into brackets when it is done.
		return str_replace( array( '[', ']' ), array( '&#x5b;', '&#x5d;' ), $html );
	}

	/**
	 * The page's JSON with the brackets inside its strings written as \u005b / \u005d, for the
	 * same reason (see inert_html); structural brackets of arrays stay. JSON_HEX_QUOT writes the
	 * quotes inside strings as \u0022, so every literal `"` delimits a string.
	 *
	 * @param string $json JSON printed with self::JSON_FLAGS.
	 */
	public static function inert_json( string $json ): string {
		return (string) preg_replace_callback(
			'/"[^"]*"/',
			static fn( array $m ): string => str_replace( array( '[', ']' ), array( '\\u005b', '\\u005d' ), $m[0] ),
			$json
		);
	}

	/**
	 * WordPress "texturizes" page text (curly quotes, dashes, ×); inside a textarea that would
	 * change what a visitor typed (printed back after a plain post) before it is posted again.
	 * `no_texturize_tags` filter.
	 *
	 * @param mixed $tags Tags whose content wptexturize leaves alone.
	 * @return mixed
	 */
	public static function no_texturize_textarea( $tags ) {
		if ( is_array( $tags ) && ! in_array( 'textarea', $tags, true ) ) {
			$tags[] = 'textarea';
		}
		return $tags;
	}

	/**
	 * The form's place showing a confirmation message, as Form.tsx shows one: no data for the
	 * script, so nothing mounts there.
	 *
	 * @param int    $form_id Form id.
	 * @param string $message Sanitised HTML (PlainPostState).
	 */
	private static function confirmation_html( int $form_id, string $message ): string {
		return Html::el(
			'div',
			array(
				'class' => 'kestrel-form',
				'id'    => 'kestrel-form-' . $form_id,
			),
			Html::el(
				'div',
				array( 'class' => 'kestrel-form__wrapper' ),
				Html::el(
					'div',
					array(
						'class'    => 'kestrel-form__confirmation',
						'tabindex' => '-1',
						'role'     => 'status',
					),
					self::inert_html( wp_kses_post( $message ) )
				)
			)
		);
	}

	/**
	 * A new key for this render of the form: 32 characters of [A-Za-z0-9].
	 */
	private static function submission_key(): string {
		return wp_generate_password( 32, false, false );
	}

	/**
	 * Where the form posts: the page's URL (without a confirmation parameter) at the form's anchor.
	 *
	 * @param string $page_url The page's URL ('' : none known, the current URL).
	 * @param int    $form_id  Form id.
	 */
	private static function action_url( string $page_url, int $form_id ): string {
		$url = '' === $page_url ? '' : remove_query_arg( 'kestrel_confirmation', $page_url );
		return $url . '#kestrel-form-' . $form_id;
	}
}
