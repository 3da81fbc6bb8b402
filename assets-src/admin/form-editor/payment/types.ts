/**
 * The answer of the server's configuration check (P1-CONTRACTS "Editor check"); the payment
 * field's own keys are in the shared FieldDefinition.
 */
/** One configuration warning shown in the panel. */
export interface PaymentWarning {
	code: string;
	message: string;
}

/** What `GET /kestrel-forms/v1/payments/check` answers. */
export interface PaymentCheck {
	warnings: PaymentWarning[];
	environment: 'sandbox' | 'production';
	/** The currency checked (the form's, else the site's default). */
	currency: string;
	location: { id: string; currency: string; country: string } | null;
	/** The provider's smallest payment in the currency, in minor units. */
	minimum_amount?: number;
	/** Why each wallet cannot show on this site ('' when nothing the server sees is in the way). */
	wallets?: { applePay: string; googlePay: string };
	/**
	 * Whether ACH, Cash App Pay and Afterpay/Clearpay can be offered: a reason code
	 * (`US_MERCHANT_ONLY`, `USD_ONLY`, `BNPL_CURRENCY`, `BNPL_COUNTRY`; '' when they can) and its
	 * words. Visitors never see a method with a reason.
	 */
	methods?: Partial<
		Record< 'ach' | 'cashAppPay' | 'afterpayClearpay', PaymentWarning >
	>;
}
