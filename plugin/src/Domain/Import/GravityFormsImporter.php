<?php
/**
 * Reads a Gravity Forms export into Kestrel form definitions and an import report.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Import;

use Kestrel\Forms\Domain\Calculation\Formula;
use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Domain\Schema\SchemaError;

/**
 * Pure: takes the decoded export file, answers one result per form: the definition, the report
 * (imported as is / approximated / left out, each naming the field or setting) and the
 * validation errors the definition still has (none for an importable form). Field ids and input
 * ids are kept, so merge tags, formulas and rules keep working. Unknown keys never fail an
 * import: a key we do not read is reported as left out when it holds a value (docs/import.md).
 */
final class GravityFormsImporter {

	/** Form keys Gravity Forms writes for its own bookkeeping: no behaviour to carry over. */
	private const FORM_BOOKKEEPING = array( 'id', 'version', 'nextFieldId', 'date_created', 'is_active', 'is_trash', 'markupVersion', 'useCurrentUserAsAuthor', 'postAuthor', 'postCategory', 'postFormat', 'postStatus', 'postContentTemplateEnabled', 'postTitleTemplateEnabled', 'postTitleTemplate', 'postContentTemplate', 'customRequiredIndicator', 'fields', 'title', 'confirmations', 'notifications', 'is_delete' );

	/** Form settings whose value is Gravity Forms' default (nothing to report). */
	private const FORM_DEFAULTS = array(
		'subLabelPlacement' => 'below',
		'requiredIndicator' => 'text',
	);

	/** Field keys Gravity Forms writes for its own bookkeeping or that the mapping reads. */
	private const FIELD_HANDLED = array( 'type', 'id', 'label', 'adminLabel', 'description', 'isRequired', 'errorMessage', 'placeholder', 'defaultValue', 'cssClass', 'size', 'maxLength', 'rangeMin', 'rangeMax', 'numberFormat', 'choices', 'inputs', 'content', 'conditionalLogic', 'enableCalculation', 'calculationFormula', 'calculationRounding', 'enableOtherChoice', 'enableSelectAll', 'inputType', 'basePrice', 'disableQuantity', 'productField', 'nextButton', 'previousButton', 'multipleFiles', 'maxFiles', 'maxFileSize', 'allowedExtensions', 'enableColumns', 'maxRows', 'passwordStrengthEnabled', 'minPasswordStrength', 'creditCards', 'captchaType', 'formId', 'pageNumber', 'displayOnly', 'layoutGridColumnSpan', 'layoutGroupId', 'layoutSpacerGridColumnSpan', 'enableChoiceValue', 'enablePrice', 'errors', 'inputName', 'fields', 'emailConfirmEnabled', 'visibility' );

	/** Field settings whose value is Gravity Forms' default (nothing to report). */
	private const FIELD_DEFAULTS = array(
		'labelPlacement'       => '',
		'descriptionPlacement' => '',
		'subLabelPlacement'    => '',
		'inputMaskType'        => '',
	);

	private const OPERATORS = array( 'is', 'isnot', '>', '<', 'contains', 'starts_with', 'ends_with' );

	private const EVENTS = array(
		'form_submission'     => 'form_submission',
		'complete_payment'    => 'payment_completed',
		'add_pending_payment' => 'payment_pending',
		'fail_payment'        => 'payment_failed',
		'refund_payment'      => 'payment_refunded',
	);

	/**
	 * Report of the form being imported.
	 *
	 * @var array{imported: list<array<string, mixed>>, approximated: list<array<string, mixed>>, left_out: list<array<string, mixed>>}
	 */
	private array $report;

	/**
	 * Fields of the form being imported by id: our type (null when left out), label and the
	 * Gravity Forms field (rules on dates and times read its format).
	 *
	 * @var array<int, array{type: string|null, label: string, gf: array<string, mixed>}>
	 */
	private array $fields;

	/**
	 * ISO code prices are read in.
	 *
	 * @var string
	 */
	private string $currency = Currencies::DEFAULT;

	/**
	 * Takes the validator of form definitions (the schema is the truth).
	 *
	 * @param FormValidator $validator Validator.
	 */
	public function __construct( private readonly FormValidator $validator ) {}

	/**
	 * Whether a decoded file looks like a Gravity Forms export (the wrapped object or a bare
	 * array of forms), as opposed to a Kestrel form.
	 *
	 * @param mixed $data Decoded JSON.
	 */
	public static function is_export( mixed $data ): bool {
		try {
			self::forms_of( $data );
			return true;
		} catch ( NotAGravityFormsExport ) {
			return false;
		}
	}

	/**
	 * The forms of an export file, in file order.
	 *
	 * @param mixed $data Decoded JSON.
	 * @return list<array<string, mixed>>
	 * @throws NotAGravityFormsExport When it is not an export.
	 */
	public static function forms_of( mixed $data ): array {
		if ( ! is_array( $data ) || ! $data ) {
			throw new NotAGravityFormsExport( 'A Gravity Forms export is a JSON object with "version" and forms under "0", "1"… or an array of forms.' );
		}
		if ( array_is_list( $data ) ) {
			$forms = $data;
		} else {
			if ( ! array_key_exists( 'version', $data ) ) {
				throw new NotAGravityFormsExport( 'This is not a Gravity Forms export: it has no "version" (a single form? export it from Gravity Forms → Import/Export).' );
			}
			$forms = array();
			foreach ( $data as $key => $form ) {
				if ( is_int( $key ) ) {
					$forms[] = $form;
				}
			}
		}
		if ( ! $forms ) {
			throw new NotAGravityFormsExport( 'The Gravity Forms export holds no forms.' );
		}
		foreach ( $forms as $index => $form ) {
			if ( ! is_array( $form ) || ! isset( $form['fields'] ) || ! is_array( $form['fields'] ) ) {
				throw new NotAGravityFormsExport( sprintf( 'Form %d of the file is not a Gravity Forms form: it has no "fields" list.', $index + 1 ) );
			}
		}
		return $forms;
	}

