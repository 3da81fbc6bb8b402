<?php
/**
 * The server's markup of a whole form.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup;

use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\Logic\DependencyCycle;
use Kestrel\Forms\Domain\Logic\FormEvaluator;

/**
 * The PHP twin of what forms-ui/components/Form.tsx renders first (docs/server-rendering.md §2):
 * the wrapper, the live region, the form with what a post without JavaScript needs, the
 * honeypot, the uploaded-files input, the header, the error summary (ErrorSummary.tsx), the
 * progress, every page (all but the current one `hidden`) with its fields, and the footer's
 * buttons. Visibility and computed values come from the server's engine (FormEvaluator, the
 * one the REST route validates with), as the TSX takes them from its twin.
 *
 * Its input is the page's data for the form, the JSON form-view hydrates from (`form`,
 * `options`, `rest`, `currency`, `captcha`, `payment`, `state`, `action`), so both render from
 * the same thing.
 */
final class FormMarkup {

	/**
	 * The form's markup (what goes inside `div.kestrel-form__root`).
	 *
	 * @param array<string, mixed> $data The page's data for the form.
	 */
	public static function render( array $data ): string {
		$form    = (array) $data['form'];
		$form_id = (int) $form['id'];
		$fields  = array_values( array_filter( (array) ( $form['fields'] ?? array() ), 'is_array' ) );
		$state   = is_array( $data['state'] ?? null ) ? $data['state'] : null;
		$wire    = is_array( $state['values'] ?? null ) ? $state['values'] : array();
		$errors  = self::errors( $state['errors'] ?? null );
		$summary = isset( $state['summary'] ) && is_string( $state['summary'] ) && '' !== $state['summary'] ? $state['summary'] : null;
		$options = is_array( $data['options'] ?? null ) ? $data['options'] : array();
		$rest    = is_array( $data['rest'] ?? null ) ? $data['rest'] : array();

		$evaluation = self::evaluation( $form, $fields, $wire );
		$pages      = self::pages( $fields );
		$page       = self::start_page( $state['page'] ?? null, count( $pages ) );
		$shown      = static fn( int $id ): bool => null === $evaluation || false !== ( $evaluation['visible'][ $id ] ?? true );

		// Pages: a page whose break is hidden, or whose fields are all hidden, is skipped.
		$shown_pages = array();
		foreach ( $pages as $index => $one ) {
			$break = $one['break'];
			$any   = false;
			foreach ( $one['fields'] as $field ) {
				$any = $any || ( 'hidden' !== ( $field['type'] ?? '' ) && $shown( (int) $field['id'] ) );
			}
			if ( $index === $page || ( ( null === $break || $shown( (int) $break['id'] ) ) && $any ) ) {
				$shown_pages[] = $index;
			}
		}
		$next_page = null;
		$previous  = null;
		foreach ( $shown_pages as $index ) {
			if ( $index > $page && null === $next_page ) {
				$next_page = $index;
			}
			if ( $index < $page ) {
				$previous = $index;
			}
		}
		$next_break    = null !== $next_page ? ( $pages[ $page + 1 ]['break'] ?? null ) : null;
		$next_shown    = null === $next_break || null === $evaluation || false !== ( $evaluation['nextVisible'][ (int) $next_break['id'] ] ?? true );
		$submit_shown  = null === $evaluation || $evaluation['submitVisible'];
		$progress_type = (string) ( $form['pagination']['type'] ?? 'steps' );
		$show_title    = false !== ( $options['showTitle'] ?? true );
		$show_desc     = false !== ( $options['showDescription'] ?? true );
		$title_id      = Ids::title( $form_id );
		$title         = is_string( $form['title'] ?? null ) ? $form['title'] : '';

		$inner = self::hidden_inputs( $form_id, $rest, $page );
		if ( false !== ( $form['enableHoneypot'] ?? true ) ) {
			$inner .= self::honeypot( $form_id );
		}
		if ( ! empty( $rest['uploadUrl'] ) ) {
			// The files stored so far by field (a plain post's, carried to the next post).
			$inner .= Html::el(
				'input',
				array(
					'type'  => 'hidden',
					'id'    => 'kestrel_uploaded_files_' . $form_id,
					'name'  => 'kestrel_uploaded_files',
					'value' => self::uploaded_files( $fields, $state['uploadedFiles'] ?? null ),
				)
			);
		}
		if ( $show_title || $show_desc ) {
			$header = '';
			if ( $show_title ) {
				$header .= Html::el(
					'h2',
					array(
						'class' => 'kestrel-form__title',
						'id'    => $title_id,
					),
					Html::text( $title )
				);
			}
			$description = is_string( $form['description'] ?? null ) ? $form['description'] : '';
			if ( $show_desc && '' !== $description ) {
				$header .= Html::el( 'p', array( 'class' => 'kestrel-form__form-description' ), Html::text( $description ) );
			}
			$inner .= Html::el( 'div', array( 'class' => 'kestrel-form__header' ), $header );
		}
		if ( null !== $summary ) {
			$inner .= self::summary( $form_id, $summary, $fields, $errors );
		}
		if ( count( $pages ) > 1 && 'none' !== $progress_type ) {
			$name   = $form['pagination']['pageNames'][ $page ] ?? null;
			$inner .= self::progress( $form_id, $progress_type, (int) array_search( $page, $shown_pages, true ) + 1, count( $shown_pages ), is_string( $name ) ? $name : '' );
		}

		$context = array(
			'form_id'    => $form_id,
			'wire'       => $evaluation ? self::with_computed( $fields, $wire, $evaluation ) : $wire,
			'errors'     => $errors,
			'currency'   => isset( $form['currency'] ) && is_array( $data['currency'] ?? null ) ? $data['currency'] : null,
			'placement'  => 'below' === ( $form['descriptionPlacement'] ?? 'above' ) ? 'below' : 'above',
			'evaluation' => $evaluation,
			'quantities' => self::quantities( $fields, $wire ),
			'data'       => $data,
			'shown'      => $shown,
			'fields'     => $fields,
		);
		foreach ( $pages as $index => $one ) {
			$markup = '';
			foreach ( $one['fields'] as $field ) {
				$markup .= self::field( $field, $context );
			}
			$inner .= Html::el(
				'div',
				array(
					'class'    => 'kestrel-form__fields kestrel-form__page',
					'id'       => 'kestrel_form_page_' . $form_id . '_' . ( $index + 1 ),
					'hidden'   => $index !== $page,
					'tabindex' => '-1',
				),
				$markup
			);
		}
		$inner .= self::footer( $form, $pages[ $page ]['break'], null !== $previous, $next_break, $next_shown, $submit_shown );

		$form_html = Html::el(
			'form',
			array(
				'class'           => 'kestrel-form__form',
				'method'          => 'post',
				'action'          => isset( $data['action'] ) && is_string( $data['action'] ) ? $data['action'] : null,
				'enctype'         => self::has_upload( $fields ) ? 'multipart/form-data' : null,
				'novalidate'      => true,
				'aria-labelledby' => $show_title ? $title_id : null,
				'aria-label'      => ! $show_title && is_string( $form['title'] ?? null ) ? $title : null,
			),
			$inner
		);
		return Html::el(
			'div',
			array( 'class' => 'kestrel-form__wrapper' ),
			Html::el(
				'div',
				array(
					'class'       => 'screen-reader-text',
					'role'        => 'status',
					'aria-live'   => 'polite',
					'aria-atomic' => 'true',
				),
				''
			) . $form_html
		);
	}

