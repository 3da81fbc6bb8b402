/**
 * A number: its format, range, and whether it is calculated from a formula.
 */
import { SelectControl, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition } from '../../../../shared';
import { CalculationSettings } from '../common/calculation';
import { KeyNumberControl } from '../common/controls';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The number's settings.
 *
 * @param props Props (the type's settings props).
 */
function NumberSettings( props: TypeSettingsProps ) {
	const { field, set } = props;
	return (
		<>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Number format', 'kestrel-forms' ) }
				value={ field.numberFormat ?? 'decimal_dot' }
				options={ [
					{ value: 'decimal_dot', label: '9,999.99' },
					{ value: 'decimal_comma', label: '9.999,99' },
				] }
				onChange={ ( numberFormat ) =>
					set( {
						numberFormat:
							numberFormat as FieldDefinition[ 'numberFormat' ],
					} )
				}
			/>
			<KeyNumberControl
				{ ...props }
				name="rangeMin"
				label={ __( 'Range minimum', 'kestrel-forms' ) }
			/>
			<KeyNumberControl
				{ ...props }
				name="rangeMax"
				label={ __( 'Range maximum', 'kestrel-forms' ) }
			/>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Calculated from a formula', 'kestrel-forms' ) }
				checked={ Boolean( field.enableCalculation ) }
				onChange={ ( on ) =>
					set( {
						enableCalculation: on || undefined,
						calculationFormula: on
							? ( field.calculationFormula ?? '' )
							: undefined,
					} )
				}
			/>
			{ field.enableCalculation && <CalculationSettings { ...props } /> }
		</>
	);
}

export const numberUnit: FieldTypeUnit = {
	group: 'standard',
	Settings: NumberSettings,
	common: { placeholder: true },
};