	/**
	 * Imports every form of an export.
	 *
	 * @param mixed  $data     Decoded JSON of the export file.
	 * @param string $currency ISO code prices are read in (the site's, or the owner's pick).
	 * @param bool   $set_currency Whether to store the currency in each definition (the owner picked it).
	 * @return list<array{source_id: int|null, title: string, definition: array<string, mixed>, report: array<string, mixed>, errors: list<array{path: string, message: string}>}>
	 * @throws NotAGravityFormsExport When it is not an export.
	 */
	public function import( mixed $data, string $currency, bool $set_currency = false ): array {
		$results = array();
		foreach ( self::forms_of( $data ) as $index => $form ) {
			$results[] = $this->import_form( $form, $index, $currency, $set_currency );
		}
		return $results;
	}

	/**
	 * One form.
	 *
	 * @param array<string, mixed> $gf           Gravity Forms form.
	 * @param int                  $index        Position in the file.
	 * @param string               $currency     Currency code.
	 * @param bool                 $set_currency Store the currency.
	 * @return array{source_id: int|null, title: string, definition: array<string, mixed>, report: array<string, mixed>, errors: list<array{path: string, message: string}>}
	 */
	private function import_form( array $gf, int $index, string $currency, bool $set_currency ): array {
		$this->currency = strtoupper( $currency );
		$this->report   = array(
			'imported'     => array(),
			'approximated' => array(),
			'left_out'     => array(),
		);
		$this->fields   = array();

		$title = trim( self::str( $gf['title'] ?? '' ) );
		if ( '' === $title ) {
			$title = 'Imported form ' . ( $index + 1 );
			$this->approximate( null, 'title', 'the form had no title; named "' . $title . '"' );
		}
		$definition = array( 'title' => mb_substr( $title, 0, 255 ) );
		if ( $set_currency ) {
			$definition['currency'] = $this->currency;
		}

		// First pass: which fields exist and what they become, so rules can be checked.
		foreach ( $gf['fields'] as $field ) {
			if ( is_array( $field ) && self::int( $field['id'] ?? null ) > 0 ) {
				$this->fields[ self::int( $field['id'] ) ] = array(
					'type'  => GravityFormsTypes::of( self::str( $field['type'] ?? '' ) )['type'],
					'label' => self::str( $field['label'] ?? '' ),
					'gf'    => $field,
				);
			}
		}

		$fields = array();
		$pages  = array();
		foreach ( $gf['fields'] as $position => $field ) {
			if ( ! is_array( $field ) || self::int( $field['id'] ?? null ) <= 0 ) {
				$this->leave_out( null, 'fields[' . $position . ']', 'a field without an id' );
				continue;
			}
			$mapped = $this->map_field( $field );
			if ( null !== $mapped ) {
				if ( 'page' === $mapped['type'] ) {
					$pages[] = count( $fields );
				}
				$fields[] = $mapped;
			}
		}
		$this->map_form_settings( $gf, $definition, $fields, $pages );
		$definition['fields'] = $fields;

		$confirmations = $this->map_confirmations( $gf['confirmations'] ?? null );
		if ( $confirmations ) {
			$definition['confirmations'] = $confirmations;
		}
		$notifications = $this->map_notifications( $gf['notifications'] ?? null );
		if ( $notifications ) {
			$definition['notifications'] = $notifications;
		}

		$errors = array_map(
			static fn( SchemaError $e ): array => array(
				'path'    => $e->path,
				'message' => $e->message(),
			),
			$this->validator->validate( $definition )
		);

		$source_id = self::int( $gf['id'] ?? null );
		return array(
			'source_id'  => $source_id > 0 ? $source_id : null,
			'title'      => $definition['title'],
			'definition' => $definition,
			'report'     => array(
				'source_id' => $source_id > 0 ? $source_id : null,
				'title'     => $definition['title'],
			) + $this->report,
			'errors'     => $errors,
		);
	}

	/**
	 * One field, or null when it is left out (reported).
	 *
	 * @param array<string, mixed> $gf Gravity Forms field.
	 * @return array<string, mixed>|null
	 */
	private function map_field( array $gf ): ?array {
		$id      = self::int( $gf['id'] );
		$gf_type = self::str( $gf['type'] ?? '' );
		$row     = GravityFormsTypes::of( $gf_type );
		$type    = $this->fields[ $id ]['type'];
		if ( null === $type ) {
			$this->report['left_out'][] = $this->item( $id, $gf_type, null, $row['note'] );
			return null;
		}
		if ( GravityFormsTypes::APPROXIMATED === $row['status'] ) {
			$this->report['approximated'][] = $this->item( $id, $gf_type, null, $row['note'] );
		} else {
			$this->report['imported'][] = $this->item( $id, $gf_type, null, '' );
		}

		$out = array(
			'id'   => $id,
			'type' => $type,
		);
		foreach ( array(
			'label'        => 1000,
			'adminLabel'   => 1000,
			'description'  => 10000,
			'errorMessage' => 1000,
			'placeholder'  => 1000,
			'defaultValue' => 10000,
		) as $key => $max ) {
			$value = self::str( $gf[ $key ] ?? '' );
			if ( '' !== $value ) {
				$out[ $key ] = mb_substr( $value, 0, $max );
			}
		}
		if ( 'consent' === $type && '' !== self::str( $gf['checkboxLabel'] ?? '' ) && ! isset( $out['label'] ) ) {
			// The checkbox's text names the group (its legend) when Gravity Forms had no label.
			$out['label'] = mb_substr( self::str( $gf['checkboxLabel'] ), 0, 1000 );
		}
		if ( ! isset( $out['label'] ) && ! in_array( $type, array( 'hidden', 'section', 'html', 'page' ), true ) && 'hiddenproduct' !== ( $gf['inputType'] ?? '' ) ) {
			$out['label'] = 'Field ' . $id;
			$this->approximate( $id, 'label', 'the field had no label; labelled "' . $out['label'] . '" (every control needs a visible name)' );
		}
		if ( ! empty( $gf['isRequired'] ) ) {
			$out['isRequired'] = true;
		}
		$css = self::str( $gf['cssClass'] ?? '' );
		if ( '' !== $css ) {
			$clean = trim( (string) preg_replace( '/[^A-Za-z0-9_\- ]/', '', $css ) );
			if ( $clean !== $css ) {
				$this->approximate( $id, 'cssClass', 'characters a CSS class cannot hold were removed ("' . $css . '" → "' . $clean . '")' );
			}
			if ( '' !== $clean ) {
				$out['cssClass'] = mb_substr( $clean, 0, 255 );
			}
		}
		if ( in_array( $gf['size'] ?? null, array( 'small', 'medium', 'large' ), true ) && ! in_array( $type, array( 'section', 'html', 'page', 'hidden' ), true ) ) {
			$out['size'] = $gf['size'];
		}

		$this->map_type_settings( $gf, $type, $out );
		$visibility = self::str( $gf['visibility'] ?? 'visible' );
		if ( ! in_array( $visibility, array( '', 'visible' ), true ) ) {
			$this->approximate( $id, 'visibility', 'Gravity Forms kept this field from visitors ("' . $visibility . '"); here visitors see it: hide it with rules or remove it' );
		}

		$logic = $this->map_logic( $gf['conditionalLogic'] ?? null, $id, 'conditionalLogic' );
		if ( null !== $logic ) {
			$out['conditionalLogic'] = $logic;
		}

		$this->report_unread( $gf, array_merge( self::FIELD_HANDLED, GravityFormsEverydayFields::READ[ $type ] ?? array() ), self::FIELD_DEFAULTS, $id );
		return $out;
	}

