/**
 * Form definition types. They mirror plugin/schema/form.schema.json, the single source of truth;
 * `assets-src/shared/test/schema-sync.test.ts` fails when the two drift apart.
 */

/** Every field type this version supports, in the schema's order. */
export const FIELD_TYPES = [
	'text',
	'textarea',
	'email',
	'number',
	'select',
	'radio',
	'checkbox',
	'hidden',
	'section',
	'html',
	'product',
	'option',
	'quantity',
	'shipping',
	'total',
	'page',
	'fileupload',
	'list',
	'repeater',
	'password',
	'creditcard',
	'captcha',
	'payment',
	'name',
	'address',
	'phone',
	'date',
	'time',
	'website',
	'consent',
	'multiselect',
] as const;

export type FieldType = ( typeof FIELD_TYPES )[ number ];

/** Number formats a number field accepts (specs/forms-visitor-behaviour.md §3). */
export const NUMBER_FORMATS = [ 'decimal_dot', 'decimal_comma' ] as const;

export type NumberFormat = ( typeof NUMBER_FORMATS )[ number ];

export interface Choice {
	text: string;
	value: string;
	isSelected?: boolean;
	/** Pricing fields: the choice's price as a decimal string ("5.50"). */
	price?: string;
}

/** Pricing inputs (Gravity-Forms-shaped inputType values). */
export type PricingInputType =
	| 'singleproduct'
	| 'select'
	| 'radio'
	| 'price'
	| 'calculation'
	| 'hiddenproduct'
	| 'checkbox'
	| 'number'
	| 'singleshipping';

export interface FieldInput {
	/** "{fieldId}.{n}" */
	id: string;
	label?: string;
	/** Name and address inputs: not shown. */
	isHidden?: boolean;
	/** The input's own label in place of the default one. */
	customLabel?: string;
	placeholder?: string;
	defaultValue?: string;
	/** The HTML autocomplete token of the input (given-name, postal-code…). */
	autocompleteAttribute?: string;
	/** Name prefix: the choices of its drop-down. */
	choices?: Choice[];
}

/** Name fields: separate inputs or one text input. */
export type NameFormat = 'advanced' | 'simple';

/** Address fields: the state/province input and the postal code rules. */
export type AddressType = 'international' | 'us' | 'canadian';

/** Phone fields: the US mask or any international number. */
export type PhoneFormat = 'standard' | 'international';

/** Date fields: one input with a date picker, three drop-downs or three text inputs. */
export type DateType = 'datepicker' | 'datedropdown' | 'datefield';

/** Date fields: the order and separator the visitor types and sees (Gravity Forms' values). */
export const DATE_FORMATS = [
	'mdy',
	'dmy',
	'dmy_dash',
	'dmy_dot',
	'ymd_slash',
	'ymd_dash',
	'ymd_dot',
] as const;

export type DateFormat = ( typeof DATE_FORMATS )[ number ];

/** Time fields: 12-hour with AM/PM or 24-hour. */
export type TimeFormat = '12' | '24';

/** One rule of a rule set (spec §3): fieldId may name an input ("3.2"). */
export interface LogicRule {
	fieldId: string;
	operator: string;
	value: string;
}

/** A rule set of a field, section, next button or submit button (spec §3–§4). */
export interface ConditionalLogic {
	actionType: 'show' | 'hide';
	logicType: 'all' | 'any';
	rules: LogicRule[];
}

