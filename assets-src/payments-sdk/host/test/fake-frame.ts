/**
 * The frame's side of the channel, played by host tests in jsdom: reads what the host posts to
 * the iframe and answers with MessageEvents from the provider origin (an ack, then the handler's
 * reply or error), as the real frame's channel does.
 */
import {
	ENVELOPE_MARK,
	MESSAGE,
	type Envelope,
	type FieldEventPayload,
	type NonceReply,
	type SerializedError,
} from '../../protocol';

export const ORIGIN = 'https://provider.test';
export const BASE = `${ ORIGIN }/v1/1.51.4/`;

export type Handlers = Record< string, ( payload: unknown ) => unknown >;

/**
 * A thrown value as the error of a reply: a SerializedError passes as is.
 *
 * @param error Thrown by a handler.
 */
function serialized( error: unknown ): SerializedError {
	const e = error as Error & {
		errors?: Array< Record< string, unknown > >;
		_isSerializedError?: true;
	};
	if ( e?._isSerializedError ) {
		return e as unknown as SerializedError;
	}
	return {
		_isSerializedError: true,
		name: e.name,
		message: e.message,
		errors: e.errors,
	};
}

/**
 * Plays the (last) iframe on the page: acks every request and answers with the handler's reply
 * (default true); a handler that throws answers with an error reply.
 *
 * @param handlers Reply per message type.
 * @param ready    Whether the frame announces itself (FRAME_READY).
 */
export async function fakeFrame( handlers: Handlers = {}, ready = true ) {
	// The host creates the iframe within its first microtasks.
	await Promise.resolve();
	await Promise.resolve();
	const frames = document.querySelectorAll( 'iframe' );
	const iframe = frames[ frames.length - 1 ] as HTMLIFrameElement;
	const source = iframe.contentWindow!;
	const channel = new URL( iframe.src ).hash.match( /channel=(\w+)/ )![ 1 ];
	const posted: Envelope[] = [];
	const deliver = ( e: Partial< Envelope >, origin = ORIGIN ) =>
		window.dispatchEvent(
			new MessageEvent( 'message', {
				data: { mark: ENVELOPE_MARK, channel, id: 'f', ...e },
				origin,
				source,
			} )
		);
	jest.spyOn( source, 'postMessage' ).mockImplementation( ( (
		data: Envelope,
		target: string
	) => {
		expect( target ).toBe( ORIGIN );
		posted.push( data );
		if ( data.kind !== 'request' ) {
			return;
		}
		deliver( { id: data.id, kind: 'ack', type: data.type } );
		Promise.resolve()
			.then( () =>
				( handlers[ data.type ] ?? ( () => true ) )( data.payload )
			)
			.then(
				( payload ) =>
					deliver( {
						id: data.id,
						kind: 'reply',
						type: data.type,
						payload,
					} ),
				( error: unknown ) =>
					deliver( {
						id: data.id,
						kind: 'reply',
						type: data.type,
						error: serialized( error ),
					} )
			);
	} ) as typeof source.postMessage );
	if ( ready ) {
		deliver( { kind: 'event', type: MESSAGE.FRAME_READY } );
	}
	const fieldEvent = ( p: Partial< FieldEventPayload >, origin = ORIGIN ) =>
		deliver(
			{
				kind: 'event',
				type: MESSAGE.FIELD_EVENT,
				payload: {
					eventType: 'focusClassAdded',
					field: 'cardNumber',
					cardBrand: 'VISA',
					postalCodeValue: '',
					currentState: {
						hasErrorClass: false,
						hasFocusClass: true,
						isCompletelyValid: false,
						isEmpty: false,
						isPotentiallyValid: true,
					},
					errorFields: [],
					focusedField: 'cardNumber',
					...p,
				},
			},
			origin
		);
	return { iframe, posted, fieldEvent, deliver };
}

/**
 * A card frame's successful REQUEST_CARD_NONCE_IF_VALID_FORM reply.
 *
 * @param overrides Fields to change.
 */
export function okReply( overrides: Partial< NonceReply > = {} ): NonceReply {
	return {
		valid: true,
		cardNonce: 'cnon:abc',
		card: {
			brand: 'VISA',
			last4: '1111',
			expMonth: 12,
			expYear: 2030,
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
			postalCode: '94103',
		},
		paymentMethodTrackingId: 'p',
		...overrides,
	} as NonceReply;
}
