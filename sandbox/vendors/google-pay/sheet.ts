/**
 * The stand-in's payment sheet (wave 2 design A.3), on the vendor origin in the iframe pay.js
 * opens: the buyer picks a card, a shipping address and option (each change goes to the
 * merchant's onPaymentDataChanged through pay.js and its answer is shown), then Pay or Close.
 * Pay asks the vendor server for the gateway's token (bound to amount, currency and gateway
 * merchant, and to the merchant's authJwt when one is given). Driven like a person: radios,
 * buttons and alerts with accessible names.
 */
import type { FromSheet, ToSheet } from './messages';

interface WalletCard {
	id: string;
	network: string;
	details: string;
	authMethod: string;
}

type Address = google.payments.api.Address;

/** The buyer's addresses in the stand-in's Google account. */
const ADDRESSES: Array< { id: string; label: string; address: Address } > = [
	{
		id: 'us',
		label: 'Jane Doe, 1 Market St, San Francisco, CA 94103, US',
		address: {
			name: 'Jane Doe',
			address1: '1 Market St',
			locality: 'San Francisco',
			administrativeArea: 'CA',
			postalCode: '94103',
			countryCode: 'US',
			phoneNumber: '+1 415 555 0100',
		},
	},
	{
		id: 'ca',
		label: 'Jean Tremblay, 100 Queen St W, Toronto, ON M5H 2N2, CA',
		address: {
			name: 'Jean Tremblay',
			address1: '100 Queen St W',
			locality: 'Toronto',
			administrativeArea: 'ON',
			postalCode: 'M5H 2N2',
			countryCode: 'CA',
			phoneNumber: '+1 416 555 0100',
		},
	},
	{
		id: 'gb',
		label: 'John Doe, 10 Downing Street, London SW1A 2AA, GB',
		address: {
			name: 'John Doe',
			address1: '10 Downing Street',
			locality: 'London',
			administrativeArea: 'LND',
			postalCode: 'SW1A 2AA',
			countryCode: 'GB',
			phoneNumber: '+44 20 7946 0000',
		},
	},
];

const NETWORK_NAMES: Record< string, string > = {
	VISA: 'Visa',
	MASTERCARD: 'Mastercard',
	AMEX: 'Amex',
	DISCOVER: 'Discover',
	JCB: 'JCB',
	INTERAC: 'Interac',
};

const main = document.getElementById( 'sheet' )!;
let parentOrigin = '';
let request: google.payments.api.PaymentDataRequest;
let environment: google.payments.api.Environment = 'TEST';
let transaction: google.payments.api.TransactionInfo;
let options: google.payments.api.ShippingOptionParameters | undefined;
let cards: WalletCard[] = [];
let card = '';
let address = '';
let option = '';
let error: google.payments.api.PaymentDataError | undefined;
let waiting = false;

const send = ( message: FromSheet ) =>
	parent.postMessage( message, parentOrigin || '*' );

/**
 * An element with attributes and children.
 *
 * @param tag      Tag name.
 * @param attrs    Attributes (and textContent as `text`).
 * @param children Children.
 */
function el(
	tag: string,
	attrs: Record< string, string | boolean | undefined > = {},
	...children: Array< Node | string >
): HTMLElement {
	const node = document.createElement( tag );
	for ( const [ k, v ] of Object.entries( attrs ) ) {
		if ( k === 'text' ) {
			node.textContent = String( v );
		} else if ( v === true ) {
			node.setAttribute( k, '' );
		} else if ( typeof v === 'string' ) {
			node.setAttribute( k, v );
		}
	}
	node.append( ...children );
	return node;
}

/**
 * A radio group.
 *
 * @param legend   Group name.
 * @param name     Radio name.
 * @param items    [value, label].
 * @param selected Selected value.
 * @param onPick   Called with the picked value.
 */
function radios(
	legend: string,
	name: string,
	items: Array< [ string, string ] >,
	selected: string,
	onPick: ( value: string ) => void
): HTMLElement {
	return el(
		'fieldset',
		{},
		el( 'legend', { text: legend } ),
		...items.map( ( [ value, label ] ) => {
			const input = el( 'input', {
				type: 'radio',
				name,
				value,
				checked: value === selected,
				disabled: waiting,
			} ) as HTMLInputElement;
			input.addEventListener( 'change', () => onPick( value ) );
			return el( 'label', {}, input, ` ${ label }` );
		} )
	);
}

