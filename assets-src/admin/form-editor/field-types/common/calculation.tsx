/**
 * A calculated value's formula and rounding (number fields calculated from a formula, products
 * priced by a calculation).
 */
import { SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { MergeTagTextareaControl } from '../../../components/merge-tags';
import { formulaMessage, formulaProblem } from '../../formula';
import type { TypeSettingsProps } from '../types';
import { ErrorText } from './controls';

/**
 * The formula box, its problem (unknown field, syntax) read out, and the rounding list.
 *
 * @param props         Props.
 * @param props.field   The calculated field.
 * @param props.form    The edited definition.
 * @param props.set     Writes a patch.
 * @param props.errorOf The server's message for a key.
 */
export function CalculationSettings( {
	field,
	form,
	set,
	errorOf,
}: TypeSettingsProps ) {
	const problem = formulaProblem( form, field.id );
	return (
		<>
			<div className="kestrel-forms-formula">
				<MergeTagTextareaControl
					form={ form }
					target="formula"
					excludeFieldId={ field.id }
					label={ __( 'Formula', 'kestrel-forms' ) }
					value={ field.calculationFormula ?? '' }
					onChange={ ( calculationFormula ) =>
						set( { calculationFormula }, 'calculationFormula' )
					}
					help={
						problem
							? undefined
							: __(
									'Numbers, merge tags, + - * / and parentheses.',
									'kestrel-forms'
								)
					}
				/>
				{ problem && (
					<p className="kestrel-forms-error" role="alert">
						{ formulaMessage( problem ) }
					</p>
				) }
			</div>
			<ErrorText message={ errorOf( 'calculationFormula' ) } />
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Rounding', 'kestrel-forms' ) }
				value={ String( field.calculationRounding ?? -1 ) }
				options={ [
					{
						value: '-1',
						label: __( 'Do not round', 'kestrel-forms' ),
					},
					...[ 0, 1, 2, 3, 4 ].map( ( n ) => ( {
						value: String( n ),
						label: sprintf(
							/* translators: %d: decimal places. */
							__( '%d decimal places', 'kestrel-forms' ),
							n
						),
					} ) ),
				] }
				onChange={ ( v ) =>
					set( {
						calculationRounding:
							v === '-1' ? undefined : Number( v ),
					} )
				}
			/>
		</>
	);
}
