/**
 * A repeater: the fields of each row and the most rows.
 */
import { Button, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { RepeatedField } from '../../../../shared';
import { fieldTypeLabel } from '../../../store/forms/definition';
import { MaxRowsControl } from '../list';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The fields each row repeats: label and type of each, added and removed.
 *
 * @param props          Props.
 * @param props.fields   The repeated fields.
 * @param props.onChange Called with the new list.
 */
function RepeaterFields( {
	fields,
	onChange,
}: {
	fields: RepeatedField[];
	onChange: ( fields: RepeatedField[] ) => void;
} ) {
	const set = ( index: number, patch: Partial< RepeatedField > ) =>
		onChange(
			fields.map( ( f, i ) => ( i === index ? { ...f, ...patch } : f ) )
		);
	return (
		<fieldset>
			<legend>{ __( 'Repeated fields', 'kestrel-forms' ) }</legend>
			{ fields.map( ( sub, index ) => (
				<div key={ sub.id } className="kestrel-forms-choices__row">
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ sprintf(
							/* translators: %d: position. */
							__( 'Repeated field %d label', 'kestrel-forms' ),
							index + 1
						) }
						value={ sub.label }
						onChange={ ( label ) => set( index, { label } ) }
					/>
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ sprintf(
							/* translators: %d: position. */
							__( 'Repeated field %d type', 'kestrel-forms' ),
							index + 1
						) }
						value={ sub.type as string }
						options={ [
							'text',
							'textarea',
							'email',
							'number',
							'select',
						].map( ( t ) => ( {
							value: t,
							label: fieldTypeLabel(
								t as RepeatedField[ 'type' ]
							),
						} ) ) }
						onChange={ ( type ) =>
							set( index, {
								type: type as RepeatedField[ 'type' ],
							} )
						}
					/>
					<Button
						variant="tertiary"
						isDestructive
						disabled={ fields.length === 1 }
						onClick={ () =>
							onChange(
								fields.filter( ( _f, i ) => i !== index )
							)
						}
					>
						{ __( 'Remove', 'kestrel-forms' ) }
					</Button>
				</div>
			) ) }
			<Button
				variant="secondary"
				onClick={ () =>
					onChange( [
						...fields,
						{
							id:
								fields.reduce(
									( m, f ) => Math.max( m, f.id ),
									0
								) + 1,
							type: 'text',
							label: __( 'Item', 'kestrel-forms' ),
						},
					] )
				}
			>
				{ __( 'Add repeated field', 'kestrel-forms' ) }
			</Button>
		</fieldset>
	);
}

/**
 * The repeater's settings.
 *
 * @param props Props (the type's settings props).
 */
function RepeaterSettings( props: TypeSettingsProps ) {
	return (
		<>
			<RepeaterFields
				fields={ props.field.fields ?? [] }
				onChange={ ( fields ) => props.set( { fields } ) }
			/>
			<MaxRowsControl { ...props } />
		</>
	);
}

export const repeaterUnit: FieldTypeUnit = {
	group: 'advanced',
	Settings: RepeaterSettings,
};
