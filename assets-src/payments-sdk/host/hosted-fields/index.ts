/**
 * Public face of the hosted-fields element shared by the card and gift card methods
 * (host/methods/card, host/methods/gift-card).
 */
export { HostedElement, type ElementOptions } from './element';
export {
	baseEventDetail,
	type HostedFieldsMethod,
	type NonceSuccess,
} from './method';