	/**
	 * The settings of each type.
	 *
	 * @param array<string, mixed> $gf      Gravity Forms field.
	 * @param string               $type Our type.
	 * @param array<string, mixed> $out  Our field.
	 */
	private function map_type_settings( array $gf, string $type, array &$out ): void {
		$id         = (int) $out['id'];
		$input_type = self::str( $gf['inputType'] ?? '' );

		if ( in_array( $type, array( 'text', 'textarea' ), true ) && self::int( $gf['maxLength'] ?? null ) > 0 ) {
			$out['maxLength'] = min( 1000000, self::int( $gf['maxLength'] ) );
		}
		if ( 'email' === $type && ! empty( $gf['emailConfirmEnabled'] ) ) {
			$this->approximate( $id, 'emailConfirmEnabled', 'the "confirm email" box is not asked' );
		}
		if ( 'number' === $type ) {
			foreach ( array( 'rangeMin', 'rangeMax' ) as $key ) {
				if ( is_numeric( $gf[ $key ] ?? null ) ) {
					$out[ $key ] = 0 + $gf[ $key ];
				}
			}
			$this->map_number_format( $gf, $out );
		}
		if ( ( 'number' === $type && ! empty( $gf['enableCalculation'] ) ) || ( 'product' === $type && 'calculation' === $input_type ) ) {
			if ( 'number' === $type ) {
				$out['enableCalculation'] = true;
			}
			$out['calculationFormula']  = $this->map_formula( self::str( $gf['calculationFormula'] ?? '' ), $id );
			$rounding                   = $gf['calculationRounding'] ?? '';
			$out['calculationRounding'] = is_numeric( $rounding ) ? max( -1, min( 10, (int) $rounding ) ) : -1;
		}
		if ( 'radio' === $type && ! empty( $gf['enableOtherChoice'] ) ) {
			$out['enableOtherChoice'] = true;
		}
		if ( 'checkbox' === $type && ! empty( $gf['enableSelectAll'] ) ) {
			$out['enableSelectAll'] = true;
		}
		if ( 'html' === $type && '' !== self::str( $gf['content'] ?? '' ) ) {
			$out['content'] = mb_substr( self::str( $gf['content'] ), 0, 65535 );
		}

		if ( isset( GravityFormsEverydayFields::READ[ $type ] ) ) {
			$everyday = new GravityFormsEverydayFields(
				function ( string $status, string $setting, string $note ) use ( $id ): void {
					if ( GravityFormsTypes::APPROXIMATED === $status ) {
						$this->approximate( $id, $setting, $note );
					} else {
						$this->leave_out( $id, $setting, $note );
					}
				},
				fn( array $holder ): array => $this->map_choices( $holder, $id, false )
			);
			$out      = $everyday->map( $gf, $type, $out );
		}

		$priced = in_array( $type, array( 'product', 'option', 'shipping' ), true );
		if ( in_array( $type, array( 'select', 'radio', 'checkbox', 'option' ), true ) || ( in_array( $type, array( 'product', 'shipping' ), true ) && in_array( $input_type, array( 'select', 'radio' ), true ) ) ) {
			$out['choices'] = $this->map_choices( $gf, $id, $priced );
		}
		if ( 'checkbox' === $type ) {
			$out['inputs'] = $this->checkbox_inputs( $gf, $id, $out['choices'] );
		}
		if ( 'option' === $type ) {
			$out['inputType'] = in_array( $input_type, array( 'select', 'radio', 'checkbox' ), true ) ? $input_type : 'select';
			if ( 'checkbox' === $out['inputType'] ) {
				$out['inputs'] = $this->checkbox_inputs( $gf, $id, $out['choices'] );
			}
		}
		if ( 'product' === $type ) {
			$allowed          = array( 'singleproduct', 'select', 'radio', 'price', 'calculation', 'hiddenproduct' );
			$out['inputType'] = in_array( $input_type, $allowed, true ) ? $input_type : 'singleproduct';
			if ( ! in_array( $input_type, $allowed, true ) ) {
				$this->approximate( $id, 'inputType', 'product input type "' . $input_type . '" imported as a single product' );
			}
			if ( in_array( $out['inputType'], array( 'singleproduct', 'hiddenproduct', 'calculation' ), true ) ) {
				$out['basePrice'] = $this->price( $gf['basePrice'] ?? '', $id, 'basePrice' );
			}
			if ( ! empty( $gf['disableQuantity'] ) ) {
				$out['disableQuantity'] = true;
			}
			if ( is_array( $gf['inputs'] ?? null ) && in_array( $out['inputType'], array( 'singleproduct', 'hiddenproduct', 'calculation' ), true ) ) {
				$out['inputs'] = self::inputs( $gf['inputs'], $id );
			}
		}
		if ( 'shipping' === $type ) {
			$out['inputType'] = in_array( $input_type, array( 'singleshipping', 'select', 'radio' ), true ) ? $input_type : 'singleshipping';
			if ( 'singleshipping' === $out['inputType'] ) {
				$out['basePrice'] = $this->price( $gf['basePrice'] ?? '', $id, 'basePrice' );
			}
		}
		if ( in_array( $type, array( 'option', 'quantity' ), true ) ) {
			$product = self::int( $gf['productField'] ?? null );
			if ( $product > 0 && 'product' === ( $this->fields[ $product ]['type'] ?? null ) ) {
				$out['productField'] = $product;
			} else {
				$this->approximate( $id, 'productField', 'names no product field of the form (' . self::str( $gf['productField'] ?? '' ) . ')' );
			}
		}
		if ( 'quantity' === $type ) {
			$out['inputType'] = 'number';
			if ( 'number' !== $input_type && '' !== $input_type ) {
				$this->approximate( $id, 'inputType', 'a "' . $input_type . '" quantity is entered as a number' );
			}
			$this->map_number_format( $gf, $out );
			foreach ( array( 'rangeMin', 'rangeMax' ) as $key ) {
				if ( is_numeric( $gf[ $key ] ?? null ) ) {
					$out[ $key ] = 0 + $gf[ $key ];
				}
			}
		}
		if ( 'page' === $type ) {
			foreach ( array( 'nextButton', 'previousButton' ) as $key ) {
				$button = $this->map_button( $gf[ $key ] ?? null, $id, $key, 'nextButton' === $key );
				if ( $button ) {
					$out[ $key ] = $button;
				}
			}
		}
		if ( 'fileupload' === $type ) {
			if ( ! empty( $gf['multipleFiles'] ) ) {
				$out['multipleFiles'] = true;
				if ( self::int( $gf['maxFiles'] ?? null ) > 0 ) {
					$out['maxFiles'] = min( 100, self::int( $gf['maxFiles'] ) );
				}
			}
			if ( is_numeric( $gf['maxFileSize'] ?? null ) && (float) $gf['maxFileSize'] > 0 ) {
				$out['maxFileSize'] = min( 10240, max( 0.01, 0 + $gf['maxFileSize'] ) );
			}
			$extensions = self::str( $gf['allowedExtensions'] ?? '' );
			if ( '' !== $extensions ) {
				$list                     = array_filter( array_map( static fn( string $e ): string => ltrim( trim( $e ), '.' ), explode( ',', $extensions ) ) );
				$list                     = array_filter( $list, static fn( string $e ): bool => 1 === preg_match( '/^[A-Za-z0-9]+$/', $e ) );
				$out['allowedExtensions'] = implode( ',', $list );
			}
		}
		if ( 'list' === $type ) {
			if ( ! empty( $gf['enableColumns'] ) && is_array( $gf['choices'] ?? null ) ) {
				$columns = array();
				foreach ( $gf['choices'] as $choice ) {
					$text = trim( self::str( is_array( $choice ) ? ( $choice['text'] ?? '' ) : $choice ) );
					if ( '' !== $text ) {
						$columns[] = mb_substr( $text, 0, 200 );
					}
				}
				if ( $columns ) {
					$out['columns'] = array_slice( $columns, 0, 20 );
				}
			}
			if ( self::int( $gf['maxRows'] ?? null ) > 0 ) {
				$out['maxRows'] = min( 1000, self::int( $gf['maxRows'] ) );
			}
		}
		if ( 'password' === $type ) {
			if ( ! empty( $gf['passwordStrengthEnabled'] ) ) {
				$out['passwordStrengthEnabled'] = true;
				if ( in_array( $gf['minPasswordStrength'] ?? null, array( 'short', 'bad', 'good', 'strong' ), true ) ) {
					$out['minPasswordStrength'] = $gf['minPasswordStrength'];
				}
			}
		}
		if ( 'creditcard' === $type && is_array( $gf['creditCards'] ?? null ) ) {
			$cards = array_values( array_filter( $gf['creditCards'], static fn( $c ): bool => is_string( $c ) && 1 === preg_match( '/^[a-z0-9_-]{1,40}$/', $c ) ) );
			if ( $cards ) {
				$out['creditCards'] = array_slice( $cards, 0, 30 );
			}
		}
	}