	/**
	 * The hidden inputs a post without JavaScript needs, then the default button (Enter in a
	 * field clicks the first submit button in tree order: this one, read as Next or Submit).
	 *
	 * @param int                  $form_id Form id.
	 * @param array<string, mixed> $rest    The page's `rest` data.
	 * @param int                  $page    The page shown.
	 */
	private static function hidden_inputs( int $form_id, array $rest, int $page ): string {
		$inputs = array(
			'kestrel_form_id'        => (string) $form_id,
			'kestrel_render_token'   => (string) ( $rest['renderToken'] ?? '' ),
			'kestrel_submission_key' => (string) ( $rest['submissionKey'] ?? '' ),
			'kestrel_page'           => (string) $page,
		);
		$html   = '';
		foreach ( $inputs as $name => $value ) {
			$html .= Html::el(
				'input',
				array(
					'type'  => 'hidden',
					'name'  => $name,
					'value' => $value,
				)
			);
		}
		return $html . Html::el(
			'button',
			array(
				'type'        => 'submit',
				'name'        => 'kestrel_nav',
				'value'       => 'default',
				'hidden'      => true,
				'tabindex'    => '-1',
				'aria-hidden' => 'true',
			),
			''
		);
	}

	/**
	 * The honeypot: people never see or fill it in.
	 *
	 * @param int $form_id Form id.
	 */
	private static function honeypot( int $form_id ): string {
		return Html::el(
			'div',
			array(
				'class'       => 'kestrel-form__hp',
				'aria-hidden' => 'true',
			),
			Html::el( 'label', array( 'for' => 'kestrel_hp_' . $form_id ), Html::text( __( 'This field is for validation purposes and should be left unchanged.', 'kestrel-forms' ) ) )
			. Html::el(
				'input',
				array(
					'type'         => 'text',
					'id'           => 'kestrel_hp_' . $form_id,
					'name'         => 'kestrel_hp',
					'tabindex'     => '-1',
					'autocomplete' => 'off',
					'value'        => '',
				)
			)
		);
	}