export interface FieldDefinition {
	id: number;
	type: FieldType;
	label?: string;
	adminLabel?: string;
	description?: string;
	isRequired?: boolean;
	errorMessage?: string;
	placeholder?: string;
	defaultValue?: string;
	cssClass?: string;
	size?: 'small' | 'medium' | 'large';
	maxLength?: number;
	rangeMin?: number | null;
	rangeMax?: number | null;
	numberFormat?: NumberFormat;
	choices?: Choice[];
	inputs?: FieldInput[] | null;
	/** HTML of an html field, sanitised by the server before it reaches the browser. */
	content?: string;
	conditionalLogic?: ConditionalLogic | null;
	/** Number fields: compute the value from calculationFormula. */
	enableCalculation?: boolean;
	calculationFormula?: string;
	/** Decimal places of a calculated value; -1 = no rounding. */
	calculationRounding?: number;
	/** Radio fields: offer an "other" choice with a text box. */
	enableOtherChoice?: boolean;
	/** Checkbox fields: a "Select all" box that toggles every choice. */
	enableSelectAll?: boolean;
	/** Pricing fields: how the price or quantity is entered. */
	inputType?: PricingInputType;
	/** Single products and single shipping: the price as a decimal string. */
	basePrice?: string;
	/** Products: no quantity input (quantity 1 when chosen). */
	disableQuantity?: boolean;
	/** Options and quantities: the product they belong to. */
	productField?: number;
	/** Page breaks: the Next button of the page before the break, and its rules. */
	nextButton?: {
		type?: 'text';
		text?: string;
		conditionalLogic?: ConditionalLogic | null;
	};
	/** Page breaks: the Previous button of the page after the break. */
	previousButton?: { type?: 'text'; text?: string };
	/** File uploads: several files (resumable, chunked) instead of one. */
	multipleFiles?: boolean;
	/** File uploads: most files (max_files). */
	maxFiles?: number;
	/** File uploads: largest file in megabytes. */
	maxFileSize?: number;
	/** File uploads: comma-separated extensions without dots (empty: what WordPress allows). */
	allowedExtensions?: string;
	/** List fields: column headings (absent: one unnamed column). */
	columns?: string[];
	/** List and repeater fields: most rows (max_items). */
	maxRows?: number;
	/** Repeater fields: the fields repeated as a block. */
	fields?: RepeatedField[];
	/** Password fields: show the strength meter. */
	passwordStrengthEnabled?: boolean;
	/** Password fields: the weakest strength accepted. */
	minPasswordStrength?: 'short' | 'bad' | 'good' | 'strong';
	/** Password fields: ask twice (on when absent). */
	passwordConfirmation?: boolean;
	/** Credit card fields: accepted card types (absent: every type of the card rules). */
	creditCards?: string[];
	/** Payment fields: the methods offered, in order (absent: card only). */
	methods?: PaymentMethod[];
	/** Payment fields: 'total' (default) or the id of a product field whose line is charged. */
	amountSource?: 'total' | number;
	/** Payment fields: charge at once (default) or authorise only. */
	captureMode?: CaptureMode;
	/** Payment fields: run buyer verification before submitting (on when absent). */
	verifyBuyer?: boolean;
	/** Payment fields: labels above the inputs inside the provider's frame. */
	includeInputLabels?: boolean;
	/** Payment fields: the billing contact, each a field id ("3") or an input id ("4.3"). */
	billing?: BillingMapping;
	/** Payment fields: the Google Pay button's options (passed to the provider's attach). */
	googlePayButton?: GooglePayButtonOptions;
	/** Payment fields: the Apple Pay button's style (black when absent). */
	applePayButtonStyle?: ApplePayButtonStyle;
	/** Payment fields offering ACH: the id of a text field holding the account holder's name. */
	accountHolderField?: string;
	/** Payment fields: the Cash App Pay button's options (passed to the provider's attach). */
	cashAppPayButton?: CashAppPayButtonOptions;
	/** Payment fields offering Afterpay/Clearpay: the button's options (passed to the provider's attach). */
	afterpayButton?: AfterpayButtonSettings;
	/** Payment fields offering Afterpay/Clearpay: the instalment messaging under the form's total. */
	afterpayMessaging?: AfterpayMessagingSettings;
	/** Payment fields offering Afterpay/Clearpay: the checkout widget (the instalment schedule). */
	afterpayCheckoutWidget?: AfterpayCheckoutWidgetSettings;
	/** Name fields: separate inputs N.2, N.3, N.4, N.6, N.8 (default) or one text input. */
	nameFormat?: NameFormat;
	/** Address fields: international (default), US or Canadian. */
	addressType?: AddressType;
	/** Address fields (international): the country chosen at first. */
	defaultCountry?: string;
	/** Address fields (US): the state chosen at first. */
	defaultState?: string;
	/** Address fields (Canadian): the province chosen at first. */
	defaultProvince?: string;
	/** Phone fields: standard (US, default) or international. */
	phoneFormat?: PhoneFormat;
	/** Date fields: how the date is entered (date picker when absent). */
	dateType?: DateType;
	/** Date fields: mdy when absent. */
	dateFormat?: DateFormat;
	/** Date fields: the earliest date accepted (Y-m-d). */
	dateMin?: string;
	/** Date fields: the latest date accepted (Y-m-d). */
	dateMax?: string;
	/** Time fields: 12-hour (default) or 24-hour. */
	timeFormat?: TimeFormat;
	/** Consent fields: the agreement text beside the checkbox. */
	checkboxLabel?: string;
	/** Multi-select fields: the searchable token list instead of the plain list box. */
	enableEnhancedUI?: boolean;
}

