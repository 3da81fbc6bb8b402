/**
 * The card and gift card frames (spec §2, §4, §5): inputs, brand-aware formatting, validation,
 * field events for the host, and the nonce request. The card number leaves this frame only in
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
	providerErrors,
	textsFor,
	type AnyFieldName,
	type CardBrand,
	type CardInputEventName,
	type CardSummary,
	type ConfigurePayload,
	type FieldState,
	type Locale,
	type NonceReply,
	type PostalCountry,
} from '../protocol';
import { IssuingCountry } from './issuing-country';
import {
	announceReady,
	connectToHost,
	providerTransport,
	tokenizationError,
} from './link';
import { styleToCss } from './style';
import {
	cardNumberLength,
	checkCardNumber,
	checkCvv,
	checkExpiry,
	checkGiftCard,
	checkPostal,
	cvvLength,
	detectBrand,
	digitsOf,
	formatCardNumber,
	formatExpiry,
	formatGiftCard,
	parseExpiry,
	type Validity,
} from './validation';

/** Provider codes that refuse one field's value (spec §5): the result is Invalid, not an error. */
const FIELD_VALIDATION_CODES: ReadonlySet< string > = new Set( [
	'INVALID_CARD_NUMBER',
	'INVALID_EXPIRATION_DATE',
	'INVALID_CVV',
	'INVALID_POSTAL_CODE',
] );