	/**
	 * The error summary (ErrorSummary.tsx): the heading, then a link per field in error.
	 *
	 * @param int                                                       $form_id Form id.
	 * @param string                                                    $heading What it says first.
	 * @param list<array<string, mixed>>                                $fields  The form's fields.
	 * @param array<int, array{message: string, inputs?: list<string>}> $errors  Messages by field id.
	 */
	private static function summary( int $form_id, string $heading, array $fields, array $errors ): string {
		$items = '';
		foreach ( $fields as $field ) {
			$id = (int) $field['id'];
			if ( ! isset( $errors[ $id ] ) ) {
				continue;
			}
			$label  = (string) ( $field['label'] ?? '' );
			$label  = '' !== $label ? $label : (string) ( $field['adminLabel'] ?? '' );
			$label  = '' !== $label ? $label : (string) $id;
			$items .= Html::el(
				'li',
				array(),
				Html::el( 'a', array( 'href' => '#' . self::error_target( $form_id, $field, $errors[ $id ] ) ), Html::text( $label . ': ' . $errors[ $id ]['message'] ) )
			);
		}
		return Html::el(
			'div',
			array(
				'class'    => 'kestrel-form__errors',
				'id'       => Ids::summary( $form_id ),
				'tabindex' => '-1',
			),
			Html::el( 'h3', array( 'class' => 'kestrel-form__errors-title' ), Html::text( $heading ) )
			. ( '' !== $items ? Html::el( 'ul', array(), $items ) : '' )
		);
	}

	/**
	 * The element a summary link points at (fields/errors.ts errorTargetId): the first input the
	 * message names, else the input, or the first choice of a group.
	 *
	 * @param int                                           $form_id Form id.
	 * @param array<string, mixed>                          $field   The field.
	 * @param array{message: string, inputs?: list<string>} $error   Its message.
	 */
	private static function error_target( int $form_id, array $field, array $error ): string {
		$first = $error['inputs'][0] ?? null;
		$named = is_string( $first ) ? ( explode( '.', $first )[1] ?? '' ) : '';
		if ( '' !== $named ) {
			return Ids::input( $form_id, (int) $field['id'], (int) $named );
		}
		return Ids::focus_target( $form_id, (int) $field['id'], in_array( $field['type'] ?? '', array( 'radio', 'checkbox', 'consent' ), true ) );
	}