/** Payment methods a payment field offers: card and gift card inputs, wallet buttons. */
export const PAYMENT_METHODS = [
	'card',
	'giftCard',
	'applePay',
	'googlePay',
	'ach',
	'cashAppPay',
	'afterpayClearpay',
] as const;

export type PaymentMethod = ( typeof PAYMENT_METHODS )[ number ];

/** The wallets among the payment methods: buttons above the card inputs. */
export const WALLET_METHODS = [ 'applePay', 'googlePay' ] as const;

export type WalletMethod = ( typeof WALLET_METHODS )[ number ];

/** The Google Pay button's options (the provider's `attach` options). */
export interface GooglePayButtonOptions {
	buttonColor?: 'default' | 'black' | 'white';
	buttonType?: 'long' | 'short';
	buttonSizeMode?: 'static' | 'fill';
}

/** The Cash App Pay button's options (the provider's CashAppPayButtonOptions). */
export interface CashAppPayButtonOptions {
	shape?: 'round' | 'semiround';
	size?: 'medium' | 'small';
	theme?: 'dark' | 'light';
	width?: 'full' | 'static';
}

/** Apple's button styles (`-apple-pay-button-style`). */
export const APPLE_PAY_BUTTON_STYLES = [
	'black',
	'white',
	'white-outline',
] as const;

export type ApplePayButtonStyle = ( typeof APPLE_PAY_BUTTON_STYLES )[ number ];

/** Capture modes of a payment field. */
export type CaptureMode = 'charge' | 'authorize';

/** Billing contact keys a payment field maps from form fields, in the schema's order. */
export const BILLING_KEYS = [
	'email',
	'givenName',
	'familyName',
	'addressLine1',
	'addressLine2',
	'city',
	'state',
	'postalCode',
	'countryCode',
	'phone',
] as const;

export type BillingKey = ( typeof BILLING_KEYS )[ number ];

/** Billing mapping of a payment field: contact key → field or input id. */
export type BillingMapping = Partial< Record< BillingKey, string > >;

/**
 * The visitor's value of a payment field as the submission carries it: a single-use token of the
 * provider (never card data) and, after buyer verification, its verification token.
 */
export interface PaymentValue {
	method: PaymentMethod;
	token: string;
	verificationToken?: string;
	/**
	 * Wallets: the contacts the wallet sheet returned (stored, sanitised, with the payment's
	 * request; never trusted for the amount, the brand or the last 4) and the shipping option
	 * chosen in the sheet (the server makes it the form's shipping choice when it is one, so the
	 * charge is priced as the sheet's total was).
	 */
	wallet?: {
		billing?: WalletContact;
		shipping?: WalletContact;
		shippingOption?: string;
	};
}

/** The contact a wallet sheet returns (the provider SDK's contact shape). */
export interface WalletContact {
	givenName?: string;
	familyName?: string;
	email?: string;
	phone?: string;
	addressLines?: string[];
	city?: string;
	state?: string;
	postalCode?: string;
	countryCode?: string;
}

/** A field inside a repeater group: a plain input, no logic or pricing of its own. */
export interface RepeatedField {
	id: number;
	type: 'text' | 'textarea' | 'email' | 'number' | 'select';
	label: string;
	isRequired?: boolean;
	placeholder?: string;
	maxLength?: number;
	rangeMin?: number | null;
	rangeMax?: number | null;
	numberFormat?: NumberFormat;
	choices?: Choice[];
}

/** An add-on feed (spec §3): switched on and off by its rules. */
export interface Feed {
	feedId: number;
	addonSlug: string;
	name?: string;
	conditionalLogic?: ConditionalLogic | null;
	/** Only one feed of this add-on may be active: the first matching one by priority. */
	isSingleFeed?: boolean;
	/** A feed switched off by the admin never activates. */
	isActive?: boolean;
	/** Lower numbers first; ties keep the list order. */
	priority?: number;
	/** The add-on's own settings of this feed. */
	meta?: Record< string, unknown >;
}

