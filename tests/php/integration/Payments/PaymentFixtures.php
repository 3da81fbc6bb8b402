<?php
/**
 * The payments tests' set-up: credentials, the provider stand-in, a shop form made through the
 * REST API, stored payments on entries.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Settings\PaymentSettings;

/**
 * For TestCase subclasses: set_up_payments() (stored payments, the lifecycle) or set_up_shop()
 * and create_shop() (submissions that charge; the class also uses Rest\SubmissionAnswers) in
 * set_up(), and tear_down_payments() in tear_down().
 */
trait PaymentFixtures {

	protected const SANDBOX_TOKEN    = 'EAAAsandbox-token-0001';
	protected const PRODUCTION_TOKEN = 'EAAAproduction-token-0002';

	protected FakeProvider $provider;

	protected int $form_id = 0;

	/**
	 * Actions fired: [hook, payment status, entry id].
	 *
	 * @var list<array{0: string, 1: string, 2: int}>
	 */
	protected array $fired = array();

	/**
	 * Credentials for both environments (sandbox active), the provider stand-in, a form, and a
	 * recorder of the payment actions.
	 */
	protected function set_up_payments(): void {
		$this->store_credentials();
		$this->provider = ( new FakeProvider() )->install();
		$this->form_id  = ( new FormRepository() )->create(
			array(
				'title'  => 'Order',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name',
					),
				),
			)
		);
		$this->fired    = array();
		foreach ( array( 'completed', 'pending', 'failed', 'refunded', 'authorized', 'voided' ) as $event ) {
			add_action(
				'kestrel_forms_payment_' . $event,
				function ( array $payment, Entry $entry ) use ( $event ): void {
					$this->fired[] = array( 'kestrel_forms_payment_' . $event, (string) $payment['status'], $entry->id );
				},
				10,
				2
			);
		}
	}

	/**
	 * For submissions that charge: credentials, retries without waiting, no submission rate
	 * limit, the provider stand-in and the client's address (the form: create_shop()).
	 *
	 * @param string $client REMOTE_ADDR ('' to leave it).
	 */
	protected function set_up_shop( string $client = '' ): void {
		self::without_submission_rate_limit();
		add_filter( 'kestrel_forms_payments_retry_delays', static fn(): array => array( 0, 0 ) );
		$this->store_credentials();
		$this->provider = ( new FakeProvider() )->install();
		if ( '' !== $client ) {
			$_SERVER['REMOTE_ADDR'] = $client;
		}
	}

	/**
	 * A form made by an administrator through the REST API; the visitor is anonymous afterwards.
	 *
	 * @param array<string, mixed> $form The form as the REST API takes it.
	 * @return int Form id.
	 */
	protected function create_shop( array $form ): int {
		$this->as_admin();
		$response = $this->rest( 'POST', '/kestrel-forms/v1/forms', $form );
		$this->assert_rest_status( 201, $response );
		$this->as_anonymous();
		return (int) $response->get_data()['id'];
	}

	/**
	 * A shop of one 30.00 mug, an email (2), any other fields, and the payment field (3; charge
	 * mode unless told) whose billing email is field 2.
	 *
	 * @param array<string, mixed>       $payment Payment field settings.
	 * @param list<array<string, mixed>> $more    Fields between the email and the payment.
	 * @return array<string, mixed>
	 */
	protected static function mug_shop( array $payment = array(), array $more = array() ): array {
		$fields   = array(
			array(
				'id'        => 1,
				'type'      => 'product',
				'label'     => 'Mug',
				'inputType' => 'singleproduct',
				'basePrice' => '30.00',
			),
			array(
				'id'    => 2,
				'type'  => 'email',
				'label' => 'Email',
			),
		);
		$fields[] = $payment + array(
			'id'      => 3,
			'type'    => 'payment',
			'label'   => 'Payment',
			'billing' => array( 'email' => '2' ),
		);
		return array(
			'title'    => 'Shop',
			'currency' => 'USD',
			'fields'   => array_merge( array_slice( $fields, 0, 2 ), $more, array_slice( $fields, 2 ) ),
		);
	}

	/**
	 * Every payment row.
	 *
	 * @return list<array<string, mixed>>
	 */
	protected static function payment_rows(): array {
		global $wpdb;
		return (array) $wpdb->get_results( 'SELECT * FROM ' . Schema::tables()['payments'] . ' ORDER BY id', ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * How many entries are stored.
	 */
	protected static function entry_count(): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::tables()['entries'] ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * Credentials for both environments, sandbox active.
	 */
	private function store_credentials(): void {
		update_option(
			PaymentSettings::OPTION,
			array(
				'environment' => 'sandbox',
				'sandbox'     => array(
					'application_id' => 'sandbox-sq0idb-app',
					'location_id'    => 'LSANDBOXMAIN',
					'access_token'   => self::SANDBOX_TOKEN,
				),
				'production'  => array(
					'application_id' => 'sq0idp-app',
					'location_id'    => 'LPRODUCTION',
					'access_token'   => self::PRODUCTION_TOKEN,
				),
			)
		);
	}

	/**
	 * Forgets the locations the charge path and the editor check cached (for tests that change
	 * the location's country and currency).
	 */
	protected static function forget_locations(): void {
		global $wpdb;
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_%kestrel\\_forms\\_pay%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		wp_cache_flush();
	}

	/**
	 * Forgets the settings, the cached location, the rate-limit counters and the client address.
	 */
	protected function tear_down_payments(): void {
		delete_option( PaymentSettings::OPTION );
		unset( $_SERVER['REMOTE_ADDR'] );
		global $wpdb;
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient%kestrel\\_forms\\_pay\\_loc\\_%' OR option_name LIKE '\\_transient%kf\\_rl\\_%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * An entry with a stored payment, and the same payment at the provider.
	 *
	 * @param string $status      Our status (paid, authorized…).
	 * @param string $provider_id Provider payment id.
	 * @param int    $amount      Minor units.
	 * @param string $environment Where it was made.
	 * @return int Entry id.
	 */
	protected function entry_with_payment( string $status, string $provider_id, int $amount = 3000, string $environment = 'sandbox' ): int {
		$entry_id = ( new EntryRepository() )->insert( new Entry( 0, $this->form_id, array( '1' => 'Ada' ), gmdate( 'Y-m-d H:i:s' ) ) )['id'];
		$remote   = $this->provider->add_payment( $provider_id, 'authorized' === $status ? 'APPROVED' : 'COMPLETED', $amount );
		$repo     = new PaymentRepository();
		$id       = $repo->create_attempt(
			array(
				'form_id'             => $this->form_id,
				'attempt_key'         => wp_generate_uuid4(),
				'environment'         => $environment,
				'method'              => 'card',
				'source_type'         => 'CARD',
				'capture_mode'        => 'authorized' === $status ? 'authorize' : 'charge',
				'amount_minor'        => $amount,
				'currency'            => 'USD',
				'status'              => $status,
				'provider_payment_id' => $provider_id,
				'provider_status'     => $remote['status'],
				'version_token'       => $remote['version_token'],
				'provider_updated_at' => $remote['updated_at'],
				'brand'               => 'VISA',
				'last4'               => '1111',
				'receipt_url'         => $remote['receipt_url'],
				'request_body'        => '{}',
				'request_hash'        => hash( 'sha256', '{}' ),
			)
		);
		$this->assertGreaterThan( 0, $id );
		$this->assertTrue( $repo->attach_entry( $id, $entry_id ) );
		return $entry_id;
	}

	/**
	 * The stored payment of an entry.
	 *
	 * @param int $entry_id Entry id.
	 * @return array<string, mixed>
	 */
	protected function stored( int $entry_id ): array {
		$payment = ( new PaymentRepository() )->find_by_entry( $entry_id );
		$this->assertNotNull( $payment );
		return $payment;
	}

	/**
	 * The notes of an entry: [user id, text].
	 *
	 * @param int $entry_id Entry id.
	 * @return list<array{0: int, 1: string}>
	 */
	protected function notes( int $entry_id ): array {
		return array_map( static fn( array $note ): array => array( $note['user_id'], $note['note'] ), ( new EntryWorkspaceRepository() )->notes( $entry_id ) );
	}
}