	/**
	 * A number field's format: decimal_dot, decimal_comma, or Gravity Forms' currency format
	 * approximated by the currency's decimal separator.
	 *
	 * @param array<string, mixed> $gf  Gravity Forms field.
	 * @param array<string, mixed> $out Our field.
	 */
	private function map_number_format( array $gf, array &$out ): void {
		$format = self::str( $gf['numberFormat'] ?? '' );
		if ( in_array( $format, array( 'decimal_dot', 'decimal_comma' ), true ) ) {
			$out['numberFormat'] = $format;
		} elseif ( 'currency' === $format ) {
			$currency            = Currencies::get( $this->currency );
			$out['numberFormat'] = ',' === $currency['decimal_separator'] ? 'decimal_comma' : 'decimal_dot';
			$this->approximate( (int) $out['id'], 'numberFormat', 'the currency format is entered as a plain number (' . $out['numberFormat'] . ') without the currency symbol' );
		}
	}

	/**
	 * Choices, with prices read in the form's currency.
	 *
	 * @param array<string, mixed> $gf     Gravity Forms field.
	 * @param int                  $id     Field id.
	 * @param bool                 $priced Pricing field.
	 * @return list<array<string, mixed>>
	 */
	private function map_choices( array $gf, int $id, bool $priced ): array {
		$choices = array();
		$unread  = array();
		foreach ( is_array( $gf['choices'] ?? null ) ? $gf['choices'] : array() as $choice ) {
			if ( ! is_array( $choice ) ) {
				continue;
			}
			foreach ( $choice as $key => $value ) {
				if ( ! in_array( $key, array( 'text', 'value', 'isSelected', 'price' ), true ) && ! self::is_empty( $value ) ) {
					$unread[ (string) $key ] = true;
				}
			}
			$text  = mb_substr( self::str( $choice['text'] ?? '' ), 0, 1000 );
			$value = array_key_exists( 'value', $choice ) && '' !== self::str( $choice['value'] ) ? self::str( $choice['value'] ) : $text;
			$out   = array(
				'text'  => $text,
				'value' => mb_substr( $value, 0, 1000 ),
			);
			if ( ! empty( $choice['isSelected'] ) ) {
				$out['isSelected'] = true;
			}
			if ( $priced ) {
				$out['price'] = $this->price( $choice['price'] ?? '', $id, 'choices["' . $text . '"].price' );
			}
			$choices[] = $out;
		}
		foreach ( array_keys( $unread ) as $key ) {
			$this->leave_out( $id, 'choices[].' . $key, 'this setting is not supported' );
		}
		if ( ! $choices ) {
			$choices[] = array(
				'text'  => 'Choice',
				'value' => 'Choice',
			);
			$this->approximate( $id, 'choices', 'the field had no choices; one placeholder choice added' );
		}
		return array_slice( $choices, 0, 1000 );
	}

