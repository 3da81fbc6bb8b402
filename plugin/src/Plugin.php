<?php
/**
 * Composition root: the one place that lists every service that registers hooks.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms;

use Closure;
use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Captcha\ClientConfig;
use Kestrel\Forms\Captcha\Settings as CaptchaSettings;
use Kestrel\Forms\Captcha\SettingsPage;
use Kestrel\Forms\Captcha\Verifier;
use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Import\GravityFormsImporter;
use Kestrel\Forms\Domain\Schema\SchemaValidator;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use Kestrel\Forms\Entries\MergeTags;
use Kestrel\Forms\Feeds\ExampleLogAddon;
use Kestrel\Forms\Feeds\FeedRegistry;
use Kestrel\Forms\Frontend\Block;
use Kestrel\Forms\Frontend\FormRenderer;
use Kestrel\Forms\Frontend\PlainPost;
use Kestrel\Forms\Frontend\Preview;
use Kestrel\Forms\Frontend\Shortcode;
use Kestrel\Forms\Notifications\NotificationEvents;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Persistence\Sites;
use Kestrel\Forms\Persistence\UploadRepository;
use Kestrel\Forms\Payments\ApplePayDomain;
use Kestrel\Forms\Payments\BuildWalletRequest;
use Kestrel\Forms\Payments\ConfigurationCheck;
use Kestrel\Forms\Payments\ChargePayment;
use Kestrel\Forms\Payments\PaymentActions;
use Kestrel\Forms\Payments\PaymentRefused;
use Kestrel\Forms\Payments\ReconcileJob;
use Kestrel\Forms\Payments\Provider\ClientFactory;
use Kestrel\Forms\Payments\WebhookHandler;
use Kestrel\Forms\Payments\WebhookSubscriber;
use Kestrel\Forms\Persistence\PaymentDraftRepository;
use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Privacy\PersonalData;
use Kestrel\Forms\Rest\PaymentsController;
use Kestrel\Forms\Rest\PaymentReconcileController;
use Kestrel\Forms\Rest\PaymentsCheckController;
use Kestrel\Forms\Rest\PaymentDraftsController;
use Kestrel\Forms\Rest\PaymentRequestController;
use Kestrel\Forms\Rest\ApplePayDomainController;
use Kestrel\Forms\Rest\PaymentWebhookController;
use Kestrel\Forms\Rest\SettingsController;
use Kestrel\Forms\Settings\ApiSettings;
use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Settings\RetentionJob;
use Kestrel\Forms\Rest\ApiGate;
use Kestrel\Forms\Rest\DemoController;
use Kestrel\Forms\Rest\EntriesController;
use Kestrel\Forms\Rest\EntriesCountsController;
use Kestrel\Forms\Rest\EntriesExportController;
use Kestrel\Forms\Rest\EntryNotesController;
use Kestrel\Forms\Rest\ErrorMapper;
use Kestrel\Forms\Rest\Routes;
use Kestrel\Forms\Rest\FormsController;
use Kestrel\Forms\Rest\FormsImportController;
use Kestrel\Forms\Rest\NotificationsController;
use Kestrel\Forms\Rest\StreamedResponse;
use Kestrel\Forms\Rest\SubmissionsController;
use Kestrel\Forms\Rest\UploadsController;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Submissions\PlainPostUploads;
use Kestrel\Forms\Submissions\SubmissionRefused;
use Kestrel\Forms\Uploads\CleanupJob;
use Kestrel\Forms\Uploads\PhpUploadSource;
use Kestrel\Forms\Uploads\Storage;
use Kestrel\Forms\Uploads\UploadStore;

/**
 * Builds the services once and hooks them into WordPress.
 */
final class Plugin {

	/**
	 * The shared instance.
	 *
	 * @var self|null
	 */
	private static ?self $instance = null;

	/**
	 * Captcha settings, built on first use.
	 *
	 * @var CaptchaSettings|null
	 */
	private ?CaptchaSettings $captcha_settings = null;

	/**
	 * Captcha verifier, built on first use.
	 *
	 * @var Verifier|null
	 */
	private ?Verifier $captcha_verifier = null;

	/**
	 * Captcha client configuration, built on first use.
	 *
	 * @var ClientConfig|null
	 */
	private ?ClientConfig $captcha_config = null;

