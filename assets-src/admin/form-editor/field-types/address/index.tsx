/**
 * An address: international, US or Canadian; the country, state or province chosen at first
 * (from plugin/data/address-lists.json, the lists the visitor form and the server read); per
 * input whether it shows and its label. Rules read each shown input.
 */
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import lists from '../../../../../plugin/data/address-lists.json';
import type { AddressType } from '../../../../shared';
import { KeySelectControl } from '../common/controls';
import { InputsSettings } from '../common/inputs-settings';
import { addressInputLabel, inputNumber } from '../inputs';
import { addressLogic } from './logic';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';
import { addressDefaults } from './defaults';

type DefaultKey = 'defaultCountry' | 'defaultState' | 'defaultProvince';

/**
 * The list of what the address starts with: countries (international), states (US) or
 * provinces (Canadian); "None" removes the key.
 *
 * @param props       Props.
 * @param props.field The address field.
 * @param props.set   Writes a patch.
 */
function DefaultPlace( {
	field,
	set,
}: Pick< TypeSettingsProps, 'field' | 'set' > ) {
	const type = field.addressType ?? 'international';
	const places: Record< AddressType, [ DefaultKey, string, string[] ] > = {
		us: [
			'defaultState',
			__( 'Default state', 'kestrel-forms' ),
			lists.usStates,
		],
		canadian: [
			'defaultProvince',
			__( 'Default province', 'kestrel-forms' ),
			lists.canadianProvinces,
		],
		international: [
			'defaultCountry',
			__( 'Default country', 'kestrel-forms' ),
			// The English name is what an entry stores (the schema's defaultCountry).
			lists.countries.map( ( c ) => c.name ),
		],
	};
	const [ key, label, names ] = places[ type ];
	return (
		<SelectControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			label={ label }
			value={ field[ key ] ?? '' }
			options={ [
				{ value: '', label: __( 'None', 'kestrel-forms' ) },
				...names.map( ( n ) => ( { value: n, label: n } ) ),
			] }
			onChange={ ( value ) => set( { [ key ]: value || undefined } ) }
		/>
	);
}

/**
 * The address's settings.
 *
 * @param props       Props.
 * @param props.field The address field.
 * @param props.set   Writes a patch.
 */
function AddressSettings( { field, set }: TypeSettingsProps ) {
	const fixedCountry =
		field.addressType === 'us' || field.addressType === 'canadian';
	return (
		<>
			<KeySelectControl
				field={ field }
				set={ set }
				name="addressType"
				fallback="international"
				label={ __( 'Address type', 'kestrel-forms' ) }
				options={ [
					{
						value: 'international',
						label: __( 'International', 'kestrel-forms' ),
					},
					{
						value: 'us',
						label: __( 'United States', 'kestrel-forms' ),
					},
					{
						value: 'canadian',
						label: __( 'Canadian', 'kestrel-forms' ),
					},
				] }
			/>
			<DefaultPlace field={ field } set={ set } />
			<InputsSettings
				field={ field }
				set={ set }
				labelOf={ ( input ) =>
					addressInputLabel( field, inputNumber( input ) )
				}
				// US and Canadian addresses have a fixed country, never shown.
				skip={ ( input ) => fixedCountry && inputNumber( input ) === 6 }
			/>
		</>
	);
}

export const addressUnit: FieldTypeUnit = {
	group: 'advanced',
	defaults: addressDefaults,
	Settings: AddressSettings,
	common: { defaultValue: false },
	logic: addressLogic,
};
