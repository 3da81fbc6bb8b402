/**
 * A field's conditional rule in words for its card on the canvas ("Shown when Size (2) is
 * "Large""), so the form's logic reads without opening every field.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { FieldDefinition, FormDefinition } from '../../shared';
import { describeRules } from './LogicBuilder';

/**
 * The summary, or null when the field has no rules (a page break: its Next button's rules).
 *
 * @param field Field.
 * @param form  The definition the rules read.
 */
export function fieldRuleSummary(
	field: FieldDefinition,
	form: FormDefinition
): string | null {
	const isPage = field.type === 'page';
	const logic = isPage
		? field.nextButton?.conditionalLogic
		: field.conditionalLogic;
	if ( ! logic || logic.rules.length === 0 ) {
		return null;
	}
	const rules = logic.rules
		.map( ( rule ) => describeRules( [ rule ], form ) )
		.reduce( ( words, rule ) =>
			logic.logicType === 'any'
				? sprintf(
						/* translators: 1: rules so far, 2: one more rule. */
						__( '%1$s or %2$s', 'kestrel-forms' ),
						words,
						rule
					)
				: sprintf(
						/* translators: 1: rules so far, 2: one more rule. */
						__( '%1$s and %2$s', 'kestrel-forms' ),
						words,
						rule
					)
		);
	const hide = logic.actionType === 'hide';
	if ( isPage ) {
		return hide
			? sprintf(
					/* translators: %s: rules in words. */
					__( 'Next button hidden when %s', 'kestrel-forms' ),
					rules
				)
			: sprintf(
					/* translators: %s: rules in words. */
					__( 'Next button shown when %s', 'kestrel-forms' ),
					rules
				);
	}
	return hide
		? sprintf(
				/* translators: %s: rules in words. */
				__( 'Hidden when %s', 'kestrel-forms' ),
				rules
			)
		: sprintf(
				/* translators: %s: rules in words. */
				__( 'Shown when %s', 'kestrel-forms' ),
				rules
			);
}
