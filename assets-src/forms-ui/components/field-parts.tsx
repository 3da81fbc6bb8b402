/**
 * The frame every field shares: the wrapper that slides with conditional logic, the label text
 * with its required marker, the description and the inline error.
 */
import { createContext, memo, useContext } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '../../shared';
import { ids } from '../ids';
import { useReveal } from './reveal';

/**
 * Where the fields' descriptions sit, from the form's `descriptionPlacement`: between the label
 * and the input ('above', also when the key is absent) or under the input ('below', before the
 * inline error). Form.tsx provides it.
 */
export const DescriptionPlacement = createContext< 'above' | 'below' >(
	'above'
);

/**
 * The field wrapper with its inline error.
 *
 * @param props           Props.
 * @param props.formId    Form id.
 * @param props.field     Field.
 * @param props.error     Inline error.
 * @param props.concealed Hidden by conditional logic.
 * @param props.children  Content.
 * @param props.ownText   The control shows the description itself (a consent's agreement).
 */
export function FieldShell( {
	formId,
	field,
	error,
	concealed,
	children,
	ownText,
}: {
	formId: number;
	field: FieldDefinition;
	error?: string;
	concealed?: boolean;
	children: ReactNode;
	ownText?: boolean;
} ) {
	// The wrapper slides itself (useReveal, not RevealDiv): one component less for every field
	// that re-renders. Nothing inside a field's wrapper slides (the one nested slide is the
	// product's RevealDiv around its fields), so it provides no "no slide inside" context either.
	const { ref, hidden } = useReveal< HTMLDivElement >( !! concealed );
	return (
		<div
			ref={ ref }
			hidden={ hidden }
			id={ ids.field( formId, field.id ) }
			data-conditional-logic={ concealed ? 'hidden' : undefined }
			className={ cx(
				'kestrel-form__field',
				`kestrel-form__field--${ field.type }`,
				error && 'has-error',
				field.cssClass
			) }
		>
			{ children }
			{ ! ownText && !! field.description && (
				<Description formId={ formId } field={ field } at="below" />
			) }
			{ error && (
				<p
					className="kestrel-form__error"
					id={ ids.validation( formId, field.id ) }
				>
					{ error }
				</p>
			) }
		</div>
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
 * @param props.at     Where this one stands (the default: between label and input).
 */
export const Description = memo( function FieldDescription( {
	formId,
	field,
	at = 'above',
}: {
	formId: number;
	field: FieldDefinition;
	/** The place this one stands for: it shows only when the form puts descriptions there. */
	at?: 'above' | 'below';
} ) {
	const placement = useContext( DescriptionPlacement );
	if ( ! field.description || placement !== at ) {
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
} );

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

/**
 * A field's aria-describedby: its description and its message, when shown.
 *
 * @param formId Form id.
 * @param field  Field.
 * @param error  The field's message.
 */
export function fieldDescribedBy(
	formId: number,
	field: FieldDefinition,
	error: string | undefined
): string | undefined {
	return describedBy(
		!! field.description && ids.description( formId, field.id ),
		!! error && ids.validation( formId, field.id )
	);
}

/**
 * A field's label element with its text and required marker: a `<legend>` for a group of
 * inputs, a `<label>` for one input (`htmlFor`), a paragraph for a field without an input.
 *
 * @param props         Props.
 * @param props.formId  Form id.
 * @param props.field   Field.
 * @param props.as      The element.
 * @param props.htmlFor A label's input id.
 */
export const FieldLabel = memo( function Label( {
	formId,
	field,
	as: Tag,
	htmlFor,
}: {
	formId: number;
	field: FieldDefinition;
	as: 'legend' | 'label' | 'p';
	htmlFor?: string;
} ) {
	return (
		<Tag
			className="kestrel-form__label"
			htmlFor={ htmlFor }
			id={ ids.label( formId, field.id ) }
		>
			<LabelText field={ field } />
		</Tag>
	);
} );