const money = ( price: string ) => `${ price } ${ transaction.currencyCode }`;

/** Whether Pay may be pressed. */
function payable(): boolean {
	return (
		! waiting &&
		! error &&
		Boolean( card ) &&
		( ! request.shippingAddressRequired || Boolean( address ) ) &&
		( ! request.shippingOptionRequired || Boolean( option ) )
	);
}

function render(): void {
	main.replaceChildren();
	main.setAttribute( 'aria-busy', String( waiting ) );
	main.append( el( 'h1', { text: 'Google Pay' } ) );
	if ( environment === 'TEST' ) {
		main.append(
			el( 'p', { text: 'TEST environment: no real card is charged.' } )
		);
	}
	const merchant = request.merchantInfo?.merchantName;
	if ( merchant ) {
		main.append( el( 'p', { text: `Pay ${ merchant }` } ) );
	}
	const items = transaction.displayItems ?? [];
	main.append(
		el(
			'ul',
			{ 'aria-label': 'Order summary' },
			...items.map( ( i ) =>
				el( 'li', { text: `${ i.label }: ${ money( i.price ) }` } )
			)
		),
		el( 'p', {
			'data-testid': 'total',
			text: `${ transaction.totalPriceLabel ?? 'Total' }: ${ money( transaction.totalPrice ?? '' ) }`,
		} )
	);
	main.append(
		radios(
			'Payment method',
			'card',
			cards.map( ( c ) => [
				c.id,
				`${ NETWORK_NAMES[ c.network ] ?? c.network } •••• ${ c.details }`,
			] ),
			card,
			( v ) => {
				card = v;
				render();
			}
		)
	);
	if ( request.shippingAddressRequired ) {
		main.append(
			radios(
				'Shipping address',
				'address',
				ADDRESSES.map( ( a ) => [ a.id, a.label ] ),
				address,
				( v ) => pickAddress( v )
			)
		);
	}
	if ( options ) {
		main.append(
			radios(
				'Shipping option',
				'option',
				options.shippingOptions.map( ( o ) => [
					o.id,
					o.description
						? `${ o.label } (${ o.description })`
						: o.label,
				] ),
				option,
				( v ) => pickOption( v )
			)
		);
	}
	main.append( el( 'p', { role: 'alert', text: error?.message ?? '' } ) );
	const pay = el( 'button', {
		type: 'button',
		id: 'pay',
		text: 'Pay',
		disabled: ! payable(),
	} );
	pay.addEventListener( 'click', () => void payNow() );
	const close = el( 'button', {
		type: 'button',
		'aria-label': 'Close',
		text: '✕ Close',
	} );
	close.addEventListener( 'click', () =>
		send( { kfGooglePay: true, type: 'close' } )
	);
	main.append( el( 'div', { class: 'actions' }, close, pay ) );
}

/**
 * A change goes to the merchant's onPaymentDataChanged; the sheet waits for the answer.
 *
 * @param data What changed.
 */
function change( data: google.payments.api.IntermediatePaymentData ): void {
	waiting = true;
	render();
	send( { kfGooglePay: true, type: 'change', data } );
}

const network = () => cards.find( ( c ) => c.id === card )?.network;

function pickAddress( id: string ): void {
	address = id;
	const a = ADDRESSES.find( ( x ) => x.id === id )!.address;
	if ( ! request.callbackIntents?.includes( 'SHIPPING_ADDRESS' ) ) {
		render();
		return;
	}
	// Redacted until the buyer pays, as Google's IntermediateAddress.
	change( {
		callbackTrigger: 'SHIPPING_ADDRESS',
		shippingAddress: {
			administrativeArea: a.administrativeArea!,
			countryCode: a.countryCode!,
			postalCode: a.postalCode!,
			locality: a.locality!,
		},
		paymentMethodData: { type: 'CARD', info: { cardNetwork: network() } },
	} as google.payments.api.IntermediatePaymentData );
}

