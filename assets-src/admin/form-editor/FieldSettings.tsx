/**
 * Settings of the selected field in accordion panels: general, appearance, advanced and
 * conditional logic. The settings every field shares are here; each type's own controls come
 * from its unit in `field-types/` (registry.ts). Each key's server error shows under its control.
 */
import { CheckboxControl, PanelBody } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition, FormDefinition } from '../../shared';
import { MergeTagTextControl } from '../components/merge-tags';
import { KeyTextControl } from './field-types/common/controls';
import { fieldTypeUnit, hasCommonSetting } from './field-types/registry';
import {
	AppearancePanel,
	FieldHeading,
	LogicPanel,
	useFieldEdit,
} from './field-edit';

/**
 * Settings panels of one field (or the type's own screen, the payment field's).
 *
 * @param props       Props.
 * @param props.field The field.
 * @param props.form  The edited definition.
 */
export function FieldSettings( {
	field,
	form,
}: {
	field: FieldDefinition;
	form: FormDefinition;
} ) {
	const { errors, errorOf, err, set } = useFieldEdit( field );
	const unit = fieldTypeUnit( field.type );
	if ( unit.Screen ) {
		return <unit.Screen field={ field } form={ form } />;
	}
	const props = { field, form, set, errorOf };
	const has = ( setting: Parameters< typeof hasCommonSetting >[ 1 ] ) =>
		hasCommonSetting( field.type, setting );

	return (
		<div className="kestrel-forms-field-settings">
			<FieldHeading field={ field } errors={ errors } />
			<PanelBody title={ __( 'General', 'kestrel-forms' ) } initialOpen>
				<KeyTextControl
					{ ...props }
					name="label"
					label={ __( 'Field label', 'kestrel-forms' ) }
				/>
				{ has( 'description' ) && (
					<KeyTextControl
						{ ...props }
						name="description"
						multiline
						label={ __( 'Description', 'kestrel-forms' ) }
					/>
				) }
				{ has( 'required' ) && (
					<CheckboxControl
						__nextHasNoMarginBottom
						label={ __( 'Required', 'kestrel-forms' ) }
						checked={ Boolean( field.isRequired ) }
						onChange={ ( isRequired ) =>
							set( { isRequired: isRequired || undefined } )
						}
					/>
				) }
				{ unit.Settings && <unit.Settings { ...props } /> }
			</PanelBody>
			<AppearancePanel field={ field } sizes>
				{ has( 'placeholder' ) && (
					<KeyTextControl
						{ ...props }
						name="placeholder"
						label={ __( 'Placeholder', 'kestrel-forms' ) }
					/>
				) }
			</AppearancePanel>
			<PanelBody
				title={ __( 'Advanced', 'kestrel-forms' ) }
				initialOpen={ false }
			>
				<KeyTextControl
					{ ...props }
					name="adminLabel"
					label={ __( 'Admin label', 'kestrel-forms' ) }
				/>
				{ has( 'defaultValue' ) && (
					// Merge tags the server fills before an entry exists (docs/merge-tags.md).
					<>
						<MergeTagTextControl
							form={ form }
							target="default"
							label={ __( 'Default value', 'kestrel-forms' ) }
							value={ field.defaultValue ?? '' }
							onChange={ ( value ) =>
								set(
									{
										defaultValue:
											value === '' ? undefined : value,
									},
									'defaultValue'
								)
							}
						/>
						{ err( 'defaultValue' ) }
					</>
				) }
				{ unit.Advanced && <unit.Advanced { ...props } /> }
				<KeyTextControl
					{ ...props }
					name="errorMessage"
					label={ __( 'Custom error message', 'kestrel-forms' ) }
				/>
			</PanelBody>
			<LogicPanel field={ field } form={ form } />
		</div>
	);
}
