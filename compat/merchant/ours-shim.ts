/**
 * `sq-types` for the second compile of flows.ts: our own public types under the provider's names.
 */
import type * as Ours from '../../assets-src/payments-sdk/host/types';

export type Payments = Ours.Payments;
export type Card = Ours.Card;
export type GiftCard = Ours.GiftCard;
export type TokenResult = Ours.TokenResult;
export type ChargeVerifyBuyerDetails = Ours.ChargeVerifyBuyerDetails;
export type SetLocaleResult = Ours.SetLocaleResult;
export type Square = Ours.Square;
export type {
	PaymentRequest,
	PaymentRequestOptions,
	PaymentRequestUpdate,
	ShippingContact,
	ShippingErrors,
	ShippingOption,
} from '../../assets-src/payments-sdk/host/types';
