/**
 * Pure operations on a form definition used by the editor. Each returns a new definition and
 * never changes its argument (the store's undo history keeps the old objects).
 */
import { __ } from '@wordpress/i18n';
import type {
	FieldDefinition,
	FieldType,
	FormDefinition,
} from '../../../shared';
import { FIELD_DEFAULTS } from '../../form-editor/field-types/defaults';
import { READ_ONLY_KEYS } from './constants';
import type { StoredForm } from './types';

/**
 * The next free field id: one more than the largest id in use (repeater sub-fields have their
 * own id space).
 *
 * @param form Definition.
 */
export function nextFieldId( form: FormDefinition ): number {
	return form.fields.reduce( ( max, f ) => Math.max( max, f.id ), 0 ) + 1;
}

/**
 * The label a new field of a type starts with.
 *
 * @param type Field type.
 */
export function fieldTypeLabel( type: FieldType ): string {
	const labels: Record< FieldType, string > = {
		text: __( 'Single line text', 'kestrel-forms' ),
		textarea: __( 'Paragraph text', 'kestrel-forms' ),
		email: __( 'Email', 'kestrel-forms' ),
		number: __( 'Number', 'kestrel-forms' ),
		select: __( 'Drop down', 'kestrel-forms' ),
		radio: __( 'Radio buttons', 'kestrel-forms' ),
		checkbox: __( 'Checkboxes', 'kestrel-forms' ),
		hidden: __( 'Hidden', 'kestrel-forms' ),
		section: __( 'Section', 'kestrel-forms' ),
		html: __( 'HTML', 'kestrel-forms' ),
		product: __( 'Product', 'kestrel-forms' ),
		option: __( 'Option', 'kestrel-forms' ),
		quantity: __( 'Quantity', 'kestrel-forms' ),
		shipping: __( 'Shipping', 'kestrel-forms' ),
		total: __( 'Total', 'kestrel-forms' ),
		page: __( 'Page break', 'kestrel-forms' ),
		fileupload: __( 'File upload', 'kestrel-forms' ),
		list: __( 'List', 'kestrel-forms' ),
		repeater: __( 'Repeater', 'kestrel-forms' ),
		password: __( 'Password', 'kestrel-forms' ),
		creditcard: __( 'Credit card', 'kestrel-forms' ),
		captcha: __( 'Captcha', 'kestrel-forms' ),
		payment: __( 'Payment', 'kestrel-forms' ),
		name: __( 'Name', 'kestrel-forms' ),
		address: __( 'Address', 'kestrel-forms' ),
		phone: __( 'Phone', 'kestrel-forms' ),
		date: __( 'Date', 'kestrel-forms' ),
		time: __( 'Time', 'kestrel-forms' ),
		website: __( 'Website', 'kestrel-forms' ),
		consent: __( 'Consent', 'kestrel-forms' ),
		multiselect: __( 'Multi select', 'kestrel-forms' ),
	};
	return labels[ type ];
}

/**
 * A field as a choice in the editor's lists: its label (or, without one, its type's name) and
 * its id, "Email (3)".
 *
 * @param field       The field.
 * @param field.label Its label.
 * @param field.type  Its type.
 * @param field.id    Its id.
 * @param id          The id to show (a sub-input's "3.1"); the field's id by default.
 */
export function fieldOptionLabel(
	field: Pick< FieldDefinition, 'label' | 'type' | 'id' >,
	id: number | string = field.id
): string {
	return `${ field.label || fieldTypeLabel( field.type ) } (${ id })`;
}

/**
 * A new field of a type that satisfies the schema's rules for that type (required choices,
 * inputType, basePrice, productField), with the type's own defaults (the type's unit in
 * `form-editor/field-types/`).
 *
 * @param type Field type.
 * @param id   Its id.
 * @param form The form it joins (options and quantities attach to its first product).
 */
export function newField(
	type: FieldType,
	id: number,
	form: FormDefinition
): FieldDefinition {
	return {
		id,
		type,
		label: fieldTypeLabel( type ),
		...FIELD_DEFAULTS[ type ]?.( id, form ),
	};
}

/**
 * Adds a new field of a type at an index (the end when absent).
 *
 * @param form  Definition.
 * @param type  Field type.
 * @param index Position.
 * @return The definition and the new field's id.
 */
