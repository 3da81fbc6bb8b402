/**
 * A date: how it is entered (date picker, drop-downs, three inputs), the format the visitor
 * sees, and the earliest and latest dates accepted (Y-m-d, what the schema stores). Rules read
 * it as Y-m-d.
 */
import { TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { DATE_FORMATS, type DateFormat } from '../../../../shared';
import { ErrorText, KeySelectControl } from '../common/controls';
import { dateDefaults } from './defaults';
import { dateLogic } from './logic';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/** How each format shows a date (the visitor's order and separator). */
const FORMAT_PATTERNS: Record< DateFormat, string > = {
	mdy: 'mm/dd/yyyy',
	dmy: 'dd/mm/yyyy',
	dmy_dash: 'dd-mm-yyyy',
	dmy_dot: 'dd.mm.yyyy',
	ymd_slash: 'yyyy/mm/dd',
	ymd_dash: 'yyyy-mm-dd',
	ymd_dot: 'yyyy.mm.dd',
};

/**
 * Whether the earliest date is after the latest (both Y-m-d, so they compare as text).
 *
 * @param min The earliest date.
 * @param max The latest date.
 */
export function rangeIsReversed( min?: string, max?: string ): boolean {
	return Boolean( min && max && min > max );
}

/**
 * The date's settings.
 *
 * @param props         Props.
 * @param props.field   The date field.
 * @param props.set     Writes a patch.
 * @param props.errorOf The server's message for a key.
 */
function DateSettings( { field, set, errorOf }: TypeSettingsProps ) {
	const bound = ( key: 'dateMin' | 'dateMax', label: string ) => (
		<>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				type="date"
				label={ label }
				value={ field[ key ] ?? '' }
				onChange={ ( value ) =>
					set( { [ key ]: value === '' ? undefined : value }, key )
				}
			/>
			<ErrorText message={ errorOf( key ) } />
		</>
	);
	return (
		<>
			<KeySelectControl
				field={ field }
				set={ set }
				name="dateType"
				fallback="datepicker"
				label={ __( 'Date input type', 'kestrel-forms' ) }
				options={ [
					{
						value: 'datepicker',
						label: __( 'Date picker', 'kestrel-forms' ),
					},
					{
						value: 'datedropdown',
						label: __( 'Drop-downs', 'kestrel-forms' ),
					},
					{
						value: 'datefield',
						label: __( 'Three inputs', 'kestrel-forms' ),
					},
				] }
			/>
			<KeySelectControl
				field={ field }
				set={ set }
				name="dateFormat"
				fallback="mdy"
				label={ __( 'Date format', 'kestrel-forms' ) }
				options={ DATE_FORMATS.map( ( format ) => ( {
					value: format,
					label: FORMAT_PATTERNS[ format ],
				} ) ) }
			/>
			{ bound( 'dateMin', __( 'Earliest date', 'kestrel-forms' ) ) }
			{ bound( 'dateMax', __( 'Latest date', 'kestrel-forms' ) ) }
			{ rangeIsReversed( field.dateMin, field.dateMax ) && (
				<p className="kestrel-forms-error" role="alert">
					{ __(
						'The earliest date is after the latest date: no date would be accepted.',
						'kestrel-forms'
					) }
				</p>
			) }
		</>
	);
}

export const dateUnit: FieldTypeUnit = {
	group: 'advanced',
	defaults: dateDefaults,
	Settings: DateSettings,
	logic: dateLogic,
};
