/**
 * Texts a wallet sheet shows when a shipping change fails on the SDK's side (spec §8
 * "Wallets"): the listener threw, timed out or answered wrongly, or the method was destroyed
 * meanwhile. Per language of the supported locales (spec §3); the merchant's own `error` and
 * `shippingErrors` texts are shown as given.
 */
import type { Locale } from '../../protocol';

/** The sheet texts of one language. */
export interface ShippingTexts {
	/** The shippingcontactchanged listener failed. */
	contactError: string;
	/** The shippingoptionchanged listener failed. */
	optionError: string;
	/** The method was destroyed while its sheet was open (PAYMENT_METHOD_DESTROYED). */
	methodDestroyed: string;
}

const EN: ShippingTexts = {
	contactError:
		'There was an error processing your selected shipping contact. Please try again.',
	optionError:
		'There was an error processing your selected shipping option. Please try again.',
	methodDestroyed:
		'An error occurred when attempting to submit payment, please close this window and try again.',
};

const BY_LANGUAGE: Record< string, ShippingTexts > = {
	fr: {
		contactError:
			"Une erreur s'est produite lors du traitement de l'adresse de livraison choisie. Veuillez réessayer.",
		optionError:
			"Une erreur s'est produite lors du traitement du mode de livraison choisi. Veuillez réessayer.",
		methodDestroyed:
			"Une erreur s'est produite lors de l'envoi du paiement. Veuillez fermer cette fenêtre et réessayer.",
	},
	es: {
		contactError:
			'Se ha producido un error al procesar la dirección de envío seleccionada. Inténtalo de nuevo.',
		optionError:
			'Se ha producido un error al procesar la opción de envío seleccionada. Inténtalo de nuevo.',
		methodDestroyed:
			'Se ha producido un error al enviar el pago. Cierra esta ventana e inténtalo de nuevo.',
	},
	ja: {
		contactError:
			'選択された配送先の処理中にエラーが発生しました。もう一度お試しください。',
		optionError:
			'選択された配送方法の処理中にエラーが発生しました。もう一度お試しください。',
		methodDestroyed:
			'支払いの送信中にエラーが発生しました。このウィンドウを閉じて、もう一度お試しください。',
	},
};

/**
 * The shipping texts of a locale (every English locale shares the English texts).
 *
 * @param locale Page locale.
 */
export function shippingTexts( locale: Locale ): ShippingTexts {
	return BY_LANGUAGE[ locale.slice( 0, 2 ) ] ?? EN;
}
