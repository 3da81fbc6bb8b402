/**
 * The looks of a payment field's wallet buttons, shown for the wallets the field offers: Google
 * Pay's and Cash App Pay's button options (passed to the provider's `attach`) and Apple Pay's
 * button style (Apple's `-apple-pay-button-style`). The server validates them against the form
 * schema.
 */
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import {
	APPLE_PAY_BUTTON_STYLES,
	type ApplePayButtonStyle,
	type CashAppPayButtonOptions,
	type FieldDefinition,
	type GooglePayButtonOptions,
} from '../../../shared';

/** One option of a provider button: its key, label and values with their names. */
export type ButtonOption< K extends string > = [
	K,
	string,
	Array< [ string, string ] >,
];

/**
 * A provider button's options, each a select with "Provider default" first (absent from the
 * definition when chosen).
 *
 * @param props         Props.
 * @param props.legend  The group's name.
 * @param props.value   The options set now.
 * @param props.options The options offered.
 * @param props.onPatch Receives the options to store (undefined when none is set).
 * @param props.error   The server's error under the group.
 */
export function ButtonOptionSelects< K extends string >( {
	legend,
	value,
	options,
	onPatch,
	error,
}: {
	legend: string;
	value: Partial< Record< K, string > >;
	options: Array< ButtonOption< K > >;
	onPatch: ( next: Partial< Record< K, string > > | undefined ) => void;
	error: ReactNode;
} ) {
	const change = ( key: K, chosen: string ) => {
		const next: Partial< Record< K, string > > = {
			...value,
			[ key ]: chosen,
		};
		if ( ! chosen ) {
			delete next[ key ];
		}
		onPatch( Object.keys( next ).length ? next : undefined );
	};
	return (
		<fieldset className="kestrel-forms-wallet-settings">
			<legend>{ legend }</legend>
			{ options.map( ( [ key, label, choices ] ) => (
				<SelectControl
					key={ key }
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ label }
					value={ value[ key ] ?? '' }
					options={ [
						{
							value: '',
							label: __( 'Provider default', 'kestrel-forms' ),
						},
						...choices.map( ( [ choice, text ] ) => ( {
							value: choice,
							label: text,
						} ) ),
					] }
					onChange={ ( chosen ) => change( key, chosen ) }
				/>
			) ) }
			{ error }
		</fieldset>
	);
}

/**
 * The settings.
 *
 * @param props       Props.
 * @param props.field The payment field.
 * @param props.set   Applies a patch to the field.
 * @param props.err   A key's server error under its control.
 */
export function WalletButtonSettings( {
	field,
	set,
	err,
}: {
	field: FieldDefinition;
	set: ( patch: Partial< FieldDefinition > ) => void;
	err: ( key: string ) => ReactNode;
} ) {
	const methods = field.methods ?? [];
	const appleStyles: Record< ApplePayButtonStyle, string > = {
		black: __( 'Black', 'kestrel-forms' ),
		white: __( 'White', 'kestrel-forms' ),
		'white-outline': __( 'White with outline', 'kestrel-forms' ),
	};
	// Each Google Pay option: its key, label and values (the provider's `attach` options).
	const googleOptions: Array< ButtonOption< keyof GooglePayButtonOptions > > =
		[
			[
				'buttonColor',
				__( 'Colour', 'kestrel-forms' ),
				[
					[ 'default', __( 'Default', 'kestrel-forms' ) ],
					[ 'black', __( 'Black', 'kestrel-forms' ) ],
					[ 'white', __( 'White', 'kestrel-forms' ) ],
				],
			],
			[
				'buttonType',
				__( 'Label', 'kestrel-forms' ),
				[
					[
						'long',
						__( 'Long ("Buy with Google Pay")', 'kestrel-forms' ),
					],
					[ 'short', __( 'Short (logo only)', 'kestrel-forms' ) ],
				],
			],
			[
				'buttonSizeMode',
				__( 'Size', 'kestrel-forms' ),
				[
					[ 'static', __( 'Fixed size', 'kestrel-forms' ) ],
					[ 'fill', __( "Fill the field's width", 'kestrel-forms' ) ],
				],
			],
		];
	// Cash App Pay's CashAppPayButtonOptions.
	const cashAppOptions: Array<
		ButtonOption< keyof CashAppPayButtonOptions >
	> = [
		[
			'shape',
			__( 'Shape', 'kestrel-forms' ),
			[
				[ 'round', __( 'Round', 'kestrel-forms' ) ],
				[ 'semiround', __( 'Semi-round', 'kestrel-forms' ) ],
			],
		],
		[
			'size',
			__( 'Size', 'kestrel-forms' ),
			[
				[ 'medium', __( 'Medium', 'kestrel-forms' ) ],
				[ 'small', __( 'Small', 'kestrel-forms' ) ],
			],
		],
		[
			'theme',
			__( 'Theme', 'kestrel-forms' ),
			[
				[ 'dark', __( 'Dark', 'kestrel-forms' ) ],
				[ 'light', __( 'Light', 'kestrel-forms' ) ],
			],
		],
		[
			'width',
			__( 'Width', 'kestrel-forms' ),
			[
				[ 'full', __( "Fill the field's width", 'kestrel-forms' ) ],
				[ 'static', __( 'Fixed width', 'kestrel-forms' ) ],
			],
		],
	];
	return (
		<>
			{ methods.includes( 'applePay' ) && (
				<fieldset className="kestrel-forms-wallet-settings">
					<legend>
						{ __( 'Apple Pay button', 'kestrel-forms' ) }
					</legend>
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Style', 'kestrel-forms' ) }
						value={ field.applePayButtonStyle ?? 'black' }
						options={ APPLE_PAY_BUTTON_STYLES.map( ( style ) => ( {
							value: style,
							label: appleStyles[ style ],
						} ) ) }
						onChange={ ( value ) =>
							set( {
								applePayButtonStyle:
									value === 'black'
										? undefined
										: ( value as ApplePayButtonStyle ),
							} )
						}
					/>
					{ err( 'applePayButtonStyle' ) }
				</fieldset>
			) }
			{ methods.includes( 'googlePay' ) && (
				<ButtonOptionSelects
					legend={ __( 'Google Pay button', 'kestrel-forms' ) }
					value={ field.googlePayButton ?? {} }
					options={ googleOptions }
					onPatch={ ( next ) =>
						set( {
							googlePayButton: next as GooglePayButtonOptions,
						} )
					}
					error={ err( 'googlePayButton' ) }
				/>
			) }
			{ methods.includes( 'cashAppPay' ) && (
				<ButtonOptionSelects
					legend={ __( 'Cash App Pay button', 'kestrel-forms' ) }
					value={ field.cashAppPayButton ?? {} }
					options={ cashAppOptions }
					onPatch={ ( next ) =>
						set( {
							cashAppPayButton: next as CashAppPayButtonOptions,
						} )
					}
					error={ err( 'cashAppPayButton' ) }
				/>
			) }
		</>
	);
}
