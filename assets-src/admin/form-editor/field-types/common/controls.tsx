/**
 * Controls the types' settings panels share: a key of the field as a text box or a number box,
 * its server message under it (the common panel's `text` and `number` helpers before the types
 * had units).
 */
import {
	SelectControl,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import type { TypeSettingsProps } from '../types';

/** The string keys a text box edits. */
export type TextKey =
	| 'description'
	| 'content'
	| 'basePrice'
	| 'allowedExtensions'
	| 'placeholder'
	| 'adminLabel'
	| 'errorMessage'
	| 'label'
	| 'checkboxLabel';

/** The number keys a number box edits. */
export type NumberKey =
	| 'rangeMin'
	| 'rangeMax'
	| 'maxFiles'
	| 'maxFileSize'
	| 'maxRows'
	| 'maxLength';

/**
 * A server message under a control (nothing while there is none).
 *
 * @param props         Props.
 * @param props.message The message.
 */
export function ErrorText( { message }: { message?: string } ) {
	return message ? <p className="kestrel-forms-error">{ message }</p> : null;
}

/**
 * A number input's value from text ('' removes the key).
 *
 * @param text Input text.
 */
export function numberOrUndefined( text: string ): number | undefined {
	if ( text.trim() === '' ) {
		return undefined;
	}
	const n = Number( text );
	return Number.isFinite( n ) ? n : undefined;
}

type KeyProps = Pick< TypeSettingsProps, 'field' | 'set' | 'errorOf' > & {
	label: string;
	help?: string;
};

/**
 * A string key of the field in a text box (a textarea when multiline); empty removes the key.
 *
 * @param props           Props.
 * @param props.name      The key.
 * @param props.multiline A textarea.
 * @param props.field     The field.
 * @param props.set       Writes a patch.
 * @param props.errorOf   The server's message for a key.
 * @param props.label     The control's label.
 * @param props.help      Help under it.
 */
export function KeyTextControl( {
	name,
	multiline = false,
	field,
	set,
	errorOf,
	label,
	help,
}: KeyProps & { name: TextKey; multiline?: boolean } ) {
	const value = String( field[ name ] ?? '' );
	const onChange = ( next: string ) =>
		set( { [ name ]: next === '' ? undefined : next }, name );
	return (
		<>
			{ multiline ? (
				<TextareaControl
					__nextHasNoMarginBottom
					label={ label }
					help={ help }
					value={ value }
					onChange={ onChange }
				/>
			) : (
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ label }
					help={ help }
					value={ value }
					onChange={ onChange }
				/>
			) }
			<ErrorText message={ errorOf( name ) } />
		</>
	);
}

/**
 * A number key of the field in a number box; empty removes the key.
 *
 * @param props         Props.
 * @param props.name    The key.
 * @param props.min     The least value the box offers.
 * @param props.field   The field.
 * @param props.set     Writes a patch.
 * @param props.errorOf The server's message for a key.
 * @param props.label   The control's label.
 */
export function KeyNumberControl( {
	name,
	min,
	field,
	set,
	errorOf,
	label,
}: KeyProps & { name: NumberKey; min?: number } ) {
	return (
		<>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				type="number"
				min={ min }
				label={ label }
				value={ field[ name ] ?? '' }
				onChange={ ( v ) =>
					set( { [ name ]: numberOrUndefined( v ) }, name )
				}
			/>
			<ErrorText message={ errorOf( name ) } />
		</>
	);
}

/** The keys of a type's format chosen from a list (name format, address type…). */
export type SelectKey =
	| 'nameFormat'
	| 'addressType'
	| 'phoneFormat'
	| 'dateType'
	| 'dateFormat'
	| 'timeFormat';

/**
 * A key of the field chosen from a list; an absent key shows as its default.
 *
 * @param props          Props.
 * @param props.name     The key.
 * @param props.fallback What an absent key means.
 * @param props.options  The values and their names.
 * @param props.field    The field.
 * @param props.set      Writes a patch.
 * @param props.label    The list's label.
 * @param props.onPick   Writes the chosen value in place of the plain patch (a name's inputs).
 */
export function KeySelectControl( {
	name,
	fallback,
	options,
	field,
	set,
	label,
	onPick,
}: Pick< TypeSettingsProps, 'field' | 'set' > & {
	name: SelectKey;
	fallback: string;
	options: { value: string; label: string }[];
	label: string;
	onPick?: ( value: string ) => void;
} ) {
	return (
		<SelectControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			label={ label }
			value={ field[ name ] ?? fallback }
			options={ options }
			onChange={ ( value ) =>
				onPick ? onPick( value ) : set( { [ name ]: value } )
			}
		/>
	);
}
