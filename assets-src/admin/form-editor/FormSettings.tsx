/**
 * Form-level settings: title, description, currency, confirmation, animation, honeypot, label
 * placement, submit button and its logic, pagination, and the feeds with their logic.
 */
import {
	PanelBody,
	SelectControl,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import type { FormDefinition } from '../../shared';
import { store } from '../store/forms';
import { FeedsPanel } from './feeds/FeedsPanel';
import { LogicBuilder } from './LogicBuilder';
import { ConfirmationsPanel } from './confirmations/ConfirmationsPanel';
import { NotificationsPanel } from './notifications/NotificationsPanel';

/**
 * The settings.
 *
 * @param props            Props.
 * @param props.form       The edited definition.
 * @param props.addonNames Human names of the feed add-ons by slug (FormEditorPage's
 *                         `feedAddons`); a slug without one shows as itself.
 */
export function FormSettings( {
	form,
	addonNames = {},
}: {
	form: FormDefinition;
	addonNames?: Record< string, string >;
} ) {
	const { updateForm } = useDispatch( store );
	const errors = useSelect(
		( select ) => select( store ).getFormErrors(),
		[]
	);
	const errorOf = ( prefix: string ) =>
		errors
			.filter(
				( e ) =>
					e.path === prefix || e.path.startsWith( `${ prefix }.` )
			)
			.map( ( e ) => e.message )
			.join( ' ' );
	const err = ( at: string ) => {
		const message = errorOf( at );
		return message ? (
			<p className="kestrel-forms-error">{ message }</p>
		) : null;
	};

	return (
		<div className="kestrel-forms-form-settings">
			<h2>{ __( 'Form settings', 'kestrel-forms' ) }</h2>
			<PanelBody title={ __( 'General', 'kestrel-forms' ) } initialOpen>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Form title', 'kestrel-forms' ) }
					value={ form.title }
					onChange={ ( title ) => updateForm( { title }, 'title' ) }
				/>
				{ err( 'title' ) }
				<TextareaControl
					__nextHasNoMarginBottom
					label={ __( 'Form description', 'kestrel-forms' ) }
					value={ form.description ?? '' }
					onChange={ ( d ) =>
						updateForm(
							{ description: d || undefined },
							'description'
						)
					}
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __(
						'Currency (ISO code, empty for the site default)',
						'kestrel-forms'
					) }
					value={ form.currency ?? '' }
					maxLength={ 3 }
					onChange={ ( c ) =>
						updateForm(
							{ currency: c ? c.toUpperCase() : undefined },
							'currency'
						)
					}
				/>
				{ err( 'currency' ) }
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Label placement', 'kestrel-forms' ) }
					value={ form.labelPlacement ?? 'top_label' }
					options={ [
						{
							value: 'top_label',
							label: __( 'Top', 'kestrel-forms' ),
						},
						{
							value: 'left_label',
							label: __( 'Left', 'kestrel-forms' ),
						},
						{
							value: 'right_label',
							label: __( 'Right', 'kestrel-forms' ),
						},
					] }
					onChange={ ( v ) =>
						updateForm( {
							labelPlacement:
								v as FormDefinition[ 'labelPlacement' ],
						} )
					}
				/>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Field descriptions', 'kestrel-forms' ) }
					value={ form.descriptionPlacement ?? 'above' }
					options={ [
						{
							value: 'above',
							label: __(
								'Between the label and the input',
								'kestrel-forms'
							),
						},
						{
							value: 'below',
							label: __( 'Under the input', 'kestrel-forms' ),
						},
					] }
					onChange={ ( v ) =>
						updateForm( {
							descriptionPlacement:
								v === 'below' ? 'below' : undefined,
						} )
					}
				/>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						'Animate fields shown and hidden by logic',
						'kestrel-forms'
					) }
					checked={ Boolean( form.animation ) }
					onChange={ ( on ) =>
						updateForm( { animation: on || undefined } )
					}
				/>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Anti-spam honeypot', 'kestrel-forms' ) }
					checked={ form.enableHoneypot !== false }
					onChange={ ( on ) =>
						updateForm( { enableHoneypot: on ? undefined : false } )
					}
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					type="number"
					min={ 0 }
					max={ 3600 }
					label={ __(
						'Minimum seconds before submitting',
						'kestrel-forms'
					) }
					help={ __(
						'A submission sent sooner after the form was shown is stored as spam (bots fill forms in an instant). Empty or 0: no minimum.',
						'kestrel-forms'
					) }
					value={ form.minimumSubmitSeconds ?? '' }
					onChange={ ( v ) => {
						const n = Math.floor( Number( v ) );
						updateForm(
							{
								minimumSubmitSeconds:
									v.trim() === '' ||
									! Number.isFinite( n ) ||
									n <= 0
										? undefined
										: Math.min( n, 3600 ),
							},
							'minimumSubmitSeconds'
						);
					} }
				/>
				{ err( 'minimumSubmitSeconds' ) }
			</PanelBody>
			<PanelBody
				title={ __( 'Confirmations', 'kestrel-forms' ) }
				initialOpen={ false }
			>
				<ConfirmationsPanel form={ form } />
			</PanelBody>
			<PanelBody
				title={ __( 'Notifications', 'kestrel-forms' ) }
				initialOpen={ false }
			>
				<NotificationsPanel form={ form } />
			</PanelBody>
			<PanelBody
				title={ __( 'Submit button', 'kestrel-forms' ) }
				initialOpen={ false }
			>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Submit button text', 'kestrel-forms' ) }
					value={ form.button?.text ?? '' }
					onChange={ ( text ) =>
						updateForm(
							{ button: { ...form.button, type: 'text', text } },
							'button'
						)
					}
				/>
				<LogicBuilder
					subject={ __( 'the submit button', 'kestrel-forms' ) }
					form={ form }
					logic={ form.button?.conditionalLogic }
					onChange={ ( conditionalLogic ) =>
						updateForm( {
							button: { ...form.button, conditionalLogic },
						} )
					}
				/>
				{ err( 'button' ) }
			</PanelBody>
			<PanelBody
				title={ __( 'Pages', 'kestrel-forms' ) }
				initialOpen={ false }
			>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Progress indicator', 'kestrel-forms' ) }
					value={ form.pagination?.type ?? 'percentage' }
					options={ [
						{
							value: 'percentage',
							label: __( 'Progress bar', 'kestrel-forms' ),
						},
						{
							value: 'steps',
							label: __( 'Steps', 'kestrel-forms' ),
						},
						{ value: 'none', label: __( 'None', 'kestrel-forms' ) },
					] }
					onChange={ ( type ) =>
						updateForm( {
							pagination: {
								...form.pagination,
								type: type as 'percentage' | 'steps' | 'none',
							},
						} )
					}
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Name of the first page', 'kestrel-forms' ) }
					value={ form.pagination?.pageNames?.[ 0 ] ?? '' }
					onChange={ ( name ) => {
						const names = [
							...( form.pagination?.pageNames ?? [ '' ] ),
						];
						names[ 0 ] = name;
						updateForm(
							{
								pagination: {
									...form.pagination,
									pageNames: names,
								},
							},
							'page-name-0'
						);
					} }
				/>
			</PanelBody>
			<PanelBody
				title={ __( 'Feeds', 'kestrel-forms' ) }
				initialOpen={ false }
			>
				<FeedsPanel
					form={ form }
					addonNames={ addonNames }
					error={ errorOf( 'feeds' ) || undefined }
				/>
			</PanelBody>
		</div>
	);
}
