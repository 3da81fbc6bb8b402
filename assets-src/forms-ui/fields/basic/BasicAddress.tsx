/**
 * Address fields (docs/field-types.md): Street Address, Address Line 2, City, State / Province /
 * Region, ZIP / Postal Code and Country (inputs N.1–N.6) in a fieldset. US and Canadian
 * addresses choose the state or province from a list and fix the country (not shown);
 * international ones type the region and choose the country.
 *
 * Plain inputs and drop-downs work without JavaScript, so this one control is both the basic
 * control printed by the server (docs/server-rendering.md §3) and the one the address script
 * provides (address/AddressControl.tsx); the country list already ships in form-view.
 */
import { __ } from '@wordpress/i18n';
import type { FieldProps } from '../types';
import {
	InputGroup,
	inputOf,
	partLabel,
	type GroupPart,
} from '../group/InputGroup';
import {
	CANADIAN_PROVINCES,
	COUNTRIES,
	US_STATES,
} from '../../../shared/address';

/**
 * A list as drop-down options whose value is the text stored (GF stores names).
 *
 * @param names The names.
 */
const optionsOf = ( names: readonly string[] ) =>
	names.map( ( name ) => ( { value: name, label: name } ) );

/**
 * The address field.
 *
 * @param props Field props.
 */
export function BasicAddress( props: FieldProps ) {
	const { field } = props;
	const type = field.addressType ?? 'international';
	const chooseOne = __( 'Select an option', 'kestrel-forms' );
	const region = {
		us: {
			label: __( 'State', 'kestrel-forms' ),
			postal: __( 'ZIP Code', 'kestrel-forms' ),
			options: optionsOf( US_STATES ),
		},
		canadian: {
			label: __( 'Province', 'kestrel-forms' ),
			postal: __( 'Postal Code', 'kestrel-forms' ),
			options: optionsOf( CANADIAN_PROVINCES ),
		},
		international: {
			label: __( 'State / Province / Region', 'kestrel-forms' ),
			postal: __( 'ZIP / Postal Code', 'kestrel-forms' ),
			options: undefined,
		},
	}[ type ];
	const all: Array< [ number, string, string, Partial< GroupPart > ] > = [
		[ 1, __( 'Street Address', 'kestrel-forms' ), 'address-line1', {} ],
		[ 2, __( 'Address Line 2', 'kestrel-forms' ), 'address-line2', {} ],
		[ 3, __( 'City', 'kestrel-forms' ), 'address-level2', {} ],
		[
			4,
			region.label,
			'address-level1',
			region.options ? { options: region.options, empty: chooseOne } : {},
		],
		[ 5, region.postal, 'postal-code', {} ],
		[
			6,
			__( 'Country', 'kestrel-forms' ),
			'country-name',
			{
				options: optionsOf( COUNTRIES.map( ( c ) => c.name ) ),
				empty: chooseOne,
			},
		],
	];
	const parts: GroupPart[] = [];
	for ( const [ n, label, token, extra ] of all ) {
		const input = inputOf( field, n );
		// US and Canadian addresses have their country fixed: no input for it.
		if ( input?.isHidden || ( n === 6 && type !== 'international' ) ) {
			continue;
		}
		parts.push( {
			n,
			index: n - 1,
			label: partLabel( field, n, label ),
			autoComplete: input?.autocompleteAttribute || token,
			required: !! field.isRequired && n !== 2,
			placeholder: input?.placeholder,
			className: n === 1 || n === 2 ? 'is-full' : undefined,
			...extra,
		} );
	}
	return <InputGroup { ...props } parts={ parts } length={ 6 } />;
}