	/**
	 * A price text in the form's currency as a decimal ("$1,234.50" → "1234.5"); empty is 0.
	 *
	 * @param mixed  $text    Price text.
	 * @param int    $id      Field id.
	 * @param string $setting Setting for the report.
	 */
	private function price( mixed $text, int $id, string $setting ): string {
		$text = trim( self::str( $text ) );
		if ( '' === $text ) {
			return '0';
		}
		$decimal = Numbers::to_decimal( $text, 'currency', $this->currency );
		if ( null === $decimal ) {
			$this->approximate( $id, $setting, 'the price "' . $text . '" is not a ' . $this->currency . ' amount; set to 0' );
			return '0';
		}
		return $decimal;
	}

	/**
	 * Inputs with ids "{field}.{n}" (ids kept); others dropped.
	 *
	 * @param array<mixed> $inputs Gravity Forms inputs.
	 * @param int          $id     Field id.
	 * @return list<array{id: string, label?: string}>
	 */
	private static function inputs( array $inputs, int $id ): array {
		$out = array();
		foreach ( $inputs as $input ) {
			$input_id = is_array( $input ) ? self::str( $input['id'] ?? '' ) : '';
			if ( 1 === preg_match( '/^' . $id . '\.[1-9][0-9]*$/', $input_id ) ) {
				$row = array( 'id' => $input_id );
				if ( '' !== self::str( $input['label'] ?? '' ) ) {
					$row['label'] = mb_substr( self::str( $input['label'] ), 0, 1000 );
				}
				$out[] = $row;
			}
		}
		return $out;
	}

	/**
	 * Checkbox inputs: Gravity Forms' own when there is one per choice, else numbered as Gravity
	 * Forms numbers them (1, 2… skipping multiples of 10).
	 *
	 * @param array<string, mixed>       $gf      Gravity Forms field.
	 * @param int                        $id      Field id.
	 * @param list<array<string, mixed>> $choices Our choices.
	 * @return list<array{id: string, label?: string}>
	 */
	private function checkbox_inputs( array $gf, int $id, array $choices ): array {
		$inputs = is_array( $gf['inputs'] ?? null ) ? self::inputs( $gf['inputs'], $id ) : array();
		if ( count( $inputs ) === count( $choices ) ) {
			return $inputs;
		}
		if ( $inputs ) {
			$this->approximate( $id, 'inputs', 'the inputs did not match the choices one to one; numbered again' );
		}
		return self::numbered_inputs( $id, $choices );
	}

	/**
	 * Inputs numbered as Gravity Forms numbers checkbox inputs.
	 *
	 * @param int                        $id      Field id.
	 * @param list<array<string, mixed>> $choices Choices.
	 * @return list<array{id: string, label: string}>
	 */
	private static function numbered_inputs( int $id, array $choices ): array {
		$inputs = array();
		$n      = 0;
		foreach ( $choices as $choice ) {
			++$n;
			if ( 0 === $n % 10 ) {
				++$n;
			}
			$inputs[] = array(
				'id'    => $id . '.' . $n,
				'label' => (string) $choice['text'],
			);
		}
		return $inputs;
	}

	/**
	 * A submit, next or previous button: text buttons as they are, image buttons as text buttons.
	 *
	 * @param mixed    $button    Gravity Forms button.
	 * @param int|null $id        Field id, null for the form.
	 * @param string   $setting   Setting name.
	 * @param bool     $has_logic Whether the button takes rules.
	 * @return array<string, mixed>|null
	 */
	private function map_button( mixed $button, ?int $id, string $setting, bool $has_logic ): ?array {
		if ( ! is_array( $button ) ) {
			return null;
		}
		$out  = array( 'type' => 'text' );
		$text = trim( self::str( $button['text'] ?? '' ) );
		if ( 'image' === ( $button['type'] ?? 'text' ) ) {
			$this->approximate( $id, $setting, 'an image button (' . self::str( $button['imageUrl'] ?? '' ) . ') becomes a text button' . ( '' !== $text ? ' "' . $text . '"' : '' ) );
		}
		if ( '' !== $text ) {
			$out['text'] = mb_substr( $text, 0, 100 );
		}
		if ( $has_logic ) {
			$logic = $this->map_logic( $button['conditionalLogic'] ?? null, $id, $setting . '.conditionalLogic' );
			if ( null !== $logic ) {
				$out['conditionalLogic'] = $logic;
			}
		}
		return $out;
	}

