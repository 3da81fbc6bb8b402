/**
 * The card and gift card frames (spec §2, §4, §5): wires the inputs (hosted-fields/inputs),
 * their state and events (field-set), typing (interaction), the postal country of the card,
 * the host's messages and the nonce request (nonce). The card number leaves this frame only in
 * the POST to the provider's /v2/card-nonce; the host receives the nonce and a summary.
 */
import {
	CARD_FIELDS,
	GIFT_CARD_FIELDS,
	MESSAGE,
	DEFAULT_LOCALE,
	TOKENIZATION_IN_PROCESS,
	TOKENIZATION_IN_PROCESS_MESSAGE,
	postalCountryFor,
	postalLabel,
	textsFor,
	type AnyFieldName,
	type CardSummary,
	type ConfigurePayload,
	type Locale,
	type NonceReply,
	type PostalCountry,
} from '../protocol';
import { FieldSet } from './hosted-fields/field-set';
import { buildInputs, emptyState } from './hosted-fields/inputs';
import { bindInputs } from './hosted-fields/interaction';
import { nonceFailure, nonceRequestBody } from './hosted-fields/nonce';
import { IssuingCountry } from './issuing-country';
import {
	announceReady,
	connectToHost,
	providerTransport,
	tokenizationError,
} from './link';
import { styleToCss } from './style';

/**
 * Runs the card or gift card frame in this window.
 *
 * @param win  Frame window.
 * @param kind card or giftCard.
 */
