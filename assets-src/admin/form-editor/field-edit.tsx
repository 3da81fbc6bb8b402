/**
 * What every field's settings panel shares: writing keys into the edited definition, the
 * server's messages under each control, the heading with the messages that name no key, and the
 * Appearance and Conditional logic panels (FieldSettings and the payment field's panel).
 */
import { PanelBody, SelectControl, TextControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import type { FieldDefinition, FormDefinition } from '../../shared';
import { store } from '../store/forms';
import { fieldTypeLabel } from '../store/forms/definition';
import { LogicBuilder } from './LogicBuilder';

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

/**
 * The Appearance panel: the type's own controls first, then the CSS class and, for the types
 * that have one, the size.
 *
 * @param props          Props.
 * @param props.field    The field.
 * @param props.sizes    Whether the Size list shows.
 * @param props.children The type's own controls (placeholder, input labels).
 */
export function AppearancePanel( {
	field,
	sizes = false,
	children,
}: {
	field: FieldDefinition;
	sizes?: boolean;
	children?: ReactNode;
} ) {
	const { err, set } = useFieldEdit( field );
	return (
		<PanelBody
			title={ __( 'Appearance', 'kestrel-forms' ) }
			initialOpen={ false }
		>
			{ children }
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'CSS class', 'kestrel-forms' ) }
				value={ field.cssClass ?? '' }
				onChange={ ( value ) =>
					set(
						{ cssClass: value === '' ? undefined : value },
						'cssClass'
					)
				}
			/>
			{ err( 'cssClass' ) }
			{ sizes && (
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Size', 'kestrel-forms' ) }
					value={ field.size ?? '' }
					options={ [
						{ value: '', label: __( 'Default', 'kestrel-forms' ) },
						{
							value: 'small',
							label: __( 'Small', 'kestrel-forms' ),
						},
						{
							value: 'medium',
							label: __( 'Medium', 'kestrel-forms' ),
						},
						{
							value: 'large',
							label: __( 'Large', 'kestrel-forms' ),
						},
					] }
					onChange={ ( size ) =>
						set( {
							size: ( size ||
								undefined ) as FieldDefinition[ 'size' ],
						} )
					}
				/>
			) }
		</PanelBody>
	);
}

/**
 * The Conditional logic panel: a page break's rules switch its Next button, every other
 * field's rules switch the field (or the section).
 *
 * @param props       Props.
 * @param props.field The field.
 * @param props.form  The edited definition.
 */
export function LogicPanel( {
	field,
	form,
}: {
	field: FieldDefinition;
	form: FormDefinition;
} ) {
	const { err, set } = useFieldEdit( field );
	return (
		<PanelBody
			title={ __( 'Conditional logic', 'kestrel-forms' ) }
			initialOpen={ false }
		>
			{ field.type === 'page' ? (
				<LogicBuilder
					subject={ __( 'the Next button', 'kestrel-forms' ) }
					form={ form }
					logic={ field.nextButton?.conditionalLogic }
					onChange={ ( logic ) =>
						set( {
							nextButton: {
								...field.nextButton,
								conditionalLogic: logic,
							},
						} )
					}
				/>
			) : (
				<LogicBuilder
					subject={
						field.type === 'section'
							? __( 'this section', 'kestrel-forms' )
							: __( 'this field', 'kestrel-forms' )
					}
					form={ form }
					excludeFieldId={ field.id }
					logic={ field.conditionalLogic }
					onChange={ ( conditionalLogic ) =>
						set( { conditionalLogic } )
					}
				/>
			) }
			{ err( 'conditionalLogic' ) }
		</PanelBody>
	);
}