	/**
	 * A rule set: rules on fields we left out (or entry properties) are dropped and reported;
	 * with none left, the rule set goes (the element is always shown), reported too.
	 *
	 * @param mixed    $logic   Gravity Forms conditionalLogic.
	 * @param int|null $id      Field id, null for form-level settings.
	 * @param string   $setting Setting name.
	 * @return array<string, mixed>|null
	 */
	private function map_logic( mixed $logic, ?int $id, string $setting ): ?array {
		if ( ! is_array( $logic ) || ! is_array( $logic['rules'] ?? null ) || ! $logic['rules'] ) {
			return null;
		}
		$rules = array();
		foreach ( $logic['rules'] as $rule ) {
			if ( ! is_array( $rule ) ) {
				continue;
			}
			$field_id = self::str( $rule['fieldId'] ?? '' );
			$operator = self::str( $rule['operator'] ?? 'is' );
			$target   = (int) $field_id;
			$type     = $this->fields[ $target ]['type'] ?? null;
			$why      = null;
			if ( 1 !== preg_match( '/^[1-9][0-9]*(\.[1-9][0-9]*)?$/', $field_id ) ) {
				$why = 'reads "' . $field_id . '", which is not a field';
			} elseif ( ! isset( $this->fields[ $target ] ) ) {
				$why = 'reads field ' . $field_id . ', which is not in the form';
			} elseif ( null === $type ) {
				$why = 'reads field ' . $field_id . ' (' . $this->fields[ $target ]['label'] . '), which was left out';
			} elseif ( in_array( $type, array( 'section', 'html', 'page' ), true ) ) {
				$why = 'reads field ' . $field_id . ', which has no value';
			} elseif ( ! in_array( $operator, self::OPERATORS, true ) ) {
				$why = 'uses the operator "' . $operator . '"';
			}
			if ( null !== $why ) {
				$this->approximate( $id, $setting, 'a rule was dropped: it ' . $why );
				continue;
			}
			list( $value, $note ) = GravityFormsEverydayFields::rule_value( $type, $this->fields[ $target ]['gf'], self::str( $rule['value'] ?? '' ) );
			if ( null !== $note ) {
				$this->approximate( $id, $setting, 'a rule on field ' . $field_id . ': ' . $note );
			}
			$rules[] = array(
				'fieldId'  => $field_id,
				'operator' => $operator,
				'value'    => mb_substr( $value, 0, 1000 ),
			);
		}
		if ( ! $rules ) {
			$this->approximate( $id, $setting, 'no rule was left, so the rules were removed (always shown)' );
			return null;
		}
		return array(
			'actionType' => 'hide' === ( $logic['actionType'] ?? 'show' ) ? 'hide' : 'show',
			'logicType'  => 'any' === ( $logic['logicType'] ?? 'all' ) ? 'any' : 'all',
			'rules'      => $rules,
		);
	}

	/**
	 * A formula: merge tags of fields we left out read 0 (reported).
	 *
	 * @param string $formula Gravity Forms formula.
	 * @param int    $id      Field id.
	 */
	private function map_formula( string $formula, int $id ): string {
		foreach ( Formula::merge_tags( $formula ) as $tag ) {
			$target = (int) $tag['input_id'];
			if ( null === ( $this->fields[ $target ]['type'] ?? null ) ) {
				$pattern = '/\{[^{}]*?:' . preg_quote( $tag['input_id'], '/' ) . '(?::[a-z_]+)?\}/';
				$formula = (string) preg_replace( $pattern, '0', $formula );
				$this->approximate( $id, 'calculationFormula', 'the formula reads field ' . $tag['input_id'] . ', which was left out: it reads 0 instead' );
			}
		}
		return mb_substr( $formula, 0, 10000 );
	}

	/**
	 * Form-level settings.
	 *
	 * @param array<string, mixed>       $gf         Gravity Forms form.
	 * @param array<string, mixed>       $definition Our definition.
	 * @param list<array<string, mixed>> $fields     Our fields.
	 * @param list<int>                  $pages      Positions of the page fields.
	 */
	private function map_form_settings( array $gf, array &$definition, array &$fields, array $pages ): void {
		$description = self::str( $gf['description'] ?? '' );
		if ( '' !== $description ) {
			$definition['description'] = mb_substr( $description, 0, 10000 );
		}
		if ( in_array( $gf['labelPlacement'] ?? null, array( 'top_label', 'left_label', 'right_label' ), true ) ) {
			$definition['labelPlacement'] = $gf['labelPlacement'];
		}
		if ( in_array( $gf['descriptionPlacement'] ?? null, array( 'below', 'above' ), true ) ) {
			$definition['descriptionPlacement'] = $gf['descriptionPlacement'];
		}
		$given = self::str( $gf['cssClass'] ?? '' );
		$css   = trim( (string) preg_replace( '/[^A-Za-z0-9_\- ]/', '', $given ) );
		if ( $given !== $css ) {
			$this->approximate( null, 'cssClass', 'characters a CSS class cannot hold were removed ("' . $given . '" → "' . $css . '")' );
		}
		if ( '' !== $css ) {
			$definition['cssClass'] = mb_substr( $css, 0, 255 );
		}
		if ( isset( $gf['enableHoneypot'] ) ) {
			$definition['enableHoneypot'] = ! empty( $gf['enableHoneypot'] );
		}
		if ( ! empty( $gf['enableAnimation'] ) ) {
			$definition['animation'] = true;
		}
		$button = $this->map_button( $gf['button'] ?? null, null, 'button', true );
		if ( $button ) {
			$definition['button'] = $button;
		}
		if ( $pages && is_array( $gf['pagination'] ?? null ) ) {
			$pagination = array();
			if ( in_array( $gf['pagination']['type'] ?? null, array( 'percentage', 'steps', 'none' ), true ) ) {
				$pagination['type'] = $gf['pagination']['type'];
			}
			if ( is_array( $gf['pagination']['pages'] ?? null ) ) {
				$pagination['pageNames'] = array_map( static fn( $name ): string => mb_substr( self::str( $name ), 0, 200 ), array_values( array_slice( $gf['pagination']['pages'], 0, 100 ) ) );
			}
			if ( $pagination ) {
				$definition['pagination'] = $pagination;
			}
			$this->report_unread( $gf['pagination'], array( 'type', 'pages' ), array( 'display_progressbar_on_confirmation' => false ), null, 'pagination.' );
		}
		// Gravity Forms shows lastPageButton as the last page's Previous button; ours is the
		// previousButton of the last page break (the page after it).
		if ( $pages ) {
			$last = $this->map_button( $gf['lastPageButton'] ?? null, null, 'lastPageButton', false );
			if ( $last ) {
				$fields[ end( $pages ) ]['previousButton'] = $last;
			}
		}
		foreach ( array( 'feeds' ) as $key ) {
			if ( ! empty( $gf[ $key ] ) ) {
				$this->leave_out( null, $key, 'add-on feeds are not imported; set them up again' );
			}
		}
		if ( isset( $gf['save'] ) ) {
			if ( ! empty( $gf['save']['enabled'] ) ) {
				$this->leave_out( null, 'save', 'save and continue later is not supported' );
			}
		}
		$this->report_unread(
			$gf,
			array_merge( self::FORM_BOOKKEEPING, array( 'description', 'labelPlacement', 'descriptionPlacement', 'cssClass', 'enableHoneypot', 'enableAnimation', 'button', 'pagination', 'lastPageButton', 'feeds', 'save' ) ),
			self::FORM_DEFAULTS,
			null
		);
	}