	/**
	 * The progress of a multi-page form: "Step 2 of 3", and a bar for percentage.
	 *
	 * @param int    $form_id  Form id.
	 * @param string $type     'steps' or 'percentage'.
	 * @param int    $position Current page among the shown pages (1-based).
	 * @param int    $count    Number of shown pages.
	 * @param string $name     The page's name ('' : none).
	 */
	private static function progress( int $form_id, string $type, int $position, int $count, string $name ): string {
		/* translators: 1: step number, 2: number of steps. */
		$text    = sprintf( __( 'Step %1$d of %2$d', 'kestrel-forms' ), $position, $count );
		$percent = (int) round( $position / max( 1, $count ) * 100 );
		$html    = Html::el( 'p', array( 'class' => 'kestrel-form__progress-text' ), Html::text( '' !== $name ? $text . ': ' . $name : $text ) );
		if ( 'percentage' === $type ) {
			$html .= Html::el(
				'div',
				array(
					'class'         => 'kestrel-form__progress-bar',
					'role'          => 'progressbar',
					'aria-label'    => __( 'Form progress', 'kestrel-forms' ),
					'aria-valuemin' => '0',
					'aria-valuemax' => '100',
					'aria-valuenow' => (string) $percent,
				),
				Html::el( 'span', array( 'style' => 'width:' . $percent . '%' ), '' )
			);
		}
		return Html::el(
			'div',
			array(
				'class' => 'kestrel-form__progress',
				'id'    => 'kestrel_form_progress_' . $form_id,
			),
			$html
		);
	}

	/**
	 * The footer's buttons: Previous, Next, Submit, each a submit button named kestrel_nav.
	 *
	 * @param array<string, mixed>      $form         Form definition.
	 * @param array<string, mixed>|null $page_break   The break that starts the current page.
	 * @param bool                      $has_previous Whether a shown page comes before.
	 * @param array<string, mixed>|null $next_break   The break whose Next button this page shows.
	 * @param bool                      $next_shown   Whether that Next button shows.
	 * @param bool                      $submit_shown Whether the submit button's rules show it.
	 */
	private static function footer( array $form, ?array $page_break, bool $has_previous, ?array $next_break, bool $next_shown, bool $submit_shown ): string {
		$form_id = (int) $form['id'];
		$html    = '';
		if ( $has_previous && null !== $page_break ) {
			$text  = (string) ( $page_break['previousButton']['text'] ?? '' );
			$html .= Html::el(
				'button',
				array(
					'type'  => 'submit',
					'name'  => 'kestrel_nav',
					'value' => 'previous',
					'id'    => 'form_previous_button_' . $form_id . '_' . (int) $page_break['id'],
					'class' => 'kestrel-form__previous wp-element-button',
				),
				Html::text( '' !== $text ? $text : __( 'Previous', 'kestrel-forms' ) )
			);
		}
		if ( null !== $next_break ) {
			$text  = (string) ( $next_break['nextButton']['text'] ?? '' );
			$html .= Html::el(
				'button',
				array(
					'type'     => 'submit',
					'name'     => 'kestrel_nav',
					'value'    => 'next',
					'id'       => 'form_next_button_' . $form_id . '_' . (int) $next_break['id'],
					'class'    => 'kestrel-form__next wp-element-button',
					'hidden'   => ! $next_shown,
					'disabled' => ! $next_shown,
				),
				Html::text( '' !== $text ? $text : __( 'Next', 'kestrel-forms' ) )
			);
		}
		$text  = (string) ( $form['button']['text'] ?? '' );
		$html .= Html::el(
			'button',
			array(
				'type'     => 'submit',
				'name'     => 'kestrel_nav',
				'value'    => 'submit',
				'id'       => Ids::submit( $form_id ),
				'class'    => 'kestrel-form__submit wp-element-button',
				'hidden'   => ! $submit_shown || null !== $next_break,
				'disabled' => ! $submit_shown || null !== $next_break,
			),
			Html::text( '' !== $text ? $text : __( 'Submit', 'kestrel-forms' ) )
		);
		return Html::el( 'div', array( 'class' => 'kestrel-form__footer' ), $html );
	}

