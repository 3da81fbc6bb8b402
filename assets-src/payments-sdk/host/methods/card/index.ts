/**
 * The card method (spec §2 "Single-card element", §3 card fields and events; API §3–§4): what
 * sets it apart from the gift card; the shared element lives in host/hosted-fields/.
 */
import { CARD_EVENTS, CARD_FIELDS, MESSAGE } from '../../../protocol';
import type { SdkContext } from '../../context';
import * as hosted from '../../hosted-fields';
import { CARD_OPTIONS, frameHeight } from '../../validate';

/** The card: four fields, postal code events, card details in the token result. */
export const CARD: hosted.HostedFieldsMethod = {
	kind: 'card',
	methodName: 'Card',
	displayName: 'Card',
	eventSource: 'card',
	supportKey: 'card',
	frameFile: 'card',
	loadMessage: MESSAGE.LOAD_CARDS_FORM,
	fields: CARD_FIELDS,
	events: CARD_EVENTS,
	options: CARD_OPTIONS,
	// Debounced 100 ms: the size is applied once resizing pauses (spec §2).
	resize: 'debounce',
	hiddenUntilReady: false,
	height: ( width, labels ) => frameHeight( width, labels ),
	eventDetail: ( payload ) => ( {
		...hosted.baseEventDetail( payload ),
		postalCodeValue: payload.postalCodeValue,
	} ),
	tokenDetails: ( reply ) => {
		const card = reply.card!;
		return {
			method: 'Card',
			card: {
				brand: card.brand,
				last4: card.last4,
				expMonth: card.expMonth,
				expYear: card.expYear,
				cardType: card.cardType,
				prepaidType: card.prepaidType,
			},
			billing: card.postalCode
				? { postalCode: card.postalCode }
				: undefined,
		};
	},
};

/**
 * A new card element (options already checked against CARD_OPTIONS).
 *
 * @param ctx     Shared context.
 * @param options Options.
 */
export function createCard(
	ctx: SdkContext,
	options: hosted.ElementOptions
): hosted.HostedElement {
	return new hosted.HostedElement( CARD, ctx, options );
}