	/**
	 * Confirmations (object keyed by id, or a list).
	 *
	 * @param mixed $confirmations Gravity Forms confirmations.
	 * @return list<array<string, mixed>>
	 */
	private function map_confirmations( mixed $confirmations ): array {
		$out     = array();
		$ids     = array();
		$default = false;
		foreach ( is_array( $confirmations ) ? $confirmations : array() as $key => $gf ) {
			if ( ! is_array( $gf ) ) {
				continue;
			}
			$name  = self::str( $gf['name'] ?? '' );
			$label = 'confirmation "' . $name . '"';
			$type  = in_array( $gf['type'] ?? 'message', array( 'message', 'page', 'redirect' ), true ) ? $gf['type'] ?? 'message' : 'message';
			$c     = array(
				'id'   => self::item_id( $gf['id'] ?? $key, 'c', count( $out ) + 1, $ids ),
				'type' => $type,
			);
			if ( '' !== $name ) {
				$c['name'] = mb_substr( $name, 0, 200 );
			}
			if ( ! empty( $gf['isDefault'] ) && ! $default ) {
				$c['isDefault'] = true;
				$default        = true;
			}
			if ( array_key_exists( 'isActive', $gf ) && empty( $gf['isActive'] ) ) {
				$c['isActive'] = false;
			}
			if ( 'message' === $type ) {
				$c['message'] = mb_substr( self::str( $gf['message'] ?? '' ), 0, 65535 );
			} elseif ( 'page' === $type ) {
				$page = self::int( $gf['pageId'] ?? null );
				if ( $page > 0 ) {
					$c['pageId'] = $page;
					$this->approximate( null, $label, 'sends to page id ' . $page . ' of the old site: check that this page exists here' );
				} else {
					$c['type']    = 'message';
					$c['message'] = '';
					$this->approximate( null, $label, 'names no page; it shows an empty message until you edit it' );
				}
			} else {
				$url = self::str( $gf['url'] ?? '' );
				if ( 1 === preg_match( '#^(https?://|/)#', $url ) ) {
					$c['url'] = mb_substr( $url, 0, 2048 );
				} else {
					$c['type']    = 'message';
					$c['message'] = '';
					$this->approximate( null, $label, 'its redirect address "' . $url . '" is not an http(s) URL or a path; it shows an empty message until you edit it' );
				}
			}
			$query = self::str( $gf['queryString'] ?? '' );
			if ( '' !== $query && in_array( $c['type'], array( 'page', 'redirect' ), true ) ) {
				$c['queryString'] = mb_substr( $query, 0, 2048 );
			}
			if ( empty( $c['isDefault'] ) ) {
				$logic = $this->map_logic( $gf['conditionalLogic'] ?? null, null, $label . ' conditionalLogic' );
				if ( null !== $logic ) {
					$c['conditionalLogic'] = $logic;
				}
			}
			$this->report_unread( $gf, array( 'id', 'name', 'isDefault', 'isActive', 'type', 'message', 'pageId', 'url', 'queryString', 'conditionalLogic', 'event' ), array(), null, $label . ' ' );
			$out[] = $c;
		}
		if ( $out && ! $default ) {
			$out[0]['isDefault'] = true;
			$this->approximate( null, 'confirmations', 'no confirmation was the default; the first one is' );
		}
		return $out;
	}

