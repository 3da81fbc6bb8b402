/**
 * Settings of a payment field (P1-CONTRACTS "Field definition"): label, methods, amount source,
 * capture mode, buyer verification, payment description, billing mapping, input labels, CSS
 * class and conditional logic, with the live configuration warnings on top. Kept apart from
 * FieldSettings.tsx, which the editor uses for every other type.
 */
import {
	CheckboxControl,
	PanelBody,
	RadioControl,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import {
	BILLING_KEYS,
	PAYMENT_METHODS,
	type BillingKey,
	type CaptureMode,
	type FieldDefinition,
	type FormDefinition,
	type PaymentMethod,
} from '../../../shared';
import { MergeTagTextareaControl } from '../../components/merge-tags';
import { fieldOptionLabel } from '../../store/forms/definition';
import {
	AppearancePanel,
	FieldHeading,
	LogicPanel,
	useFieldEdit,
} from '../field-edit';
import { billingLabel, billingSources } from './billing';
import { PaymentWarnings } from './PaymentWarnings';
import { AfterpaySettings } from './AfterpaySettings';
import { WalletButtonSettings } from './WalletButtonSettings';

/**
 * The name of a payment method.
 *
 * @param method Method.
 */
function methodLabel( method: PaymentMethod ): string {
	switch ( method ) {
		case 'card':
			return __( 'Card', 'kestrel-forms' );
		case 'giftCard':
			return __( 'Gift card', 'kestrel-forms' );
		case 'applePay':
			return __( 'Apple Pay', 'kestrel-forms' );
		case 'googlePay':
			return __( 'Google Pay', 'kestrel-forms' );
		case 'ach':
			return __( 'ACH bank transfer (US only)', 'kestrel-forms' );
		case 'cashAppPay':
			return __( 'Cash App Pay (US only)', 'kestrel-forms' );
		case 'afterpayClearpay':
			return __(
				'Afterpay/Clearpay (AUD, CAD, EUR, GBP, USD)',
				'kestrel-forms'
			);
	}
}

/**
 * What the capture mode means for the methods offered.
 *
 * @param mode      The field's capture mode.
 * @param offersAch Whether the field offers ACH (always charged: a bank transfer cannot be held).
 */
function captureHelp(
	mode: CaptureMode | undefined,
	offersAch: boolean
): string | undefined {
	const ach = __(
		'ACH bank transfers are always charged on submit: the entry shows the payment as pending until the bank settles it (usually a few days).',
		'kestrel-forms'
	);
	if ( mode !== 'authorize' ) {
		return offersAch ? ach : undefined;
	}
	const expiry = __(
		'An authorization that is not captured is voided by the provider after 7 days, and the money is released to the buyer.',
		'kestrel-forms'
	);
	return offersAch ? `${ expiry } ${ ach }` : expiry;
}

/**
 * The settings.
 *
 * @param props       Props.
 * @param props.field The payment field.
 * @param props.form  The edited definition.
 */
export function PaymentFieldSettings( {
	field,
	form,
}: {
	field: FieldDefinition;
	form: FormDefinition;
} ) {
	const { errors, err, set } = useFieldEdit( field );
	const text = ( key: 'label' | 'adminLabel', label: string ) => (
		<>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ label }
				value={ field[ key ] ?? '' }
				onChange={ ( value ) =>
					set( { [ key ]: value === '' ? undefined : value }, key )
				}
			/>
			{ err( key ) }
		</>
	);

	const methods = field.methods ?? [ 'card' ];
	const toggleMethod = ( method: PaymentMethod, on: boolean ) =>
		set( {
			methods: PAYMENT_METHODS.filter( ( m ) =>
				m === method ? on : methods.includes( m )
			),
		} );
	const products = form.fields.filter( ( f ) => f.type === 'product' );
	// The ACH account holder's name comes from a text field of the form, or the field asks.
	const textFields = form.fields.filter( ( f ) => f.type === 'text' );
	const offersAch = methods.includes( 'ach' );
	const sources = billingSources( form );
	const billing = field.billing ?? {};
	const setBilling = ( key: BillingKey, id: string ) => {
		const next = { ...billing };
		if ( id ) {
			next[ key ] = id;
		} else {
			delete next[ key ];
		}
		set( {
			billing: Object.keys( next ).length ? next : undefined,
		} );
	};
	const description = field.description ?? '';

	return (
		<div className="kestrel-forms-field-settings kestrel-forms-payment-settings">
			<FieldHeading field={ field } errors={ errors } />
			<PaymentWarnings field={ field } form={ form } />
			<PanelBody title={ __( 'General', 'kestrel-forms' ) } initialOpen>
				{ text( 'label', __( 'Field label', 'kestrel-forms' ) ) }
				<fieldset className="kestrel-forms-payment-methods">
					<legend>
						{ __( 'Payment methods', 'kestrel-forms' ) }
					</legend>
					{ PAYMENT_METHODS.map( ( method ) => {
						const checked = methods.includes( method );
						return (
							<CheckboxControl
								__nextHasNoMarginBottom
								key={ method }
								label={ methodLabel( method ) }
								checked={ checked }
								// At least one method: the last one cannot be unchecked.
								disabled={ checked && methods.length === 1 }
								onChange={ ( on ) =>
									toggleMethod( method, on )
								}
							/>
						);
					} ) }
					{ err( 'methods' ) }
				</fieldset>
				<WalletButtonSettings field={ field } set={ set } err={ err } />
				<AfterpaySettings field={ field } set={ set } err={ err } />
				{ offersAch && (
					<>
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __(
								'Bank account holder name',
								'kestrel-forms'
							) }
							help={ __(
								'The field whose value names the holder of the bank account. Without one, the payment field asks for the name itself.',
								'kestrel-forms'
							) }
							value={ field.accountHolderField ?? '' }
							options={ [
								{
									value: '',
									label: __(
										'Ask in the payment field',
										'kestrel-forms'
									),
								},
								...textFields.map( ( f ) => ( {
									value: String( f.id ),
									label: fieldOptionLabel( f ),
								} ) ),
								// A field that was deleted stays listed until another is chosen.
								...( field.accountHolderField &&
								! textFields.some(
									( f ) =>
										String( f.id ) ===
										field.accountHolderField
								)
									? [
											{
												value: field.accountHolderField,
												label: sprintf(
													/* translators: %s: field id. */
													__(
														'Missing field (%s)',
														'kestrel-forms'
													),
													field.accountHolderField
												),
											},
										]
									: [] ),
							] }
							onChange={ ( id ) =>
								set( {
									accountHolderField: id || undefined,
								} )
							}
						/>
						{ err( 'accountHolderField' ) }
					</>
				) }
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Amount to charge', 'kestrel-forms' ) }
					value={ String( field.amountSource ?? 'total' ) }
					options={ [
						{
							value: 'total',
							label: __( 'Form total', 'kestrel-forms' ),
						},
						...products.map( ( p ) => ( {
							value: String( p.id ),
							label: fieldOptionLabel( p ),
						} ) ),
						// A product that was deleted stays listed until another is chosen.
						...( typeof field.amountSource === 'number' &&
						! products.some( ( p ) => p.id === field.amountSource )
							? [
									{
										value: String( field.amountSource ),
										label: sprintf(
											/* translators: %d: field id. */
											__(
												'Missing product (%d)',
												'kestrel-forms'
											),
											field.amountSource
										),
									},
								]
							: [] ),
					] }
					onChange={ ( value ) =>
						set( {
							amountSource:
								value === 'total' ? 'total' : Number( value ),
						} )
					}
				/>
				{ err( 'amountSource' ) }
				<RadioControl
					label={ __( 'When to take the money', 'kestrel-forms' ) }
					selected={ field.captureMode ?? 'charge' }
					options={ [
						{
							value: 'charge',
							label: __(
								'Charge now (on submit)',
								'kestrel-forms'
							),
						},
						{
							value: 'authorize',
							label: __(
								'Authorize only (capture later from the entry)',
								'kestrel-forms'
							),
						},
					] }
					help={ captureHelp( field.captureMode, offersAch ) }
					onChange={ ( captureMode ) =>
						set( {
							captureMode: captureMode as CaptureMode,
						} )
					}
				/>
				{ err( 'captureMode' ) }
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __(
						'Verify the buyer (3-D Secure when the bank asks)',
						'kestrel-forms'
					) }
					help={ __(
						'Recommended: European cards often need it, and it moves fraud liability to the bank.',
						'kestrel-forms'
					) }
					checked={ field.verifyBuyer !== false }
					onChange={ ( verifyBuyer ) => set( { verifyBuyer } ) }
				/>
				<MergeTagTextareaControl
					form={ form }
					target="text"
					excludeFieldId={ field.id }
					label={ __( 'Payment description', 'kestrel-forms' ) }
					help={ __(
						'The note the payment carries in the provider dashboard. Merge tags are filled from the entry.',
						'kestrel-forms'
					) }
					value={ description }
					onChange={ ( value ) =>
						set(
							{ description: value === '' ? undefined : value },
							'description'
						)
					}
				/>
				{ err( 'description' ) }
			</PanelBody>
			<PanelBody
				title={ __( 'Billing details', 'kestrel-forms' ) }
				initialOpen={ false }
			>
				<p className="description">
					{ __(
						'Fields that fill the billing contact sent with the payment (used for buyer verification and receipts).',
						'kestrel-forms'
					) }
				</p>
				{ BILLING_KEYS.map( ( key ) => (
					<SelectControl
						key={ key }
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ billingLabel( key ) }
						value={ billing[ key ] ?? '' }
						options={ [
							{
								value: '',
								label: __( 'Not mapped', 'kestrel-forms' ),
							},
							...sources,
						] }
						onChange={ ( id ) => setBilling( key, id ) }
					/>
				) ) }
				{ err( 'billing' ) }
			</PanelBody>
			<AppearancePanel field={ field }>
				<CheckboxControl
					__nextHasNoMarginBottom
					label={ __(
						'Show labels above the card inputs',
						'kestrel-forms'
					) }
					checked={ Boolean( field.includeInputLabels ) }
					onChange={ ( on ) =>
						set( { includeInputLabels: on || undefined } )
					}
				/>
			</AppearancePanel>
			<PanelBody
				title={ __( 'Advanced', 'kestrel-forms' ) }
				initialOpen={ false }
			>
				{ text( 'adminLabel', __( 'Admin label', 'kestrel-forms' ) ) }
			</PanelBody>
			<LogicPanel field={ field } form={ form } />
		</div>
	);
}
