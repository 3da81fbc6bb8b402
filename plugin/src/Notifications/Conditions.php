<?php
/**
 * A notification's conditions and routing rules over a stored entry.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Notifications;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Logic\EntryLogic;

/**
 * The server's engine over the entry's stored values (Domain\Logic\EntryLogic, the evaluator that
 * decides field visibility and feeds), evaluated once per entry: rules read a notification's
 * conditions and its routing exactly as they read a field's.
 */
final class Conditions {

	/**
	 * The entry's evaluation (null: the form's rules cannot be evaluated).
	 *
	 * @var array<string, mixed>|null
	 */
	private ?array $evaluation;

	/**
	 * Evaluates the form over an entry.
	 *
	 * @param Form  $form  Form.
	 * @param Entry $entry Entry.
	 */
	public function __construct( private readonly Form $form, private readonly Entry $entry ) {
		$this->evaluation = EntryLogic::evaluate( $form, $entry );
	}

	/**
	 * Whether a rule set (actionType show/hide, logicType all/any) lets the notification go; no
	 * rules: yes. A form whose rules cannot be evaluated sends no conditional notification.
	 *
	 * @param mixed $logic The notification's conditionalLogic.
	 */
	public function shows( mixed $logic ): bool {
		if ( ! is_array( $logic ) || empty( $logic['rules'] ) ) {
			return true;
		}
		return null !== $this->evaluation && EntryLogic::shows( $this->form, $this->entry, $logic, $this->evaluation );
	}

	/**
	 * Whether one routing rule ({fieldId, operator, value}) holds.
	 *
	 * @param array<mixed> $rule Rule.
	 */
	public function rule_holds( array $rule ): bool {
		if ( ! isset( $rule['fieldId'], $rule['operator'] ) ) {
			return false;
		}
		return $this->shows(
			array(
				'actionType' => 'show',
				'logicType'  => 'all',
				'rules'      => array(
					array(
						'fieldId'  => (string) $rule['fieldId'],
						'operator' => (string) $rule['operator'],
						'value'    => (string) ( $rule['value'] ?? '' ),
					),
				),
			)
		);
	}
}
