/**
 * What distinguishes one hosted-fields method (card, gift card) from another: each method's
 * folder under host/methods/ exports one of these, and HostedElement does the rest.
 */
import type {
	AnyFieldName,
	CardSummary,
	FieldEventPayload,
	MessageType,
} from '../../protocol';
import type { TokenDetails } from '../types';
import type { ResizePolicy } from './resize';

/** A nonce reply of a valid form. */
export interface NonceSuccess {
	cardNonce: string;
	card?: CardSummary;
	paymentMethodTrackingId: string;
}

/** What one hosted-fields method is; the element reads nothing else about its method. */
export interface HostedFieldsMethod {
	/** Key of the frame title texts and the iframe's data-sq-instance value. */
	kind: 'card' | 'giftCard';
	/** Name in lifecycle errors ("Card is not attached."). */
	methodName: string;
	/** Name in InvalidElementPresentError. */
	displayName: string;
	/** Metric eventSource. */
	eventSource: string;
	/** Key in the hydration's paymentMethodSupportDetail. */
	supportKey: string;
	/** Frame page under {assetBase}frames/, without ".html"; also in the iframe id. */
	frameFile: string;
	/** The message that loads the form into the frame (spec §7). */
	loadMessage: MessageType;
	/** Input fields, in message-line order. */
	fields: readonly AnyFieldName[];
	/** Public event names. */
	events: readonly string[];
	/** Allowed options and their types (spec §5). */
	options: Record< string, 'boolean' | 'string' | 'object' >;
	/** How window resizes re-apply the height (spec §2). */
	resize: ResizePolicy;
	/** Whether the iframe stays hidden until the form is loaded (spec §2, gift card). */
	hiddenUntilReady: boolean;
	/**
	 * Frame height in px.
	 *
	 * @param width  Target width (0 when unknown).
	 * @param labels includeInputLabels.
	 */
	height: ( width: number, labels: boolean ) => number;
	/**
	 * Detail of a public field event.
	 *
	 * @param payload The frame's field event.
	 */
	eventDetail: ( payload: FieldEventPayload ) => Record< string, unknown >;
	/**
	 * Details of an OK tokenize result.
	 *
	 * @param reply The frame's nonce reply.
	 */
	tokenDetails: ( reply: NonceSuccess ) => TokenDetails;
}

/**
 * The detail every field event carries (API §4.3), before a method adds its own.
 *
 * @param payload The frame's field event.
 */
export function baseEventDetail(
	payload: FieldEventPayload
): Record< string, unknown > {
	return {
		cardBrand: payload.cardBrand,
		currentState: payload.currentState,
		eventType: payload.eventType,
		field: payload.field,
		previousState: payload.previousState,
	};
}
