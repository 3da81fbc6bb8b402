/**
 * The frame every field shares: the wrapper that slides with conditional logic, the label text
 * with its required marker, the description and the inline error.
 */
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '../../shared';
import { ids } from '../ids';
import { RevealDiv } from './reveal';

/**
 * The field wrapper with its inline error.
 *
 * @param props           Props.
 * @param props.formId    Form id.
 * @param props.field     Field.
 * @param props.error     Inline error.
 * @param props.concealed Hidden by conditional logic.
 * @param props.children  Content.
 */
export function FieldShell( {
	formId,
	field,
	error,
	concealed,
	children,
}: {
	formId: number;
	field: FieldDefinition;
	error?: string;
	concealed?: boolean;
	children: ReactNode;
} ) {
	return (
		<RevealDiv
			id={ ids.field( formId, field.id ) }
			concealed={ !! concealed }
			data-conditional-logic={ concealed ? 'hidden' : undefined }
			className={ cx(
				'kestrel-form__field',
				`kestrel-form__field--${ field.type }`,
				error && 'has-error',
				field.cssClass
			) }
		>
			{ children }
			{ error && (
				<p
					className="kestrel-form__error"
					id={ ids.validation( formId, field.id ) }
				>
					{ error }
				</p>
			) }
		</RevealDiv>
	);
}

/**
 * A field's label text with the required marker (visible star, spoken "(Required)").
 *
 * @param props       Props.
 * @param props.field Field.
 */
export function LabelText( { field }: { field: FieldDefinition } ) {
	return (
		<>
			{ field.label || field.adminLabel || '' }
			{ field.isRequired && (
				<>
					<span className="kestrel-form__required" aria-hidden="true">
						{ ' *' }
					</span>
					<span className="screen-reader-text">
						{ ' ' + __( '(Required)', 'kestrel-forms' ) }
					</span>
				</>
			) }
		</>
	);
}

/**
 * A field's description, when it has one.
 *
 * @param props        Props.
 * @param props.formId Form id.
 * @param props.field  Field.
 */
export function Description( {
	formId,
	field,
}: {
	formId: number;
	field: FieldDefinition;
} ) {
	if ( ! field.description ) {
		return null;
	}
	return (
		<p
			className="kestrel-form__description"
			id={ ids.description( formId, field.id ) }
		>
			{ field.description }
		</p>
	);
}

/**
 * An aria-describedby value from ids that may be missing, or undefined when none is left.
 *
 * @param list Ids, falsy entries skipped.
 */
export function describedBy(
	...list: Array< string | false | undefined | null >
): string | undefined {
	const present = list.filter( Boolean );
	return present.length ? present.join( ' ' ) : undefined;
}

/**
 * Class names, falsy entries skipped.
 *
 * @param names Class names.
 */
export function cx( ...names: Array< string | false | undefined | null > ) {
	return names.filter( Boolean ).join( ' ' );
}