	/**
	 * One field through its type's markup.
	 *
	 * @param array<string, mixed> $field   The field.
	 * @param array<string, mixed> $context What render() worked out for the form.
	 */
	private static function field( array $field, array $context ): string {
		$id = (int) $field['id'];
		return FieldMarkups::render(
			new FieldContext(
				$context['form_id'],
				$field,
				$context['wire'],
				$context['errors'][ $id ] ?? null,
				! ( $context['shown'] )( $id ),
				$context['currency'],
				$context['placement'],
				$context['evaluation']['calculated'][ $id ] ?? null,
				$context['quantities'][ $id ] ?? null,
				$context['data']
			)
		);
	}

	/**
	 * Which buttons the rules show for these values: the submit button, and each page break's
	 * Next button by the break's id (absent: shown). A form whose rules form a cycle shows all.
	 *
	 * @param array<string, mixed> $form Form definition.
	 * @param array<mixed, mixed>  $wire WireValues.
	 * @return array{submit: bool, next: array<int, bool>}
	 */
	public static function buttons_shown( array $form, array $wire ): array {
		$fields     = array_values( array_filter( (array) ( $form['fields'] ?? array() ), 'is_array' ) );
		$evaluation = self::evaluation( $form, $fields, $wire );
		return array(
			'submit' => (bool) ( $evaluation['submitVisible'] ?? true ),
			'next'   => (array) ( $evaluation['nextVisible'] ?? array() ),
		);
	}

	/**
	 * The server's evaluation for the values (as the TSX evaluates its entered values), or null
	 * for a form whose rules form a cycle (every field shows).
	 *
	 * @param array<string, mixed>       $form   Form definition.
	 * @param list<array<string, mixed>> $fields Its fields.
	 * @param array<mixed, mixed>        $wire   WireValues.
	 * @return array<string, mixed>|null
	 */
	private static function evaluation( array $form, array $fields, array $wire ): ?array {
		$entered = array();
		foreach ( $fields as $field ) {
			if ( FieldTypes::displays_only( $field ) ) {
				continue;
			}
			$id    = (int) $field['id'];
			$value = FieldTypes::for_field( $field )->entered( $field, $wire );
			if ( null !== $value ) {
				$entered[ $id ] = $value;
			}
			if ( self::has_own_quantity( $fields, $field ) && is_string( $wire[ $id . '.3' ] ?? null ) ) {
				$entered[ $id . '.3' ] = $wire[ $id . '.3' ];
			}
		}
		try {
			return ( new FormEvaluator( $form ) )->evaluate( $entered );
		} catch ( DependencyCycle ) {
			return null;
		}
	}

	/**
	 * The wire values with the computed fields' values as the engine computed them (formulas, the
	 * total): what the TSX controls show of them.
	 *
	 * @param list<array<string, mixed>> $fields     The form's fields.
	 * @param array<mixed, mixed>        $wire       WireValues.
	 * @param array<string, mixed>       $evaluation The evaluation.
	 * @return array<mixed, mixed>
	 */
	private static function with_computed( array $fields, array $wire, array $evaluation ): array {
		foreach ( $fields as $field ) {
			$type     = (string) ( $field['type'] ?? '' );
			$computed = ( 'number' === $type && ! empty( $field['enableCalculation'] ) )
				|| ( 'product' === $type && 'calculation' === ( $field['inputType'] ?? '' ) )
				|| 'total' === $type;
			if ( ! $computed ) {
				continue;
			}
			$id = (int) $field['id'];
			unset( $wire[ (string) $id ], $wire[ $id ] );
			if ( isset( $evaluation['values'][ $id ] ) ) {
				$wire[ (string) $id ] = $evaluation['values'][ $id ];
			}
		}
		return $wire;
	}

