/**
 * What a field whose control cannot work without JavaScript shows on its first render (the
 * server's markup, docs/server-rendering.md §3): its label and a note that it needs JavaScript.
 * A card field and a captcha without a no-JavaScript fallback use it; the payment field says the
 * same under its label (UnitSlot).
 */
import { __ } from '@wordpress/i18n';
import { FieldShell, LabelText } from '../../components/field-parts';
import { ids } from '../../ids';
import type { FieldProps } from '../types';

/**
 * The note for a type ('captcha', 'creditcard', 'payment').
 *
 * @param type Field type.
 */
export function jsNoteText( type: string ): string {
	if ( type === 'captcha' ) {
		return __(
			'This captcha needs JavaScript. Please turn on JavaScript in your browser to send this form.',
			'kestrel-forms'
		);
	}
	return __(
		'Paying needs JavaScript. Please turn on JavaScript in your browser to pay.',
		'kestrel-forms'
	);
}

/**
 * The note as a paragraph.
 *
 * @param props      Props.
 * @param props.type Field type.
 */
export function JsNote( { type }: { type: string } ) {
	return <p className="kestrel-form__js-note">{ jsNoteText( type ) }</p>;
}

/**
 * The field: its label and the note, in its shell.
 *
 * @param props Field props.
 */
export function JsNoteField( props: FieldProps ) {
	const { formId, field, error, concealed } = props;
	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			<p
				className="kestrel-form__label"
				id={ ids.label( formId, field.id ) }
			>
				<LabelText field={ field } />
			</p>
			<JsNote type={ field.type } />
		</FieldShell>
	);
}