export interface FormDefinition {
	id?: number;
	title: string;
	description?: string;
	labelPlacement?: 'top_label' | 'left_label' | 'right_label';
	descriptionPlacement?: 'below' | 'above';
	cssClass?: string;
	/** Slide fields in and out when logic shows or hides them (off when absent). */
	animation?: boolean;
	/** A hidden honeypot input; filled in means spam (on when absent). */
	enableHoneypot?: boolean;
	/** Submissions sooner than this many seconds after rendering are spam (0: none). */
	minimumSubmitSeconds?: number;
	/** Multi-page forms: the progress indicator and page names. */
	pagination?: {
		type?: 'percentage' | 'steps' | 'none';
		pageNames?: string[];
	};
	feeds?: Feed[];
	/** ISO code of the form's currency (default: the site's, else USD). */
	currency?: string;
	/**
	 * Money bounds the server adds to the public definition (its filters): the largest quantity
	 * and the largest amount in major units. Never stored; absent means the defaults.
	 */
	limits?: { maxQuantity?: number; maxAmount?: string };
	button?: {
		type?: 'text';
		text?: string;
		conditionalLogic?: ConditionalLogic | null;
	};
	confirmation?: {
		type: 'message' | 'redirect';
		message?: string;
		url?: string;
	};
	/** Several confirmations chosen by logic; when absent, `confirmation` applies. */
	confirmations?: ConfirmationSetting[];
	notifications?: NotificationSetting[];
	fields: FieldDefinition[];
}

/**
 * One of a form's confirmations (schema `$defs.confirmation`): after a stored submission the
 * first active non-default one whose logic matches wins, else the default one.
 */
export interface ConfirmationSetting {
	id: string;
	name?: string;
	isDefault?: boolean;
	isActive?: boolean;
	type: 'message' | 'page' | 'redirect';
	/** HTML with merge tags. */
	message?: string;
	/** A published page to send the visitor to. */
	pageId?: number;
	url?: string;
	/** `name=value` pairs joined by `&`; merge tags in it are URL-encoded when replaced. */
	queryString?: string;
	conditionalLogic?: ConditionalLogic | null;
}

/** The events a notification can be sent on. */
export const NOTIFICATION_EVENTS = [
	'form_submission',
	'payment_completed',
	'payment_pending',
	'payment_failed',
	'payment_refunded',
] as const;

export type NotificationEvent = ( typeof NOTIFICATION_EVENTS )[ number ];

/** One routing rule: send to `email` when the rule matches. */
export interface NotificationRoute {
	email: string;
	fieldId: string;
	operator: LogicRule[ 'operator' ];
	value: string;
}

/** An email notification (schema `$defs.notification`, Gravity Forms' keys). */
export interface NotificationSetting {
	id: string;
	name?: string;
	/** Absent means active. */
	isActive?: boolean;
	/** Absent means `form_submission`. */
	event?: NotificationEvent;
	toType?: 'email' | 'field' | 'routing';
	to?: string;
	toField?: string;
	routing?: NotificationRoute[];
	from?: string;
	fromName?: string;
	replyTo?: string;
	cc?: string;
	bcc?: string;
	subject?: string;
	/** HTML with merge tags; the plain-text part is derived from it. */
	message?: string;
	disableAutoformat?: boolean;
	conditionalLogic?: ConditionalLogic | null;
}

/** A field's value in the browser: text for one-value fields, the checked values for checkboxes. */
export type FieldValue = string | string[];

/**
 * Values by field id, and by input id for a product's own quantity ("5.3").
 */
export type FormValues = Record< string, FieldValue >;

/**
 * The submission body's values: by field id (checkbox lists included), as the REST API takes them;
 * a payment field's value is its token object.
 */
export type SubmissionValues = Record<
	string,
	string | string[] | PaymentValue
>;

/** The confirmation the server returns after a stored submission. */
export type Confirmation =
	{ type: 'message'; message: string } | { type: 'redirect'; url: string };

/**
 * The value of a radio field's "other" choice while its text box is still empty; once the
 * visitor types, the value is the typed text (spec §5).
 */
export const OTHER_CHOICE = 'gf_other_choice';

/** The Afterpay/Clearpay button's options (the provider's AfterpayButtonOptions, the ones a form sets). */
export interface AfterpayButtonSettings {
	buttonColor?: 'black' | 'mint';
	buttonType?:
		| 'checkout_with_afterpay'
		| 'buy_now_with_afterpay'
		| 'place_order_with_afterpay';
}

/** Afterpay/Clearpay messaging: on or off, and the provider's AfterpayMessagingOptions. */
export interface AfterpayMessagingSettings {
	enabled: boolean;
	badgeTheme?:
		'black-on-mint' | 'black-on-white' | 'mint-on-black' | 'white-on-black';
	modalLinkStyle?:
		| 'circled-info-icon'
		| 'circled-question-icon'
		| 'learn-more-text'
		| 'more-info-text'
		| 'none';
	modalTheme?: 'mint' | 'white';
	size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** Afterpay/Clearpay's checkout widget: on or off, and whether it shows the wordmark. */
export interface AfterpayCheckoutWidgetSettings {
	enabled: boolean;
	includeBranding?: boolean;
}