	/**
	 * The own quantity of each product that has a quantity input (TSX `quantity`): the posted
	 * one, else "1".
	 *
	 * @param list<array<string, mixed>> $fields The form's fields.
	 * @param array<mixed, mixed>        $wire   WireValues.
	 * @return array<int, string>
	 */
	private static function quantities( array $fields, array $wire ): array {
		$out = array();
		foreach ( $fields as $field ) {
			if ( self::has_own_quantity( $fields, $field ) ) {
				$id         = (int) $field['id'];
				$raw        = $wire[ $id . '.3' ] ?? '1';
				$out[ $id ] = is_string( $raw ) ? $raw : '1';
			}
		}
		return $out;
	}

	/**
	 * Whether a product has a quantity input of its own (pricing.ts hasOwnQuantity).
	 *
	 * @param list<array<string, mixed>> $fields The form's fields.
	 * @param array<string, mixed>       $field  The field.
	 */
	private static function has_own_quantity( array $fields, array $field ): bool {
		if ( 'product' !== ( $field['type'] ?? '' ) || ! empty( $field['disableQuantity'] ) || 'hiddenproduct' === ( $field['inputType'] ?? '' ) ) {
			return false;
		}
		foreach ( $fields as $other ) {
			if ( 'quantity' === ( $other['type'] ?? '' ) && (int) ( $other['productField'] ?? 0 ) === (int) $field['id'] ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The pages: the fields before the first page break, then after each break.
	 *
	 * @param list<array<string, mixed>> $fields The form's fields.
	 * @return list<array{break: array<string, mixed>|null, fields: list<array<string, mixed>>}>
	 */
	private static function pages( array $fields ): array {
		$pages = array(
			array(
				'break'  => null,
				'fields' => array(),
			),
		);
		foreach ( $fields as $field ) {
			if ( 'page' === ( $field['type'] ?? '' ) ) {
				$pages[] = array(
					'break'  => $field,
					'fields' => array(),
				);
			} else {
				$pages[ count( $pages ) - 1 ]['fields'][] = $field;
			}
		}
		return $pages;
	}

	/**
	 * The page the form shows: the state's when it is one of the form's, else the first.
	 *
	 * @param mixed $index The state's page.
	 * @param int   $count Number of pages.
	 */
	private static function start_page( mixed $index, int $count ): int {
		return is_int( $index ) && $index >= 0 && $index < $count ? $index : 0;
	}

	/**
	 * The state's messages by field id (those with a message).
	 *
	 * @param mixed $errors The state's errors.
	 * @return array<int, array{message: string, inputs?: list<string>}>
	 */
	private static function errors( mixed $errors ): array {
		$out = array();
		foreach ( is_array( $errors ) ? $errors : array() as $id => $error ) {
			if ( is_array( $error ) && is_string( $error['message'] ?? null ) ) {
				$one = array( 'message' => $error['message'] );
				if ( is_array( $error['inputs'] ?? null ) ) {
					$one['inputs'] = array_values( array_map( 'strval', $error['inputs'] ) );
				}
				$out[ (int) $id ] = $one;
			}
		}
		return $out;
	}

	/**
	 * The uploaded-files input's value (Form.tsx uploadedFiles): the stored files of each upload
	 * field that has some, by `input_{fieldId}`, in the form's order, as JSON.stringify writes it.
	 *
	 * @param list<array<string, mixed>> $fields The form's fields.
	 * @param mixed                      $files  The state's files by `input_{fieldId}`.
	 */
	private static function uploaded_files( array $fields, mixed $files ): string {
		$out = array();
		foreach ( $fields as $field ) {
			$key = 'input_' . (int) $field['id'];
			if ( 'fileupload' === ( $field['type'] ?? '' ) && is_array( $files ) && is_array( $files[ $key ] ?? null ) && $files[ $key ] ) {
				$out[ $key ] = array_values( $files[ $key ] );
			}
		}
		return $out ? (string) wp_json_encode( $out, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) : '{}';
	}

	/**
	 * Whether the form has an upload field (its form posts multipart).
	 *
	 * @param list<array<string, mixed>> $fields The form's fields.
	 */
	private static function has_upload( array $fields ): bool {
		foreach ( $fields as $field ) {
			if ( 'fileupload' === ( $field['type'] ?? '' ) ) {
				return true;
			}
		}
		return false;
	}
}