interface Field {
	name: AnyFieldName;
	input: HTMLInputElement;
	box: HTMLElement;
	label: HTMLElement;
	state: FieldState;
}

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
	const names: readonly AnyFieldName[] =
		kind === 'card' ? CARD_FIELDS : GIFT_CARD_FIELDS;
	let config: ConfigurePayload | null = null;
	let locale: Locale = DEFAULT_LOCALE;
	let brand: CardBrand = 'OTHER_BRAND';
	let focused: AnyFieldName | null = null;
	const styleEl = doc.createElement( 'style' );
	doc.head.appendChild( styleEl );
	const form = doc.createElement( 'form' );
	form.className = `sq-form sq-${ kind }`;
	form.noValidate = true;
	doc.body.appendChild( form );

	const emptyState = (): FieldState => ( {
		hasErrorClass: false,
		hasFocusClass: false,
		isCompletelyValid: false,
		isEmpty: true,
		isPotentiallyValid: true,
	} );

	const fields = new Map< AnyFieldName, Field >();
	for ( const name of names ) {
		const box = doc.createElement( 'div' );
		box.className = `input-container field-${ name }`;
		const label = doc.createElement( 'label' );
		label.className = 'sq-label';
		const input = doc.createElement( 'input' );
		input.className = 'sq-input';
		input.name = name;
		input.id = `sq-${ name }`;
		label.htmlFor = input.id;
		input.setAttribute( 'data-field', name );
		input.autocomplete = {
			cardNumber: 'cc-number',
			expirationDate: 'cc-exp',
			cvv: 'cc-csc',
			postalCode: 'postal-code',
			giftCardNumber: 'off',
		}[ name ] as AutoFill;
		input.inputMode = name === 'postalCode' ? 'text' : 'numeric';
		box.append( label, input );
		form.appendChild( box );
		fields.set( name, { name, input, box, label, state: emptyState() } );
	}

	/*
	 * The postal code follows the card's issuing country (US, CA or GB) from the provider's BIN
	 * lookup, falling back to the locale's region until it is known or when it is another
	 * country (protocol postalCountryFor). Only the first 6 digits are sent for the lookup.
	 */
	const postalCountry = (): PostalCountry =>
		postalCountryFor( issuing?.current, locale );
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
		const postal = fields.get( 'postalCode' );
		if ( postal && postal.input.value !== '' ) {
			// Its validity under the new format; error class events carry the new country.
			refresh( postal );
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
	const validity = ( f: Field ): Validity => {
		const v = f.input.value;
		switch ( f.name ) {
			case 'cardNumber':
				return checkCardNumber( v );
			case 'expirationDate':
				return checkExpiry( v, new Date() );
			case 'cvv':
				return checkCvv( v, brand );
			case 'postalCode':
				return checkPostal( v, postalCountry() );
			default:
				return checkGiftCard( v );
		}
	};

	const applyTexts = () => {
		const t = textsFor( locale );
		for ( const f of fields.values() ) {
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

	const emit = (
		f: Field,
		eventType: CardInputEventName,
		previous: FieldState
	) => {
		channel.emit( MESSAGE.FIELD_EVENT, {
			eventType,
			field: f.name,
			cardBrand: brand,
			postalCodeValue: fields.get( 'postalCode' )?.input.value ?? '',
			currentState: { ...f.state },
			previousState: previous,
			errorFields: names.filter(
				( n ) => fields.get( n )!.state.hasErrorClass
			),
			focusedField: focused,
			postalCountry: postalCountry(),
		} );
	};

	const update = (
		f: Field,
		changes: Partial< FieldState >,
		events: CardInputEventName[]
	) => {
		const previous = { ...f.state };
		Object.assign( f.state, changes );
		f.input.classList.toggle( 'is-error', f.state.hasErrorClass );
		f.box.classList.toggle( 'is-error', f.state.hasErrorClass );
		f.input.classList.toggle( 'is-focus', f.state.hasFocusClass );
		f.box.classList.toggle( 'is-focus', f.state.hasFocusClass );
		f.input.setAttribute( 'aria-invalid', String( f.state.hasErrorClass ) );
		for ( const e of events ) {
			emit( f, e, previous );
		}
	};

	const refresh = ( f: Field ) => {
		const v = validity( f );
		const changes: Partial< FieldState > = {
			isEmpty: f.input.value === '',
			isCompletelyValid: v.valid,
			isPotentiallyValid: v.potentiallyValid,
		};
		const events: CardInputEventName[] = [];
		if (
			f.state.hasErrorClass &&
			( v.valid || ( v.potentiallyValid && f.state.hasFocusClass ) )
		) {
			changes.hasErrorClass = false;
			events.push( 'errorClassRemoved' );
		} else if ( ! f.state.hasErrorClass && ! v.potentiallyValid ) {
			changes.hasErrorClass = true;
			events.push( 'errorClassAdded' );
		}
		update( f, changes, events );
		return v;
	};

	const order = [ ...fields.values() ];
	for ( const f of order ) {
		f.input.addEventListener( 'input', () => {
			const before = f.input.value;
			if ( f.name === 'cardNumber' ) {
				f.input.value = formatCardNumber( before );
			} else if ( f.name === 'giftCardNumber' ) {
				f.input.value = formatGiftCard( before );
			} else if ( f.name === 'expirationDate' ) {
				f.input.value = formatExpiry( before );
			} else if ( f.name === 'cvv' ) {
				f.input.value = digitsOf( before ).slice(
					0,
					cvvLength( brand )
				);
			} else if ( f.name === 'postalCode' ) {
				f.input.value = before.toUpperCase().slice( 0, 10 );
			}
			if ( f.name === 'cardNumber' ) {
				issuing?.update( digitsOf( f.input.value ) );
				const next = detectBrand( f.input.value );
				if ( next !== brand ) {
					brand = next;
					update( f, {}, [ 'cardBrandChanged' ] );
					const cvv = fields.get( 'cvv' );
					if ( cvv && cvv.input.value ) {
						refresh( cvv );
					}
				}
			}
			const v = refresh( f );
			if ( f.name === 'postalCode' ) {
				update( f, {}, [ 'postalCodeChanged' ] );
			}
			// Move on once a field is complete (not the last one).
			const i = order.indexOf( f );
			if ( v.valid && i < order.length - 1 && f.name !== 'postalCode' ) {
				const digitsDone =
					f.name !== 'cardNumber' ||
					digitsOf( f.input.value ).length >=
						cardNumberLength( brand );
				if ( digitsDone ) {
					order[ i + 1 ].input.focus();
				}
			}
		} );
		f.input.addEventListener( 'focus', () => {
			focused = f.name;
			update( f, { hasFocusClass: true }, [ 'focusClassAdded' ] );
		} );
		f.input.addEventListener( 'blur', () => {
			if ( focused === f.name ) {
				focused = null;
			}
			const v = validity( f );
			const changes: Partial< FieldState > = { hasFocusClass: false };
			const events: CardInputEventName[] = [ 'focusClassRemoved' ];
			if (
				f.input.value !== '' &&
				! v.valid &&
				! f.state.hasErrorClass
			) {
				changes.hasErrorClass = true;
				events.push( 'errorClassAdded' );
			}
			update( f, changes, events );
		} );
		f.input.addEventListener( 'keydown', ( e: KeyboardEvent ) => {
			if ( e.key === 'Escape' ) {
				update( f, {}, [ 'escape' ] );
			} else if ( e.key === 'Enter' ) {
				e.preventDefault();
				update( f, {}, [ 'submit' ] );
			}
		} );
	}

	const configure = ( payload: unknown ) => {
		config = payload as ConfigurePayload;
		locale = config.locale ?? DEFAULT_LOCALE;
		styleEl.textContent = styleToCss( config.style ?? {} );
		const postal = fields.get( 'postalCode' );
		if (
			postal &&
			config.postalCode !== undefined &&
			postal.input.value === ''
		) {
			postal.input.value = String( config.postalCode ).slice( 0, 10 );
			refresh( postal );
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
		const f = fields.get( ( p as { field: AnyFieldName } ).field );
		f?.input.focus();
		return Boolean( f );
	} );
	channel.handle( MESSAGE.SET_ERROR, ( p ) => {
		const f = fields.get( ( p as { field: AnyFieldName } ).field );
		if ( ! f ) {
			return false;
		}
		if ( ! f.state.hasErrorClass ) {
			update( f, { hasErrorClass: true }, [ 'errorClassAdded' ] );
		}
		return true;
	} );
	channel.handle( MESSAGE.CLEAR, () => {
		brand = 'OTHER_BRAND';
		for ( const f of order ) {
			f.input.value = '';
			const had = f.state.hasErrorClass;
			update(
				f,
				{ ...emptyState(), hasFocusClass: f.state.hasFocusClass },
				had ? [ 'errorClassRemoved' ] : []
			);
		}
		issuing?.update( '' );
		return true;
	} );
	channel.handle( MESSAGE.DESTROY, () => {
		for ( const f of order ) {
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
			const invalid: Field[] = [];
			for ( const f of order ) {
				if ( ! validity( f ).valid ) {
					invalid.push( f );
				}
			}
			if ( invalid.length ) {
				for ( const f of invalid ) {
					if ( ! f.state.hasErrorClass ) {
						update( f, { hasErrorClass: true }, [
							'errorClassAdded',
						] );
					}
				}
				return {
					valid: false,
					errors: invalid.map( ( f ) => ( {
						field: f.name,
						type: 'VALIDATION_ERROR',
						message: f.name,
					} ) ),
				};
			}
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
				const get = ( n: AnyFieldName ) =>
					fields.get( n )?.input.value ?? '';
				const expiry = parseExpiry( get( 'expirationDate' ) );
				// What every nonce request names: the application, location and session.
				const request = {
					client_id: config?.applicationId,
					location_id: config?.locationId,
					session_id: config?.sessionId,
				};
				const body =
					kind === 'card'
						? {
								...request,
								website_url: win.document.referrer || undefined,
								card_data: {
									number: digitsOf( get( 'cardNumber' ) ),
									exp_month: expiry?.month,
									exp_year: expiry?.year,
									cvv: get( 'cvv' ),
									billing_postal_code:
										get( 'postalCode' ).trim(),
								},
							}
						: {
								...request,
								gift_card_data: {
									number: digitsOf( get( 'giftCardNumber' ) ),
								},
							};
				const r = await provider.post< {
					card_nonce: string;
					card?: CardSummary;
					payment_method_tracking_id: string;
				} >( '/v2/card-nonce', body );
				return {
					valid: true,
					cardNonce: r.card_nonce,
					card: r.card,
					paymentMethodTrackingId: r.payment_method_tracking_id,
				};
			} catch ( error ) {
				const errors = providerErrors( error );
				if ( errors ) {
					// The provider's own field checks (spec §5 codes): its fields show in error.
					for ( const e of errors ) {
						const f = e.field
							? fields.get( e.field as AnyFieldName )
							: undefined;
						if ( f && ! f.state.hasErrorClass ) {
							update( f, { hasErrorClass: true }, [
								'errorClassAdded',
							] );
						}
					}
					// Only field validation refusals: an Invalid result, as the frame's own checks.
					if (
						errors.length &&
						errors.every(
							( e ) =>
								FIELD_VALIDATION_CODES.has( e.code ) &&
								fields.has( e.field as AnyFieldName )
						)
					) {
						return {
							valid: false,
							errors: errors.map( ( e ) => ( {
								field: e.field as AnyFieldName,
								type: e.code,
								message: e.detail,
							} ) ),
						};
					}
					throw tokenizationError(
						errors.map( ( e ) => ( {
							type: e.code,
							message: e.detail,
							field: e.field,
						} ) )
					);
				}
				throw tokenizationError( [
					{ type: 'UNKNOWN', message: ( error as Error ).message },
				] );
			} finally {
				busy = false;
			}
		}
	);

	onPostalCountry();
	announceReady( channel );
}
