/**
 * Live validation of a formula in the editor, with the engine the visitor's browser uses:
 * unknown merge tags, characters the parser refuses, and cycles through other formulas and rules.
 * The server checks the same on save (Domain/Form/FormValidator::check_formula).
 */
import { __, sprintf } from '@wordpress/i18n';
import {
	buildGraph,
	DependencyCycleError,
	evaluateFormula,
	fieldIdOf,
	mergeTagsOf,
	substituteMergeTags,
} from '../../forms-engine';
import type { FormDefinition } from '../../shared';
import { valueFields } from '../store/forms/definition';

export type FormulaProblem =
	| { kind: 'unknownField'; inputIds: string[] }
	| { kind: 'syntax' }
	| { kind: 'cycle'; fieldIds: number[] };

/**
 * The problem of a field's formula, null when it is fine (or empty).
 *
 * @param form    The edited definition (the formula is the field's current one).
 * @param fieldId The calculated field.
 */
export function formulaProblem(
	form: FormDefinition,
	fieldId: number
): FormulaProblem | null {
	const field = form.fields.find( ( f ) => f.id === fieldId );
	const formula = field?.calculationFormula ?? '';
	if ( ! field || formula.trim() === '' ) {
		return null;
	}
	const known = new Set( valueFields( form ).map( ( f ) => f.id ) );
	const unknown = mergeTagsOf( formula )
		.map( ( tag ) => tag.inputId )
		.filter( ( id ) => ! known.has( fieldIdOf( id ) ) );
	if ( unknown.length ) {
		return { kind: 'unknownField', inputIds: unknown };
	}
	if ( evaluateFormula( substituteMergeTags( formula, () => 1 ) ) === null ) {
		return { kind: 'syntax' };
	}
	try {
		buildGraph( form );
	} catch ( error ) {
		if ( error instanceof DependencyCycleError ) {
			return { kind: 'cycle', fieldIds: error.fieldIds };
		}
		throw error;
	}
	return null;
}

/**
 * The message of a formula problem.
 *
 * @param problem Problem.
 */
export function formulaMessage( problem: FormulaProblem ): string {
	switch ( problem.kind ) {
		case 'unknownField':
			return sprintf(
				/* translators: %s: merge tags such as {:7}. */
				__(
					'This formula reads no field with a value: %s',
					'kestrel-forms'
				),
				problem.inputIds.map( ( id ) => `{:${ id }}` ).join( ', ' )
			);
		case 'syntax':
			return __(
				'This is not a valid formula: use numbers, merge tags, + - * / and parentheses.',
				'kestrel-forms'
			);
		case 'cycle':
			return sprintf(
				/* translators: %s: field ids. */
				__(
					'Fields %s depend on each other in a cycle.',
					'kestrel-forms'
				),
				problem.fieldIds.join( ', ' )
			);
	}
}

/**
 * The merge tag of a field for a formula: `{Label:3}`.
 *
 * @param label   Field label.
 * @param inputId Field or input id.
 */
export function mergeTag( label: string, inputId: string | number ): string {
	return `{${ label.replace( /[{}:]/g, '' ) }:${ inputId }}`;
}