function pickOption( id: string ): void {
	option = id;
	if ( ! request.callbackIntents?.includes( 'SHIPPING_OPTION' ) ) {
		render();
		return;
	}
	change( {
		callbackTrigger: 'SHIPPING_OPTION',
		shippingOptionData: { id },
		paymentMethodData: { type: 'CARD', info: { cardNetwork: network() } },
	} as google.payments.api.IntermediatePaymentData );
}

/**
 * The merchant's answer to a change.
 *
 * @param update onPaymentDataChanged's answer.
 */
function applyUpdate(
	update: google.payments.api.PaymentDataRequestUpdate
): void {
	waiting = false;
	error = update.error;
	if ( update.newTransactionInfo ) {
		transaction = update.newTransactionInfo;
	}
	if ( update.newShippingOptionParameters ) {
		options = update.newShippingOptionParameters;
		option =
			options.shippingOptions.find( ( o ) => o.id === option )?.id ??
			options.defaultSelectedOptionId ??
			'';
	}
	render();
}

async function payNow(): Promise< void > {
	if ( ! payable() ) {
		return;
	}
	waiting = true;
	render();
	const method = request.allowedPaymentMethods[ 0 ]!;
	const tp = method.tokenizationSpecification!.parameters as Record<
		string,
		string
	>;
	const r = await fetch( '/google-pay/token', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify( {
			cardId: card,
			authJwt: (
				request.merchantInfo as { authJwt?: string } | undefined
			 )?.authJwt,
			totalPrice: transaction.totalPrice,
			currencyCode: transaction.currencyCode,
			gateway: tp.gateway,
			gatewayMerchantId: tp.gatewayMerchantId,
		} ),
	} );
	const body = await r.json();
	if ( ! r.ok ) {
		send( { kfGooglePay: true, type: 'failed', error: body } );
		return;
	}
	const picked = cards.find( ( c ) => c.id === card )!;
	const shipping = ADDRESSES.find( ( a ) => a.id === address )?.address;
	const params = method.parameters as google.payments.api.CardParameters;
	const billing = shipping ?? ADDRESSES[ 0 ]!.address;
	const paymentData: google.payments.api.PaymentData = {
		apiVersion: 2,
		apiVersionMinor: 0,
		...( request.emailRequired ? { email: 'buyer@example.com' } : {} ),
		...( request.shippingAddressRequired && shipping
			? { shippingAddress: shipping }
			: {} ),
		...( request.shippingOptionRequired && option
			? { shippingOptionData: { id: option } }
			: {} ),
		paymentMethodData: {
			type: 'CARD',
			description: `${ NETWORK_NAMES[ picked.network ] } •••• ${ picked.details }`,
			info: {
				cardNetwork: picked.network as google.payments.api.CardNetwork,
				cardDetails: picked.details,
				...( params.billingAddressRequired
					? { billingAddress: billing }
					: {} ),
			},
			tokenizationData: { type: 'PAYMENT_GATEWAY', token: body.token },
		},
	};
	send( { kfGooglePay: true, type: 'paid', paymentData } );
}

let allCards: WalletCard[] = [];

window.addEventListener( 'message', ( event: MessageEvent ) => {
	const m = event.data as ToSheet;
	if ( event.source !== parent || ! m?.kfGooglePay ) {
		return;
	}
	if ( m.type === 'open' ) {
		parentOrigin = event.origin;
		request = m.request;
		environment = m.environment;
		transaction = request.transactionInfo!;
		options = request.shippingOptionParameters;
		option =
			options?.defaultSelectedOptionId ??
			options?.shippingOptions[ 0 ]?.id ??
			'';
		const allowed = (
			request.allowedPaymentMethods[ 0 ]!
				.parameters as google.payments.api.CardParameters
		 ).allowedCardNetworks as string[];
		cards = allCards.filter( ( c ) => allowed.includes( c.network ) );
		card = cards[ 0 ]?.id ?? '';
		waiting = Boolean( request.callbackIntents?.length );
		render();
	} else if ( m.type === 'update' ) {
		applyUpdate( m.update );
	}
} );

// The buyer's cards first, then the sheet is ready for the request.
void fetch( '/google-pay/cards' )
	.then( ( r ) => r.json() )
	.then( ( list: WalletCard[] ) => {
		allCards = list;
		send( { kfGooglePay: true, type: 'ready' } );
	} );
