/**
 * Per-locale texts of the card and gift card elements (spec §5 "card error texts per locale").
 * Shared by the frame (labels, placeholders) and the host (message line). Pure data.
 */
import type { AnyFieldName, Locale, PostalCountry } from './constants';

/** Texts of one language. */
export interface Texts {
	/** Input labels / placeholders per field. */
	label: Record< AnyFieldName, string >;
	/** Helper text shown for the focused field. */
	helper: Record< AnyFieldName, string >;
	/** Error texts per field; postal code per country. */
	error: Record< Exclude< AnyFieldName, 'postalCode' >, string > & {
		postalCode: Record< PostalCountry, string >;
	};
	/** Shown when tokenize finds several invalid fields. */
	fixErrors: string;
	/** Titles of the element iframes (host DOM, read by screen readers). */
	frameTitle: { card: string; giftCard: string };
}

const EN: Texts = {
	label: {
		cardNumber: 'Card number',
		expirationDate: 'MM/YY',
		cvv: 'CVV',
		postalCode: 'ZIP',
		giftCardNumber: 'Gift card number',
	},
	helper: {
		cardNumber: 'Enter the number on the front of your card.',
		expirationDate: 'Enter the expiration date (MM/YY).',
		cvv: 'Enter the security code on your card.',
		postalCode: 'Enter the billing postal code.',
		giftCardNumber: 'Enter the number on your gift card.',
	},
	error: {
		cardNumber: 'Enter a valid card number.',
		expirationDate: 'Enter a valid expiration date.',
		cvv: 'Enter a valid security code.',
		postalCode: {
			US: 'Enter a valid ZIP code.',
			CA: 'Enter a valid postal code.',
			GB: 'Enter a valid postcode.',
		},
		giftCardNumber: 'Enter a valid gift card number.',
	},
	fixErrors: 'Fix the highlighted errors.',
	frameTitle: {
		card: 'Secure card payment input frame',
		giftCard: 'Secure gift card input frame',
	},
};

const FR: Texts = {
	label: {
		cardNumber: 'Numéro de carte',
		expirationDate: 'MM/AA',
		cvv: 'CVV',
		postalCode: 'Code postal',
		giftCardNumber: 'Numéro de carte-cadeau',
	},
	helper: {
		cardNumber: 'Saisissez le numéro au recto de votre carte.',
		expirationDate: "Saisissez la date d'expiration (MM/AA).",
		cvv: 'Saisissez le code de sécurité de votre carte.',
		postalCode: 'Saisissez le code postal de facturation.',
		giftCardNumber: 'Saisissez le numéro de votre carte-cadeau.',
	},
	error: {
		cardNumber: 'Saisissez un numéro de carte valide.',
		expirationDate: "Saisissez une date d'expiration valide.",
		cvv: 'Saisissez un code de sécurité valide.',
		postalCode: {
			US: 'Saisissez un code ZIP valide.',
			CA: 'Saisissez un code postal valide.',
			GB: 'Saisissez un code postal valide.',
		},
		giftCardNumber: 'Saisissez un numéro de carte-cadeau valide.',
	},
	fixErrors: 'Corrigez les erreurs signalées.',
	frameTitle: {
		card: 'Cadre sécurisé de saisie de la carte de paiement',
		giftCard: 'Cadre sécurisé de saisie de la carte-cadeau',
	},
};

const ES: Texts = {
	label: {
		cardNumber: 'Número de tarjeta',
		expirationDate: 'MM/AA',
		cvv: 'CVV',
		postalCode: 'Código postal',
		giftCardNumber: 'Número de tarjeta regalo',
	},
	helper: {
		cardNumber: 'Introduce el número que figura en tu tarjeta.',
		expirationDate: 'Introduce la fecha de caducidad (MM/AA).',
		cvv: 'Introduce el código de seguridad de tu tarjeta.',
		postalCode: 'Introduce el código postal de facturación.',
		giftCardNumber: 'Introduce el número de tu tarjeta regalo.',
	},
	error: {
		cardNumber: 'Introduce un número de tarjeta válido.',
		expirationDate: 'Introduce una fecha de caducidad válida.',
		cvv: 'Introduce un código de seguridad válido.',
		postalCode: {
			US: 'Introduce un código ZIP válido.',
			CA: 'Introduce un código postal válido.',
			GB: 'Introduce un código postal válido.',
		},
		giftCardNumber: 'Introduce un número de tarjeta regalo válido.',
	},
	fixErrors: 'Corrige los errores señalados.',
	frameTitle: {
		card: 'Marco seguro para introducir la tarjeta de pago',
		giftCard: 'Marco seguro para introducir la tarjeta regalo',
	},
};

const JA: Texts = {
	label: {
		cardNumber: 'カード番号',
		expirationDate: 'MM/YY',
		cvv: 'セキュリティコード',
		postalCode: '郵便番号',
		giftCardNumber: 'ギフトカード番号',
	},
	helper: {
		cardNumber: 'カード表面の番号を入力してください。',
		expirationDate: '有効期限を入力してください（MM/YY）。',
		cvv: 'カードのセキュリティコードを入力してください。',
		postalCode: '請求先の郵便番号を入力してください。',
		giftCardNumber: 'ギフトカードの番号を入力してください。',
	},
	error: {
		cardNumber: '有効なカード番号を入力してください。',
		expirationDate: '有効な有効期限を入力してください。',
		cvv: '有効なセキュリティコードを入力してください。',
		postalCode: {
			US: '有効な郵便番号を入力してください。',
			CA: '有効な郵便番号を入力してください。',
			GB: '有効な郵便番号を入力してください。',
		},
		giftCardNumber: '有効なギフトカード番号を入力してください。',
	},
	fixErrors: 'エラーを修正してください。',
	frameTitle: {
		card: 'カード決済の安全な入力フレーム',
		giftCard: 'ギフトカードの安全な入力フレーム',
	},
};

const GB_LABELS: Partial< Texts[ 'label' ] > = { postalCode: 'Postcode' };
const CA_LABELS: Partial< Texts[ 'label' ] > = { postalCode: 'Postal code' };

/**
 * Texts for a supported locale.
 *
 * @param locale Locale.
 */
export function textsFor( locale: Locale ): Texts {
	const lang = locale.slice( 0, 2 );
	const base = { fr: FR, es: ES, ja: JA }[ lang ] ?? EN;
	if ( base === EN && locale === 'en-GB' ) {
		return { ...EN, label: { ...EN.label, ...GB_LABELS } };
	}
	if ( base === EN && locale === 'en-CA' ) {
		return { ...EN, label: { ...EN.label, ...CA_LABELS } };
	}
	return base;
}

/**
 * Error text of one field.
 *
 * @param locale  Locale.
 * @param field   Field.
 * @param country Postal country.
 */
export function errorText(
	locale: Locale,
	field: AnyFieldName,
	country: PostalCountry
): string {
	const t = textsFor( locale );
	return field === 'postalCode'
		? t.error.postalCode[ country ]
		: t.error[ field ];
}

const EN_POSTAL_LABELS: Record< PostalCountry, string > = {
	US: 'ZIP',
	CA: 'Postal code',
	GB: 'Postcode',
};

/**
 * Label of the postal code input: in English it names the country's kind of code (ZIP,
 * postal code, postcode); other languages have one word for all.
 *
 * @param locale  Locale.
 * @param country Postal country of the card.
 */
export function postalLabel( locale: Locale, country: PostalCountry ): string {
	return locale.startsWith( 'en' )
		? EN_POSTAL_LABELS[ country ]
		: textsFor( locale ).label.postalCode;
}
