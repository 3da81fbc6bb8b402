/**
 * Texts of the challenge form, per language of the supported locales (spec §3): the page's
 * locale reaches the frame in START_CHALLENGE. Unknown languages get English.
 */
import type { Locale } from '../../protocol';

/** The form's texts in one language. */
export interface ChallengeTexts {
	heading: string;
	intro: string;
	label: string;
	verify: string;
	cancel: string;
	empty: string;
	busy: string;
}

/** English, the default. */
export const CHALLENGE_TEXTS: ChallengeTexts = {
	heading: 'Confirm it’s you',
	intro: 'Your card issuer sent you a verification code. Enter it to continue.',
	label: 'Verification code',
	verify: 'Verify',
	cancel: 'Cancel',
	empty: 'Enter the verification code.',
	busy: 'Checking the code…',
};

const BY_LANGUAGE: Record< string, ChallengeTexts > = {
	fr: {
		heading: 'Confirmez votre identité',
		intro: 'L’émetteur de votre carte vous a envoyé un code de vérification. Saisissez-le pour continuer.',
		label: 'Code de vérification',
		verify: 'Vérifier',
		cancel: 'Annuler',
		empty: 'Saisissez le code de vérification.',
		busy: 'Vérification du code…',
	},
	es: {
		heading: 'Confirma que eres tú',
		intro: 'El emisor de tu tarjeta te ha enviado un código de verificación. Introdúcelo para continuar.',
		label: 'Código de verificación',
		verify: 'Verificar',
		cancel: 'Cancelar',
		empty: 'Introduce el código de verificación.',
		busy: 'Comprobando el código…',
	},
	ja: {
		heading: 'ご本人確認',
		intro: 'カード発行会社から確認コードが送信されました。続行するにはコードを入力してください。',
		label: '確認コード',
		verify: '確認',
		cancel: 'キャンセル',
		empty: '確認コードを入力してください。',
		busy: 'コードを確認しています…',
	},
};

/**
 * The texts for a locale ("fr-CA" → French).
 *
 * @param locale Locale, if any.
 */
export function challengeTexts( locale?: Locale | string ): ChallengeTexts {
	const language = String( locale ?? '' )
		.split( '-' )[ 0 ]
		.toLowerCase();
	return BY_LANGUAGE[ language ] ?? CHALLENGE_TEXTS;
}
