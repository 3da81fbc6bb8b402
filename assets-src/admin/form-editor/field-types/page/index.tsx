/**
 * A page break: the name of the page it starts and the texts of its Next and Previous buttons;
 * no value, so no description, Required box or default value.
 */
import { TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { store } from '../../../store/forms';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The page break's settings. The page name lives in the form's pagination (one name per page),
 * so it is written to the form, not the field.
 *
 * @param props       Props.
 * @param props.field The page break.
 * @param props.form  The edited definition.
 * @param props.set   Writes a patch.
 */
function PageSettings( { field, form, set }: TypeSettingsProps ) {
	const { updateForm } = useDispatch( store );
	const pageIndex =
		form.fields.filter( ( f ) => f.type === 'page' ).indexOf( field ) + 1;
	const pageNames = form.pagination?.pageNames ?? [];
	return (
		<>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __(
					'Name of the page that starts here',
					'kestrel-forms'
				) }
				value={ pageNames[ pageIndex ] ?? '' }
				onChange={ ( name ) => {
					const names = [ ...pageNames ];
					while ( names.length <= pageIndex ) {
						names.push( '' );
					}
					names[ pageIndex ] = name;
					updateForm(
						{
							pagination: {
								...form.pagination,
								pageNames: names,
							},
						},
						`page-name-${ pageIndex }`
					);
				} }
			/>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Next button text', 'kestrel-forms' ) }
				value={ field.nextButton?.text ?? '' }
				onChange={ ( t ) =>
					set(
						{
							nextButton: {
								...field.nextButton,
								type: 'text',
								text: t,
							},
						},
						'next'
					)
				}
			/>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Previous button text', 'kestrel-forms' ) }
				value={ field.previousButton?.text ?? '' }
				onChange={ ( t ) =>
					set(
						{ previousButton: { type: 'text', text: t } },
						'previous'
					)
				}
			/>
		</>
	);
}

export const pageUnit: FieldTypeUnit = {
	group: 'standard',
	Settings: PageSettings,
	common: { description: false, required: false, defaultValue: false },
};