export function addField(
	form: FormDefinition,
	type: FieldType,
	index?: number
): { form: FormDefinition; id: number } {
	const id = nextFieldId( form );
	const fields = [ ...form.fields ];
	const at =
		index === undefined
			? fields.length
			: Math.max( 0, Math.min( index, fields.length ) );
	fields.splice( at, 0, newField( type, id, form ) );
	return { form: { ...form, fields }, id };
}

/**
 * Changes some keys of a field; a key set to undefined is removed.
 *
 * @param form  Definition.
 * @param id    Field id.
 * @param patch Keys to set.
 */
export function updateField(
	form: FormDefinition,
	id: number,
	patch: Partial< FieldDefinition >
): FormDefinition {
	return {
		...form,
		fields: form.fields.map( ( f ) => {
			if ( f.id !== id ) {
				return f;
			}
			const next: Record< string, unknown > = { ...f, ...patch };
			for ( const key of Object.keys( patch ) ) {
				if ( next[ key ] === undefined ) {
					delete next[ key ];
				}
			}
			return next as unknown as FieldDefinition;
		} ),
	};
}

/**
 * Changes some keys of the form itself; a key set to undefined is removed.
 *
 * @param form  Definition.
 * @param patch Keys to set.
 */
export function updateForm(
	form: FormDefinition,
	patch: Partial< FormDefinition >
): FormDefinition {
	const next: Record< string, unknown > = { ...form, ...patch };
	for ( const key of Object.keys( patch ) ) {
		if ( next[ key ] === undefined ) {
			delete next[ key ];
		}
	}
	return next as unknown as FormDefinition;
}

/**
 * Removes a field.
 *
 * @param form Definition.
 * @param id   Field id.
 */
export function removeField(
	form: FormDefinition,
	id: number
): FormDefinition {
	return { ...form, fields: form.fields.filter( ( f ) => f.id !== id ) };
}

/**
 * Copies a field right after itself under a new id (its inputs renumbered to the new id).
 *
 * @param form Definition.
 * @param id   Field id.
 * @return The definition and the copy's id (null when the field does not exist).
 */
export function duplicateField(
	form: FormDefinition,
	id: number
): { form: FormDefinition; id: number | null } {
	const index = form.fields.findIndex( ( f ) => f.id === id );
	if ( index < 0 ) {
		return { form, id: null };
	}
	const newId = nextFieldId( form );
	const copy: FieldDefinition = JSON.parse(
		JSON.stringify( form.fields[ index ] )
	);
	copy.id = newId;
	if ( Array.isArray( copy.inputs ) ) {
		copy.inputs = copy.inputs.map( ( input ) => ( {
			...input,
			id: `${ newId }.${ input.id.split( '.' )[ 1 ] }`,
		} ) );
	}
	const fields = [ ...form.fields ];
	fields.splice( index + 1, 0, copy );
	return { form: { ...form, fields }, id: newId };
}

/**
 * Moves a field to another position.
 *
 * @param form    Definition.
 * @param id      Field id.
 * @param toIndex Its new index (clamped to the list).
 */
export function moveField(
	form: FormDefinition,
	id: number,
	toIndex: number
): FormDefinition {
	const from = form.fields.findIndex( ( f ) => f.id === id );
	const to = Math.max( 0, Math.min( toIndex, form.fields.length - 1 ) );
	if ( from < 0 || from === to ) {
		return form;
	}
	const fields = [ ...form.fields ];
	const [ field ] = fields.splice( from, 1 );
	fields.splice( to, 0, field );
	return { ...form, fields };
}

/**
 * The definition part of a stored form, as PUT and POST take it.
 *
 * @param form A form from the API (or a definition).
 */
export function definitionOf(
	form: StoredForm | FormDefinition
): FormDefinition {
	const copy: Record< string, unknown > = { ...form };
	for ( const key of READ_ONLY_KEYS ) {
		delete copy[ key ];
	}
	return copy as unknown as FormDefinition;
}

/**
 * Fields that carry a value (what rules and formulas may read): not sections, HTML, page
 * breaks, captchas or payment fields (a payment's value is a single-use token).
 *
 * @param form Definition.
 */
export function valueFields( form: FormDefinition ): FieldDefinition[] {
	return form.fields.filter(
		( f ) =>
			! [ 'section', 'html', 'page', 'captcha', 'payment' ].includes(
				f.type
			)
	);
}

/**
 * Number of pages: one more than the page breaks.
 *
 * @param form Definition.
 */
export function pageCount( form: FormDefinition ): number {
	return 1 + form.fields.filter( ( f ) => f.type === 'page' ).length;
}
