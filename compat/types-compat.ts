/**
 * Type-compatibility check (payments-sdk-compat.md §a): our public types against
 * the provider's published types (web-payments-sdk-types 1.51.4), literalised. Run by `npm run test:compat` (npm test).
 * Decision: `cashApp` (@internal, removed in later types) is part of our surface too, so
 * nothing is omitted from Payments.
 */
import type * as Sq from '@square/web-payments-sdk-types';
import type { Delit } from './delit';
import type * as Ours from '../assets-src/payments-sdk/host/types';

declare const ourSquare: Ours.Square;

// 1. The whole surface.
export const wholeSurface: Delit< Sq.Square > = ourSquare;

// 2. Pinpoint checks.
declare const p: ReturnType< Ours.Square[ 'payments' ] >;
export const payments: Delit< Sq.Payments > = p;
export const card: Delit< Sq.Card > = null! as Awaited<
	ReturnType< typeof p.card >
>;
export const giftCard: Delit< Sq.GiftCard > = null! as Awaited<
	ReturnType< typeof p.giftCard >
>;
export const googlePay: Delit< Sq.GooglePay > = null! as Awaited<
	ReturnType< typeof p.googlePay >
>;
export const applePay: Delit< Sq.ApplePay > = null! as Awaited<
	ReturnType< typeof p.applePay >
>;
export const afterpay: Delit< Sq.AfterpayClearpay > = null! as Awaited<
	ReturnType< typeof p.afterpayClearpay >
>;
export const cashAppPay: Delit< Sq.CashAppPay > = null! as Awaited<
	ReturnType< typeof p.cashAppPay >
>;
export const ach: Delit< Sq.ACH > = null! as Awaited<
	ReturnType< typeof p.ach >
>;
export const req: Delit< Sq.PaymentRequest > = null! as ReturnType<
	typeof p.paymentRequest
>;
export const errors: Delit< Sq.PublicErrors > = ourSquare.errors;
export const tokenResult: Delit< Sq.TokenResult > = null! as Ours.TokenResult;
export const verify: Delit< Sq.VerifyBuyerResponseDetails > = null! as Awaited<
	ReturnType< typeof p.verifyBuyer >
> & {};
export const locale: Delit< Sq.SetLocaleResult > = null! as Awaited<
	ReturnType< typeof p.setLocale >
>;

// 3. Exact value sets.
type Eq< X, Y > =
	( < T >() => T extends X ? 1 : 2 ) extends < T >() => T extends Y ? 1 : 2
		? true
		: false;
export const s1: Eq< Ours.TokenResult[ 'status' ], `${ Sq.TokenStatus }` > =
	true;
export const s2: Eq<
	NonNullable< Ours.TokenResult[ 'details' ] >[ 'method' ],
	`${ Sq.MethodType }`
> = true;
export const s3: Eq< Ours.CardBrand, `${ Sq.CardBrand }` > = true;
export const s4: Eq< Ours.CardInputEventName, Sq.CardInputEventTypesValues > =
	true;
export const s5: Eq< Ours.CardFieldName, Sq.CardFieldNamesValues > = true;
export const s6: Eq< keyof Ours.Square[ 'errors' ], keyof Sq.PublicErrors > =
	true;

// 4. Negative controls: each line must fail, or the check does not bite.
// @ts-expect-error wrong status casing
export const n1: Delit< Sq.TokenResult > = { status: 'INVALID' };
// @ts-expect-error a Payments without giftCard()
export const n2: Delit< Sq.Payments > = null! as Omit<
	Ours.Payments,
	'giftCard'
>;
// @ts-expect-error a card whose attach takes only a selector string
export const n3: Delit< Sq.Card > = null! as Omit< Ours.Card, 'attach' > & {
	attach: ( s: string ) => Promise< void >;
};
// @ts-expect-error an unknown brand value
export const n4: Eq< Ours.CardBrand | 'DINERS', `${ Sq.CardBrand }` > = true;
// @ts-expect-error Square.errors without TokenizationError
export const n5: Delit< Sq.PublicErrors > = null! as Omit<
	Ours.PublicErrors,
	'TokenizationError'
>;
