/**
 * What every field's settings panel shares: writing keys into the edited definition, the
 * server's messages under each control, and the heading with the messages that name no key.
 */
import { useDispatch, useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import type { FieldDefinition } from '../../shared';
import { store } from '../store/forms';
import { fieldTypeLabel } from '../store/forms/definition';

/**
 * Editing one field.
 *
 * @param field The field.
 * @return `errors` (the server's, for this field), `errorOf(key)` (a key's messages joined),
 *         `err(key)` (them as a paragraph, or null) and `set(patch, key?)` (one undo step;
 *         edits with the same key coalesce).
 */
export function useFieldEdit( field: FieldDefinition ) {
	const { updateField } = useDispatch( store );
	const errors = useSelect(
		( select ) => select( store ).getFieldErrors( field.id ),
		[ field.id ]
	);
	const errorOf = ( key: string ) =>
		errors
			.filter( ( e ) => e.key === key )
			.map( ( e ) => e.message )
			.join( ' ' ) || undefined;
	// A key's server error under its control (nothing while there is none).
	const err = ( key: string ) => {
		const message = errorOf( key );
		return message ? (
			<p className="kestrel-forms-error">{ message }</p>
		) : null;
	};
	const set = ( patch: Partial< FieldDefinition >, key?: string ) =>
		updateField(
			field.id,
			patch,
			key ? `${ field.id }.${ key }` : undefined
		);
	return { errors, errorOf, err, set };
}

/**
 * The panel's heading ("Email field 3") and the server's messages that name no key.
 *
 * @param props        Props.
 * @param props.field  The field.
 * @param props.errors The field's server errors.
 */
export function FieldHeading( {
	field,
	errors,
}: {
	field: FieldDefinition;
	errors: { key?: string; message: string }[];
} ) {
	return (
		<>
			<h2>
				{ sprintf(
					/* translators: 1: field type, 2: field id. */
					__( '%1$s field %2$d', 'kestrel-forms' ),
					fieldTypeLabel( field.type ),
					field.id
				) }
			</h2>
			{ errors
				.filter( ( e ) => ! e.key )
				.map( ( e, i ) => (
					<p key={ i } className="kestrel-forms-error">
						{ e.message }
					</p>
				) ) }
		</>
	);
}
