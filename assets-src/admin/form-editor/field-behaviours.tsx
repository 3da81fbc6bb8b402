/**
 * Field behaviours the engine has that are switches on a field (docs/forms-engine.md): the radio
 * "Other" choice with its own text box, the checkbox "Select all" box, and the password field's
 * minimum strength. Each writes its key only while it differs from the default.
 */
import { CheckboxControl, SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition } from '../../shared';

type Patch = ( patch: Partial< FieldDefinition > ) => void;

/**
 * Whether a field shows checkboxes (a checkbox field, or an option field shown as checkboxes).
 *
 * @param field Field.
 */
export function showsCheckboxes( field: FieldDefinition ): boolean {
	return (
		field.type === 'checkbox' ||
		( field.type === 'option' && field.inputType === 'checkbox' )
	);
}

/**
 * "Other" for a radio field, "Select all" for checkboxes; nothing for other types.
 *
 * @param props       Props.
 * @param props.field The field.
 * @param props.set   Writes a patch of the field.
 */
export function ChoiceBehaviours( {
	field,
	set,
}: {
	field: FieldDefinition;
	set: Patch;
} ) {
	if ( field.type === 'radio' ) {
		return (
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __( 'Add an "Other" choice', 'kestrel-forms' ) }
				help={ __(
					'Visitors who pick it type their own answer.',
					'kestrel-forms'
				) }
				checked={ Boolean( field.enableOtherChoice ) }
				onChange={ ( on ) =>
					set( { enableOtherChoice: on || undefined } )
				}
			/>
		);
	}
	if ( showsCheckboxes( field ) ) {
		return (
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __( 'Add a "Select all" box', 'kestrel-forms' ) }
				checked={ Boolean( field.enableSelectAll ) }
				onChange={ ( on ) =>
					set( { enableSelectAll: on || undefined } )
				}
			/>
		);
	}
	return null;
}

/**
 * The weakest password a password field with its strength meter accepts.
 *
 * @param props       Props.
 * @param props.field The password field.
 * @param props.set   Writes a patch of the field.
 */
export function MinimumStrength( {
	field,
	set,
}: {
	field: FieldDefinition;
	set: Patch;
} ) {
	return (
		<SelectControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			label={ __( 'Weakest password accepted', 'kestrel-forms' ) }
			value={ field.minPasswordStrength ?? '' }
			options={ [
				{ value: '', label: __( 'Any', 'kestrel-forms' ) },
				{ value: 'short', label: __( 'Very weak', 'kestrel-forms' ) },
				{ value: 'bad', label: __( 'Weak', 'kestrel-forms' ) },
				{ value: 'good', label: __( 'Medium', 'kestrel-forms' ) },
				{ value: 'strong', label: __( 'Strong', 'kestrel-forms' ) },
			] }
			onChange={ ( v ) =>
				set( {
					minPasswordStrength: ( v ||
						undefined ) as FieldDefinition[ 'minPasswordStrength' ],
				} )
			}
		/>
	);
}
