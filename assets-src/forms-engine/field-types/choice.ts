import { OTHER_CHOICE } from '../../shared/types/form';
import type { FieldDefinition } from '../../shared';
import type { ValidationIssue } from '../validation/types';
import type { FieldTypeUnit } from './types';
import { oneTextUnit } from './text';
import { textFromWire } from './from-wire';

/**
 * Whether a text is one of the field's choice values.
 *
 * @param field Field with choices.
 * @param text  Text.
 */
export function isChoice(
	field: FieldDefinition,
	text: string
): ValidationIssue | null {
	return ( field.choices ?? [] ).some( ( c ) => c.value === text )
		? null
		: { code: 'choice' };
}

const text = oneTextUnit( ( value, field ) =>
	// With an "other" choice (radio), any typed text is a valid answer.
	field.enableOtherChoice ? null : isChoice( field, value )
);

/**
 * Drop-down and radio fields: one of the choice values (a radio's "other" choice takes any
 * text). They start with the selected choice, else the defaultValue.
 */
export const choiceUnit: FieldTypeUnit = {
	...text,
	// A radio's "other" chosen with its text beside it ("N_other", as the early typing a page
	// reads from the server's inputs sends it): the typed text is the value.
	fromSubmission: ( field, wire ) => {
		const value = textFromWire( field, wire );
		const typed = wire[ `${ field.id }_other` ];
		return field.enableOtherChoice &&
			value === OTHER_CHOICE &&
			typeof typed === 'string' &&
			typed !== ''
			? typed
			: value;
	},
	initialValue: ( field ) =>
		( field.choices ?? [] ).find( ( c ) => c.isSelected )?.value ??
		field.defaultValue ??
		'',
	ruleValue: ( field, value ) =>
		field.enableOtherChoice && value === OTHER_CHOICE
			? { values: [ '' ] } // "Other" chosen, nothing typed yet.
			: text.ruleValue( field, value ),
};