	/**
	 * Holds the services that are built once (instance()).
	 *
	 * @param FormRepository      $forms                Forms.
	 * @param EntryRepository     $entries              Entries.
	 * @param FormValidator       $form_validator       Form definition validator.
	 * @param SubmissionValidator $submission_validator Submission validator.
	 * @param FormRenderer        $renderer             Form renderer.
	 * @param FeedRegistry        $feeds                Feed add-ons.
	 * @param UploadStore         $uploads              Files of entries.
	 */
	private function __construct(
		public readonly FormRepository $forms,
		public readonly EntryRepository $entries,
		public readonly FormValidator $form_validator,
		public readonly SubmissionValidator $submission_validator,
		public readonly FormRenderer $renderer,
		public readonly FeedRegistry $feeds,
		public readonly UploadStore $uploads
	) {}

	/**
	 * The shared instance (services are built on first use).
	 */
	public static function instance(): self {
		if ( null === self::$instance ) {
			$forms          = new FormRepository();
			self::$instance = new self(
				$forms,
				new EntryRepository(),
				new FormValidator( SchemaValidator::from_file( self::schema_file() ) ),
				new SubmissionValidator( FormRenderer::card_rules( ... ), null, \Kestrel\Forms\Settings\MoneyLimits::for_form( ... ) ),
				new FormRenderer( $forms, Routes::NAMESPACE ),
				new FeedRegistry(),
				new UploadStore( new UploadRepository(), new Storage(), $forms )
			);

		}
		return self::$instance;
	}

	/**
	 * The captcha settings (option kestrel_forms_captcha).
	 */
	public function captcha_settings(): CaptchaSettings {
		return $this->captcha_settings ??= new CaptchaSettings();
	}

	/**
	 * Server-side verification of captcha answers.
	 */
	public function captcha_verifier(): Verifier {
		return $this->captcha_verifier ??= new Verifier( $this->captcha_settings() );
	}

	/**
	 * The captcha configuration for the visitor's browser (no secret).
	 */
	public function captcha_config(): ClientConfig {
		return $this->captcha_config ??= new ClientConfig( $this->captcha_settings() );
	}

	/**
	 * Path of the form definition JSON Schema.
	 */
	public static function schema_file(): string {
		return KESTREL_FORMS_DIR . '/schema/form.schema.json';
	}

	/**
	 * Hooks everything. Called once from the main plugin file.
	 */
	public static function boot(): void {
		add_action( 'plugins_loaded', array( self::class, 'upgrade' ) );
		add_action( 'init', array( self::class, 'on_init' ) );
		add_action( 'rest_api_init', array( self::class, 'on_rest_api_init' ) );
		add_action( CleanupJob::HOOK, array( self::class, 'clean_up_uploads' ) );
		add_action( RetentionJob::HOOK, array( self::class, 'apply_retention' ) );
		// Payment attempts left in `processing` by a worker that died (issue 13).
		add_filter( 'cron_schedules', array( ReconcileJob::class, 'schedules' ) ); // phpcs:ignore WordPress.WP.CronInterval.ChangeDetected -- 5 minutes (ReconcileJob::schedules()), well above the 15-minute warning's concern: a small query when nothing is stuck.
		add_action( ReconcileJob::HOOK, array( self::class, 'reconcile_payments' ) );
		ReconcileJob::register_cli( array( self::class, 'reconcile_job' ) );
		add_filter( 'rest_pre_dispatch', array( ApiGate::class, 'gate' ), 10, 3 );
		// Apple Pay on the web: /.well-known/apple-developer-merchantid-domain-association (P2).
		add_action( 'parse_request', array( self::class, 'serve_apple_pay_association' ), 0 );
		( new PersonalData( new EntryWorkspaceRepository(), self::instance()->forms, self::instance()->uploads ) )->register();
		// Merge tags ({payment_amount}, {Name:1}, {all_fields}, …) in confirmation messages.
		add_filter( 'kestrel_forms_confirmation', array( new MergeTags(), 'confirmation' ), 10, 3 );
		add_action( 'kestrel_forms_form_deleted', array( self::class, 'delete_form_uploads' ) );
		// What a visitor typed, printed back into a textarea after a plain post, stays as typed.
		add_filter( 'no_texturize_tags', array( FormRenderer::class, 'no_texturize_textarea' ) );
		// The plain (no-JavaScript) form post: a second door to the submission use case (docs/server-rendering.md §5).
		PlainPost::register(
			static function (): PlainPost {
				$plugin = self::instance();
				return new PlainPost(
					SubmissionsController::use_case( $plugin->forms, $plugin->entries, $plugin->submission_validator, $plugin->feeds, $plugin->uploads ),
					$plugin->forms,
					$plugin->submission_validator,
					new PlainPostUploads( $plugin->uploads, new PhpUploadSource() ),
					// The REST route's words, so both doors say the same.
					SubmissionsController::field_message( ... ),
					static fn( SubmissionRefused|PaymentRefused $e ): string => ( $e instanceof PaymentRefused ? ErrorMapper::payment_refused( $e ) : ErrorMapper::submission_refused( $e ) )->get_error_message()
				);
			}
		);
		// Email notifications on submissions and payment events (issue 14).
		( new NotificationEvents() )->register();
		// Granular capabilities; kestrel_forms_manage stands for all of them (issue 14).
		Capabilities::register();
		// Multisite: a new site gets the install when the plugin is network active; a deleted site's tables go.
		add_action( 'wp_initialize_site', array( self::class, 'initialize_site' ), 200 );
		add_filter( 'wpmu_drop_tables', array( Sites::class, 'drop_tables' ) );
		if ( is_admin() ) {
			$plugin = self::instance();
			( new AdminPages( $plugin->forms, Routes::NAMESPACE ) )->register();
			( new SettingsPage() )->register();
		}
	}