export function startCardFrame( win: Window, kind: 'card' | 'giftCard' ): void {
	const doc = win.document;
	const { channel } = connectToHost( win );
	const provider = providerTransport( win );
	let config: ConfigurePayload | null = null;
	let locale: Locale = DEFAULT_LOCALE;
	const styleEl = doc.createElement( 'style' );
	doc.head.appendChild( styleEl );
	const { form, fields } = buildInputs(
		doc,
		kind,
		kind === 'card' ? CARD_FIELDS : GIFT_CARD_FIELDS
	);

	/*
	 * The postal code follows the card's issuing country (US, CA or GB) from the provider's BIN
	 * lookup, falling back to the locale's region until it is known or when it is another
	 * country (protocol postalCountryFor). Only the first 6 digits are sent for the lookup.
	 */
	const postalCountry = (): PostalCountry =>
		postalCountryFor( issuing?.current, locale );
	const set = new FieldSet( fields, postalCountry, ( payload ) =>
		channel.emit( MESSAGE.FIELD_EVENT, payload )
	);
	let shownPostalCountry: PostalCountry | null = null;
	const onPostalCountry = () => {
		const next = postalCountry();
		if ( next === shownPostalCountry ) {
			return;
		}
		const first = shownPostalCountry === null;
		shownPostalCountry = next;
		applyTexts();
		if ( first ) {
			return;
		}
		const postal = set.get( 'postalCode' );
		if ( postal && postal.input.value !== '' ) {
			// Its validity under the new format; error class events carry the new country.
			set.refresh( postal );
		}
		// The host's message line names the country's kind of code.
		channel.emit( MESSAGE.POSTAL_COUNTRY, { postalCountry: next } );
	};
	const issuing =
		kind === 'card'
			? new IssuingCountry(
					async ( bin ) =>
						(
							await provider.post< { country?: string | null } >(
								'/v2/tokenization/product-information',
								{ bin, client_id: config?.applicationId },
								{ attempts: 1 }
							)
						).country ?? null,
					() => onPostalCountry()
				)
			: null;

	const applyTexts = () => {
		const t = textsFor( locale );
		for ( const f of set.order ) {
			const text =
				f.name === 'postalCode'
					? postalLabel( locale, postalCountry() )
					: t.label[ f.name ];
			f.label.textContent = text;
			f.input.placeholder = text;
			f.input.setAttribute( 'aria-label', text );
		}
		form.classList.toggle(
			'with-labels',
			Boolean( config?.includeInputLabels )
		);
	};

	bindInputs( set, issuing );

	const configure = ( payload: unknown ) => {
		config = payload as ConfigurePayload;
		locale = config.locale ?? DEFAULT_LOCALE;
		styleEl.textContent = styleToCss( config.style ?? {} );
		const postal = set.get( 'postalCode' );
		if (
			postal &&
			config.postalCode !== undefined &&
			postal.input.value === ''
		) {
			postal.input.value = String( config.postalCode ).slice( 0, 10 );
			set.refresh( postal );
		}
		applyTexts();
		// A new locale may change the fallback country.
		onPostalCountry();
		return true;
	};
	channel.handle( MESSAGE.LOAD_CARDS_FORM, configure );
	channel.handle( MESSAGE.LOAD_GIFT_CARDS_FORM, configure );
	channel.handle( MESSAGE.CONFIGURE, configure );
	channel.handle( MESSAGE.SET_FOCUS, ( p ) => {
		const f = set.get( ( p as { field: AnyFieldName } ).field );
		f?.input.focus();
		return Boolean( f );
	} );
	channel.handle( MESSAGE.SET_ERROR, ( p ) => {
		const f = set.get( ( p as { field: AnyFieldName } ).field );
		if ( ! f ) {
			return false;
		}
		set.markError( f );
		return true;
	} );
	channel.handle( MESSAGE.CLEAR, () => {
		set.brand = 'OTHER_BRAND';
		for ( const f of set.order ) {
			f.input.value = '';
			const had = f.state.hasErrorClass;
			set.update(
				f,
				{ ...emptyState(), hasFocusClass: f.state.hasFocusClass },
				had ? [ 'errorClassRemoved' ] : []
			);
		}
		issuing?.update( '' );
		return true;
	} );
	channel.handle( MESSAGE.DESTROY, () => {
		for ( const f of set.order ) {
			f.input.value = '';
		}
		return true;
	} );
	channel.handle( MESSAGE.SESSION_UPDATE, ( p ) => {
		const { locale: l, sessionId } = p as {
			locale?: Locale;
			sessionId?: string;
		};
		if ( config && typeof sessionId === 'string' && sessionId ) {
			// A new session (spec §7 "Session update"): later nonce requests carry it.
			config = { ...config, sessionId };
		}
		if ( l ) {
			locale = l;
			applyTexts();
			onPostalCountry();
		}
	} );

	let busy = false;
	channel.handle(
		MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM,
		async (): Promise< NonceReply > => {
			// The postal code is checked in the format of the card's country.
			await issuing?.settled();
			const invalid = set.order.filter(
				( f ) => ! set.validity( f ).valid
			);
			if ( invalid.length ) {
				invalid.forEach( ( f ) => set.markError( f ) );
				return {
					valid: false,
					errors: invalid.map( ( f ) => ( {
						field: f.name,
						type: 'VALIDATION_ERROR',
						message: f.name,
					} ) ),
				};
			}
			// One nonce request at a time (spec §4 "Tokenize lock").
			if ( busy ) {
				throw tokenizationError( [
					{
						type: TOKENIZATION_IN_PROCESS,
						message: TOKENIZATION_IN_PROCESS_MESSAGE,
					},
				] );
			}
			busy = true;
			try {
				const r = await provider.post< {
					card_nonce: string;
					card?: CardSummary;
					payment_method_tracking_id: string;
				} >(
					'/v2/card-nonce',
					nonceRequestBody(
						kind,
						set,
						config,
						win.document.referrer || undefined
					)
				);
				return {
					valid: true,
					cardNonce: r.card_nonce,
					card: r.card,
					paymentMethodTrackingId: r.payment_method_tracking_id,
				};
			} catch ( error ) {
				return nonceFailure( error, set );
			} finally {
				busy = false;
			}
		}
	);

	onPostalCountry();
	announceReady( channel );
}
