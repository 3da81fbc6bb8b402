/**
 * The looks of a payment field's wallet buttons, shown for the wallets the field offers: Google
 * Pay's button options (passed to the provider's `attach`) and Apple Pay's button style (Apple's
 * `-apple-pay-button-style`). The server validates both against the form schema.
 */
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import {
	APPLE_PAY_BUTTON_STYLES,
	type ApplePayButtonStyle,
	type FieldDefinition,
	type GooglePayButtonOptions,
} from '../../../shared';

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
	const google = field.googlePayButton ?? {};
	const setGoogle = ( key: keyof GooglePayButtonOptions, value: string ) => {
		const next: GooglePayButtonOptions = { ...google, [ key ]: value };
		if ( ! value ) {
			delete next[ key ];
		}
		set( {
			googlePayButton: Object.keys( next ).length ? next : undefined,
		} );
	};
	const appleStyles: Record< ApplePayButtonStyle, string > = {
		black: __( 'Black', 'kestrel-forms' ),
		white: __( 'White', 'kestrel-forms' ),
		'white-outline': __( 'White with outline', 'kestrel-forms' ),
	};
	const providerDefault = __( 'Provider default', 'kestrel-forms' );
	// Each Google Pay option: its key, label and values (the provider's `attach` options).
	const googleOptions: Array<
		[ keyof GooglePayButtonOptions, string, Array< [ string, string ] > ]
	> = [
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
				<fieldset className="kestrel-forms-wallet-settings">
					<legend>
						{ __( 'Google Pay button', 'kestrel-forms' ) }
					</legend>
					{ googleOptions.map( ( [ key, label, choices ] ) => (
						<SelectControl
							key={ key }
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ label }
							value={ google[ key ] ?? '' }
							options={ [
								{ value: '', label: providerDefault },
								...choices.map( ( [ value, text ] ) => ( {
									value,
									label: text,
								} ) ),
							] }
							onChange={ ( value ) => setGoogle( key, value ) }
						/>
					) ) }
					{ err( 'googlePayButton' ) }
				</fieldset>
			) }
		</>
	);
}
