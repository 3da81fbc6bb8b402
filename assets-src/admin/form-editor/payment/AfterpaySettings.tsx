/**
 * Afterpay/Clearpay's settings of a payment field offering it: the button's options (passed to
 * the provider's `attach`), the instalment messaging under the form's total (on or off, and the
 * provider's messaging options) and the checkout widget (on or off, with or without the
 * wordmark). The server validates them against the form schema.
 */
import { ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import type {
	AfterpayButtonSettings,
	AfterpayMessagingSettings,
	FieldDefinition,
} from '../../../shared';
import { ButtonOptionSelects, type ButtonOption } from './WalletButtonSettings';

/** The messaging options besides on/off (the provider's AfterpayMessagingOptions). */
type MessagingKey = Exclude< keyof AfterpayMessagingSettings, 'enabled' >;

/**
 * The settings (nothing when the field does not offer Afterpay/Clearpay).
 *
 * @param props       Props.
 * @param props.field The payment field.
 * @param props.set   Applies a patch to the field.
 * @param props.err   A key's server error under its control.
 */
export function AfterpaySettings( {
	field,
	set,
	err,
}: {
	field: FieldDefinition;
	set: ( patch: Partial< FieldDefinition > ) => void;
	err: ( key: string ) => ReactNode;
} ) {
	if ( ! ( field.methods ?? [] ).includes( 'afterpayClearpay' ) ) {
		return null;
	}
	const button = field.afterpayButton ?? {};
	const { enabled: messagingOn, ...messagingLooks } =
		field.afterpayMessaging ?? { enabled: false };
	const widget = field.afterpayCheckoutWidget ?? { enabled: false };
	const buttonChoices: Array< ButtonOption< keyof AfterpayButtonSettings > > =
		[
			[
				'buttonColor',
				__( 'Colour', 'kestrel-forms' ),
				[
					[ 'black', __( 'Black', 'kestrel-forms' ) ],
					[ 'mint', __( 'Mint', 'kestrel-forms' ) ],
				],
			],
			[
				'buttonType',
				__( 'Label', 'kestrel-forms' ),
				[
					[
						'checkout_with_afterpay',
						__( 'Checkout with Afterpay', 'kestrel-forms' ),
					],
					[
						'buy_now_with_afterpay',
						__( 'Buy now with Afterpay', 'kestrel-forms' ),
					],
					[
						'place_order_with_afterpay',
						__( 'Place order with Afterpay', 'kestrel-forms' ),
					],
				],
			],
		];
	const messagingChoices: Array< ButtonOption< MessagingKey > > = [
		[
			'badgeTheme',
			__( 'Badge', 'kestrel-forms' ),
			[
				[ 'black-on-mint', __( 'Black on mint', 'kestrel-forms' ) ],
				[ 'black-on-white', __( 'Black on white', 'kestrel-forms' ) ],
				[ 'mint-on-black', __( 'Mint on black', 'kestrel-forms' ) ],
				[ 'white-on-black', __( 'White on black', 'kestrel-forms' ) ],
			],
		],
		[
			'modalLinkStyle',
			__( 'Information link', 'kestrel-forms' ),
			[
				[ 'circled-info-icon', __( 'Info icon', 'kestrel-forms' ) ],
				[
					'circled-question-icon',
					__( 'Question icon', 'kestrel-forms' ),
				],
				[ 'learn-more-text', __( '"Learn more"', 'kestrel-forms' ) ],
				[ 'more-info-text', __( '"More info"', 'kestrel-forms' ) ],
				[ 'none', __( 'None', 'kestrel-forms' ) ],
			],
		],
		[
			'modalTheme',
			__( 'Information window', 'kestrel-forms' ),
			[
				[ 'mint', __( 'Mint', 'kestrel-forms' ) ],
				[ 'white', __( 'White', 'kestrel-forms' ) ],
			],
		],
		[
			'size',
			__( 'Size', 'kestrel-forms' ),
			[
				[ 'xs', __( 'Extra small', 'kestrel-forms' ) ],
				[ 'sm', __( 'Small', 'kestrel-forms' ) ],
				[ 'md', __( 'Medium', 'kestrel-forms' ) ],
				[ 'lg', __( 'Large', 'kestrel-forms' ) ],
			],
		],
	];
	return (
		<>
			<ButtonOptionSelects
				legend={ __( 'Afterpay/Clearpay button', 'kestrel-forms' ) }
				value={ button }
				options={ buttonChoices }
				onPatch={ ( next ) =>
					set( { afterpayButton: next as AfterpayButtonSettings } )
				}
				error={ err( 'afterpayButton' ) }
			/>
			<fieldset className="kestrel-forms-wallet-settings">
				<legend>
					{ __( 'Afterpay/Clearpay messaging', 'kestrel-forms' ) }
				</legend>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						"Show the instalments under the form's total",
						'kestrel-forms'
					) }
					help={ __(
						'Follows the total; hidden (with the reason) when the total is outside the amounts Afterpay/Clearpay takes.',
						'kestrel-forms'
					) }
					checked={ messagingOn }
					onChange={ ( enabled ) =>
						set( {
							afterpayMessaging: enabled
								? { ...messagingLooks, enabled }
								: undefined,
						} )
					}
				/>
				{ messagingOn && (
					<ButtonOptionSelects
						legend={ __( 'Messaging looks', 'kestrel-forms' ) }
						value={ messagingLooks }
						options={ messagingChoices }
						onPatch={ ( next ) =>
							set( {
								afterpayMessaging: {
									...( next as Partial<
										Omit<
											AfterpayMessagingSettings,
											'enabled'
										>
									> ),
									enabled: true,
								},
							} )
						}
						error={ null }
					/>
				) }
				{ err( 'afterpayMessaging' ) }
			</fieldset>
			<fieldset className="kestrel-forms-wallet-settings">
				<legend>
					{ __(
						'Afterpay/Clearpay checkout widget',
						'kestrel-forms'
					) }
				</legend>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						'Show the payment schedule of the total',
						'kestrel-forms'
					) }
					checked={ widget.enabled }
					onChange={ ( enabled ) =>
						set( {
							afterpayCheckoutWidget: enabled
								? { includeBranding: true, ...widget, enabled }
								: undefined,
						} )
					}
				/>
				{ widget.enabled && (
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __(
							'Show the Afterpay/Clearpay wordmark',
							'kestrel-forms'
						) }
						checked={ widget.includeBranding ?? true }
						onChange={ ( includeBranding ) =>
							set( {
								afterpayCheckoutWidget: {
									...widget,
									includeBranding,
								},
							} )
						}
					/>
				) }
				{ err( 'afterpayCheckoutWidget' ) }
			</fieldset>
		</>
	);
}