	/**
	 * Activation: tables, capabilities and scheduled jobs, on this site or, network activated,
	 * on every site of the network.
	 *
	 * @param bool $network_wide Whether the plugin was network activated.
	 */
	public static function activate( $network_wide = false ): void {
		Sites::run( (bool) $network_wide, array( self::class, 'install_site' ) );
	}

	/**
	 * The install of one site: tables, capabilities, scheduled jobs.
	 */
	public static function install_site(): void {
		Schema::install();
		Capabilities::grant();
		CleanupJob::schedule();
		ReconcileJob::schedule();
	}

	/**
	 * A site created while the plugin is network active (wp_initialize_site).
	 *
	 * @param \WP_Site $site The new site.
	 */
	public static function initialize_site( $site ): void {
		Sites::initialize_site( $site, plugin_basename( KESTREL_FORMS_FILE ), array( self::class, 'install_site' ) );
	}

	/**
	 * Deactivation: stop the scheduled jobs (data stays until uninstall), on every site when
	 * network deactivated.
	 *
	 * @param bool $network_wide Whether the plugin was network deactivated.
	 */
	public static function deactivate( $network_wide = false ): void {
		Sites::run(
			(bool) $network_wide,
			static function (): void {
				CleanupJob::unschedule();
				RetentionJob::unschedule();
				ReconcileJob::unschedule();
			}
		);
	}

	/**
	 * The payment reconcile job (Payments\ReconcileJob).
	 */
	public static function reconcile_job(): ReconcileJob {
		$plugin = self::instance();
		return new ReconcileJob( new ChargePayment(), $plugin->entries, $plugin->forms, $plugin->uploads, $plugin->feeds );
	}

	/**
	 * The 5-minute run of the payment reconcile job.
	 */
	public static function reconcile_payments(): void {
		self::reconcile_job()->run();
	}

	/**
	 * The daily deletion of entries older than the retention period (Settings\RetentionJob).
	 */
	public static function apply_retention(): void {
		$plugin = self::instance();
		( new RetentionJob( new GeneralSettings(), new EntryWorkspaceRepository(), $plugin->uploads ) )->run();
	}

	/**
	 * The hourly cleanup of abandoned uploads (Uploads\CleanupJob) and expired payment drafts.
	 */
	public static function clean_up_uploads(): void {
		self::instance()->uploads->cleanup();
		// The same hourly job deletes expired payment drafts (ADR 0009).
		( new PaymentDraftRepository() )->purge_expired( time() );
	}

	/**
	 * A form deleted for good takes its uploaded files along.
	 *
	 * @param int $form_id Form id.
	 */
	public static function delete_form_uploads( $form_id ): void {
		self::instance()->uploads->delete_for_form( (int) $form_id );
		( new PaymentDraftRepository() )->delete_for_form( (int) $form_id );
	}

	/**
	 * Runs the schema upgrade when the stored version is behind (after a plugin update).
	 */
	public static function upgrade(): void {
		if ( (int) get_option( Schema::VERSION_OPTION, 0 ) !== Schema::VERSION ) {
			Schema::install();
			Capabilities::grant();
		}
	}

