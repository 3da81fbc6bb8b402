<?php
/**
 * Stored payments on entries, and the provider stand-in, for the lifecycle tests.
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
use Kestrel\Forms\Settings\PaymentSettings;

/**
 * For TestCase subclasses: set_up_payments() in set_up(), tear_down_payments() in tear_down().
 */
trait PaymentFixtures {

	protected const SANDBOX_TOKEN    = 'EAAAsandbox-token-0001';
	protected const PRODUCTION_TOKEN = 'EAAAproduction-token-0002';

	protected LifecycleProvider $provider;

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
		$this->provider = ( new LifecycleProvider() )->install();
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
	 * Forgets the settings.
	 */
	protected function tear_down_payments(): void {
		delete_option( PaymentSettings::OPTION );
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
