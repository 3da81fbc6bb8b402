/**
 * The gift card method (spec §2 "Gift card element", §3 gift card field; API §5): what sets it
 * apart from the card; the shared element lives in host/hosted-fields/.
 */
import { CARD_EVENTS, GIFT_CARD_FIELDS, MESSAGE } from '../../../protocol';
import type { SdkContext } from '../../context';
import * as hosted from '../../hosted-fields';
import { GIFT_CARD_OPTIONS, frameHeight } from '../../validate';

/** The gift card: one field, hidden until ready, throttled resize. */
export const GIFT_CARD: hosted.HostedFieldsMethod = {
	kind: 'giftCard',
	methodName: 'GiftCard',
	displayName: 'Gift Card',
	eventSource: 'gift-card',
	supportKey: 'giftCard',
	frameFile: 'gift-card',
	loadMessage: MESSAGE.LOAD_GIFT_CARDS_FORM,
	fields: GIFT_CARD_FIELDS,
	// No postal code in a gift card.
	events: CARD_EVENTS.filter( ( e ) => e !== 'postalCodeChanged' ),
	options: GIFT_CARD_OPTIONS,
	// Throttled 100 ms (spec §2).
	resize: 'throttle',
	// Hidden until ready (spec §2).
	hiddenUntilReady: true,
	height: ( width, labels ) => frameHeight( width, labels, true ),
	eventDetail: hosted.baseEventDetail,
	tokenDetails: () => ( {
		method: 'Gift Card',
		giftCard: { type: 'Gift' },
	} ),
};

/**
 * A new gift card element (options already checked against GIFT_CARD_OPTIONS).
 *
 * @param ctx     Shared context.
 * @param options Options.
 */
export function createGiftCard(
	ctx: SdkContext,
	options: hosted.ElementOptions
): hosted.HostedElement {
	return new hosted.HostedElement( GIFT_CARD, ctx, options );
}
