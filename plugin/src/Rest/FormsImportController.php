<?php
/**
 * REST resource: importing Gravity Forms exports.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Domain\Import\GravityFormsImporter;
use Kestrel\Forms\Domain\Import\NotAGravityFormsExport;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\DefinitionSanitizer;
use Kestrel\Forms\Settings\GeneralSettings;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `POST kestrel-forms/v1/forms/import`: the body is a Gravity Forms export file (docs/import.md).
 * `dry_run=1` answers the import report and stores nothing; otherwise every form is stored, or
 * none when one of them cannot be (a migration is all or nothing).
 */
final class FormsImportController extends WP_REST_Controller {

	/**
	 * Takes the forms store and the importer.
	 *
	 * @param FormRepository       $forms    Forms.
	 * @param GravityFormsImporter $importer Importer.
	 * @param GeneralSettings      $settings Site settings (the default currency).
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly GravityFormsImporter $importer,
		private readonly GeneralSettings $settings
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'forms/import';
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => array(
						'dry_run'  => array(
							'description' => __( 'Answer the import report and store nothing.', 'kestrel-forms' ),
							'type'        => 'boolean',
							'default'     => false,
						),
						'currency' => array(
							'description' => __( 'Currency the export\'s prices are written in, stored with each form (default: the site\'s currency, which the forms then follow).', 'kestrel-forms' ),
							'type'        => 'string',
							'enum'        => array_keys( Currencies::all() ),
						),
					),
				),
			)
		);
	}

	/**
	 * Importing forms needs the capability of the other form routes.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		return ErrorMapper::can_manage_forms();
	}

	/**
	 * POST /forms/import
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$body = $request->get_json_params();
		if ( null === $body ) {
			return ErrorMapper::invalid_json();
		}
		$picked   = is_string( $request['currency'] ) && '' !== $request['currency'];
		$currency = $picked ? (string) $request['currency'] : $this->settings->get()['currency'];
		try {
			$results = $this->importer->import( $body, $currency, $picked );
		} catch ( NotAGravityFormsExport $e ) {
			return ErrorMapper::not_a_gravity_forms_export( $e );
		}
		$report  = array_map( static fn( array $r ): array => $r['report'], $results );
		$invalid = array_values( array_filter( $results, static fn( array $r ): bool => (bool) $r['errors'] ) );

		if ( $request['dry_run'] ) {
			return rest_ensure_response(
				array(
					'dry_run' => true,
					'forms'   => array_map(
						static fn( array $r ): array => array(
							'id'        => null,
							'title'     => $r['title'],
							'source_id' => $r['source_id'],
							'errors'    => $r['errors'],
						),
						$results
					),
					'report'  => $report,
				)
			);
		}
		if ( $invalid ) {
			return ErrorMapper::import_invalid( $invalid, $report );
		}

		$forms = array();
		foreach ( $results as $result ) {
			$definition = DefinitionSanitizer::for_current_user( $result['definition'] );
			$id         = $this->forms->create( $definition );
			if ( ! $id ) {
				foreach ( $forms as $stored ) {
					$this->forms->delete( $stored['id'] );
				}
				return ErrorMapper::storage_failed();
			}
			/** This action is documented in FormsController::create_item(). */
			do_action( 'kestrel_forms_form_saved', $id, $definition );
			$forms[] = array(
				'id'        => $id,
				'title'     => $result['title'],
				'source_id' => $result['source_id'],
			);
		}
		$response = rest_ensure_response(
			array(
				'forms'  => $forms,
				'report' => $report,
			)
		);
		$response->set_status( 201 );
		return $response;
	}
}