	/**
	 * Assets, shortcode and block.
	 */
	public static function on_init(): void {
		load_plugin_textdomain( 'kestrel-forms', false, dirname( plugin_basename( KESTREL_FORMS_FILE ) ) . '/languages' );
		Assets::register();
		$plugin = self::instance();
		$plugin->captcha_settings()->register();
		// On init, so every plugin is loaded: add-ons register their feed processors here.
		if ( apply_filters( 'kestrel_forms_enable_example_addon', false ) ) {
			ExampleLogAddon::register( $plugin->feeds );
		}
		do_action( 'kestrel_forms_register_feed_addons', $plugin->feeds );
		( new Shortcode( $plugin->renderer ) )->register();
		( new Block( $plugin->renderer ) )->register();
		( new Preview( $plugin->forms, $plugin->renderer ) )->register();
		CleanupJob::schedule();
		RetentionJob::schedule();
		ReconcileJob::schedule();
	}

	/**
	 * `parse_request`: answers Apple's domain-association path (ApplePayDomain), else nothing.
	 */
	public static function serve_apple_pay_association(): void {
		( new ApplePayDomain( new PaymentSettings() ) )->maybe_serve();
	}

	/**
	 * REST controllers.
	 */
	public static function on_rest_api_init(): void {
		$plugin = self::instance();
		add_filter( 'rest_request_after_callbacks', array( ErrorMapper::class, 'rename_core_errors' ), 10, 3 );
		add_filter( 'rest_post_dispatch', array( ErrorMapper::class, 'add_retry_after' ), 10, 3 );
		( new FormsController( $plugin->forms, $plugin->entries, $plugin->form_validator, $plugin->renderer ) )->register_routes();
		( new FormsImportController( $plugin->forms, new GravityFormsImporter( $plugin->form_validator ), new GeneralSettings() ) )->register_routes();
		( new SubmissionsController( $plugin->forms, $plugin->entries, $plugin->submission_validator, $plugin->feeds, $plugin->uploads ) )->register_routes();
		( new EntriesController( new EntryWorkspaceRepository(), $plugin->forms, $plugin->submission_validator, $plugin->uploads ) )->register_routes();
		( new EntryNotesController( new EntryWorkspaceRepository() ) )->register_routes();
		( new EntriesCountsController( new EntryWorkspaceRepository() ) )->register_routes();
		( new NotificationsController( $plugin->forms, $plugin->entries, $plugin->form_validator ) )->register_routes();
		( new EntriesExportController( $plugin->forms, new EntryWorkspaceRepository() ) )->register_routes();
		( new DemoController( $plugin->forms, $plugin->form_validator ) )->register_routes();
		// Payments after the charge (issue 13, H3): settings save creates the webhook subscriptions.
		$payment_settings = new PaymentSettings();
		$client_for       = Closure::fromCallable( array( ClientFactory::class, 'for_environment' ) );
		$subscriber       = new WebhookSubscriber( $payment_settings, $client_for );
		$payment_actions  = new PaymentActions( new PaymentRepository(), new EntryWorkspaceRepository(), $plugin->entries, $plugin->forms, $client_for );
		( new SettingsController( new GeneralSettings(), $plugin->captcha_settings(), new ApiSettings(), $payment_settings, $subscriber ) )->register_routes();
		( new PaymentsController( $payment_actions ) )->register_routes();
		( new PaymentReconcileController( Closure::fromCallable( array( self::class, 'reconcile_job' ) ) ) )->register_routes();
		( new PaymentsCheckController( new ConfigurationCheck( $payment_settings, $client_for ), new GeneralSettings() ) )->register_routes();
		( new PaymentWebhookController( new WebhookHandler( $payment_settings, new PaymentRepository(), $payment_actions, $client_for ), $subscriber, $payment_settings ) )->register_routes();
		$location_country = static fn( string $currency ): string => (string) ( ( new ConfigurationCheck( $payment_settings, $client_for ) )->run( $currency )['location']['country'] ?? '' );
		( new PaymentRequestController( new BuildWalletRequest( $plugin->forms, $plugin->submission_validator, $location_country ) ) )->register_routes();
		( new ApplePayDomainController( new ApplePayDomain( $payment_settings, $client_for ) ) )->register_routes();
		( new PaymentDraftsController( SubmissionsController::use_case( $plugin->forms, $plugin->entries, $plugin->submission_validator, $plugin->feeds, $plugin->uploads ), new PaymentDraftRepository() ) )->register_routes();
		( new UploadsController( $plugin->forms, $plugin->uploads, new PhpUploadSource() ) )->register_routes();
		add_filter( 'rest_post_dispatch', array( UploadsController::class, 'envelope_errors' ), 10, 3 );
		add_filter( 'rest_pre_serve_request', array( StreamedResponse::class, 'serve' ), 10, 3 );
	}
}