	/**
	 * Notifications (object keyed by id, or a list).
	 *
	 * @param mixed $notifications Gravity Forms notifications.
	 * @return list<array<string, mixed>>
	 */
	private function map_notifications( mixed $notifications ): array {
		$out = array();
		$ids = array();
		foreach ( is_array( $notifications ) ? $notifications : array() as $key => $gf ) {
			if ( ! is_array( $gf ) ) {
				continue;
			}
			$name  = self::str( $gf['name'] ?? '' );
			$label = 'notification "' . $name . '"';
			$event = self::str( $gf['event'] ?? 'form_submission' );
			if ( ! isset( self::EVENTS[ $event ] ) ) {
				$this->leave_out( null, $label, 'it is sent on the "' . $event . '" event, which this plugin does not have' );
				continue;
			}
			$n = array( 'id' => self::item_id( $gf['id'] ?? $key, 'n', count( $out ) + 1, $ids ) );
			if ( '' !== $name ) {
				$n['name'] = mb_substr( $name, 0, 200 );
			}
			if ( array_key_exists( 'isActive', $gf ) && empty( $gf['isActive'] ) ) {
				$n['isActive'] = false;
			}
			if ( 'form_submission' !== $event ) {
				$n['event'] = self::EVENTS[ $event ];
			}
			$to_type = self::str( $gf['toType'] ?? 'email' );
			if ( 'field' === $to_type ) {
				$field = self::int( '' !== self::str( $gf['toField'] ?? '' ) ? $gf['toField'] : ( $gf['to'] ?? null ) );
				if ( 'email' !== ( $this->fields[ $field ]['type'] ?? null ) ) {
					$this->leave_out( null, $label, 'it is sent to the value of field ' . $field . ', which is not an email field of the imported form' );
					continue;
				}
				$n['toType']  = 'field';
				$n['toField'] = (string) $field;
			} elseif ( 'routing' === $to_type ) {
				$n['toType']  = 'routing';
				$n['routing'] = array();
				foreach ( is_array( $gf['routing'] ?? null ) ? $gf['routing'] : array() as $route ) {
					$rule = is_array( $route ) ? $this->map_logic( array( 'rules' => array( $route ) ), null, $label . ' routing' ) : null;
					if ( null !== $rule ) {
						$n['routing'][] = array( 'email' => mb_substr( self::str( $route['email'] ?? '' ), 0, 320 ) ) + $rule['rules'][0];
					}
				}
			} else {
				if ( 'email' !== $to_type ) {
					$this->approximate( null, $label, 'recipient type "' . $to_type . '" is read as email addresses' );
				}
				$n['toType'] = 'email';
				$n['to']     = mb_substr( self::str( '' !== self::str( $gf['toEmail'] ?? '' ) ? $gf['toEmail'] : ( $gf['to'] ?? '' ) ), 0, 2000 );
			}
			foreach ( array(
				'from'     => 320,
				'fromName' => 200,
				'replyTo'  => 320,
				'cc'       => 2000,
				'bcc'      => 2000,
				'subject'  => 998,
				'message'  => 65535,
			) as $k => $max ) {
				$value = self::str( $gf[ $k ] ?? '' );
				if ( '' !== $value ) {
					$n[ $k ] = mb_substr( $value, 0, $max );
				}
			}
			if ( ! empty( $gf['disableAutoformat'] ) ) {
				$n['disableAutoformat'] = true;
			}
			$logic = $this->map_logic( $gf['conditionalLogic'] ?? null, null, $label . ' conditionalLogic' );
			if ( null !== $logic ) {
				$n['conditionalLogic'] = $logic;
			}
			$this->report_unread( $gf, array( 'id', 'name', 'isActive', 'event', 'toType', 'to', 'toEmail', 'toField', 'routing', 'from', 'fromName', 'replyTo', 'cc', 'bcc', 'subject', 'message', 'disableAutoformat', 'conditionalLogic', 'service' ), array(), null, $label . ' ' );
			$out[] = $n;
		}
		return $out;
	}

	/**
	 * A confirmation's or notification's id: Gravity Forms' own when it fits, else made up.
	 *
	 * @param mixed               $id     Gravity Forms id.
	 * @param string              $prefix Prefix of a made-up id.
	 * @param int                 $n      Position.
	 * @param array<string, true> $ids    Ids taken.
	 */
	private static function item_id( mixed $id, string $prefix, int $n, array &$ids ): string {
		$id = strtolower( self::str( $id ) );
		if ( 1 !== preg_match( '/^[a-z0-9_-]{1,32}$/', $id ) || isset( $ids[ $id ] ) ) {
			$id = $prefix . $n;
		}
		$ids[ $id ] = true;
		return $id;
	}

	/**
	 * Reports the keys with a value that the mapping did not read.
	 *
	 * @param array<mixed>         $gf       Source object.
	 * @param list<string>         $read     Keys read or ignored on purpose.
	 * @param array<string, mixed> $defaults Keys at these values are not reported.
	 * @param int|null             $id       Field id.
	 * @param string               $prefix   Setting name prefix.
	 */
	private function report_unread( array $gf, array $read, array $defaults, ?int $id, string $prefix = '' ): void {
		foreach ( $gf as $key => $value ) {
			$key = (string) $key;
			if ( in_array( $key, $read, true ) || self::is_empty( $value ) || ( array_key_exists( $key, $defaults ) && $defaults[ $key ] === $value ) ) {
				continue;
			}
			$this->leave_out( $id, $prefix . $key, 'this setting is not supported' );
		}
	}

	/**
	 * Whether a value is Gravity Forms' "not set": null, "", false, 0, or a list/object of those.
	 *
	 * @param mixed $value Value.
	 */
	private static function is_empty( mixed $value ): bool {
		return GravityFormsValues::is_empty( $value );
	}

	/**
	 * Records an approximation.
	 *
	 * @param int|null $id      Field id.
	 * @param string   $setting Setting.
	 * @param string   $note    How.
	 */
	private function approximate( ?int $id, string $setting, string $note ): void {
		$this->report['approximated'][] = $this->item( $id, null, $setting, $note );
	}

	/**
	 * Records something left out.
	 *
	 * @param int|null $id      Field id.
	 * @param string   $setting Setting.
	 * @param string   $note    Why.
	 */
	private function leave_out( ?int $id, string $setting, string $note ): void {
		$this->report['left_out'][] = $this->item( $id, null, $setting, $note );
	}

	/**
	 * A report item naming the field (id, label, Gravity Forms type) and the setting.
	 *
	 * @param int|null    $id      Field id.
	 * @param string|null $gf_type Gravity Forms type (field items).
	 * @param string|null $setting Setting.
	 * @param string      $note    Note.
	 * @return array<string, mixed>
	 */
	private function item( ?int $id, ?string $gf_type, ?string $setting, string $note ): array {
		$item = array(
			'field' => $id,
			'label' => null === $id ? null : ( $this->fields[ $id ]['label'] ?? '' ),
		);
		if ( null !== $gf_type ) {
			$item['type'] = $gf_type;
		}
		if ( null !== $setting ) {
			$item['setting'] = $setting;
		}
		if ( '' !== $note ) {
			$item['note'] = $note;
		}
		return $item;
	}

	/**
	 * Text of a scalar (Gravity Forms writes numbers as strings and strings as numbers).
	 *
	 * @param mixed $value Value.
	 */
	private static function str( mixed $value ): string {
		return GravityFormsValues::str( $value );
	}

	/**
	 * Integer of a scalar ("3" → 3); 0 when it is not one.
	 *
	 * @param mixed $value Value.
	 */
	private static function int( mixed $value ): int {
		return GravityFormsValues::int( $value );
	}
}
