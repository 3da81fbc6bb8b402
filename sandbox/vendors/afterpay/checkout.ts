/**
 * The Afterpay/Clearpay stand-in's popup checkout page (vendor origin,
 * `/afterpay/checkout?token=…`): the sandbox consumer signed in, the address picker (home,
 * abroad, incomplete), the shipping options the merchant's page answers through the opener,
 * the four-instalment schedule, Confirm (an order token from the vendor) or Cancel. Without a
 * token it only shows that the checkout is loading (open() before transfer()).
 */
import type {
	AfterpayAddress,
	AfterpayExpressOption,
} from '../../../assets-src/payments-sdk/host/methods/afterpay/vendor';
import type { FromPopup, ToPopup } from './messages';

interface Checkout {
	token: string;
	brand: string;
	amount: string;
	currency: string;
	consumer: { givenName: string; familyName: string; email: string };
	addresses: Array< AfterpayAddress & { id: string } >;
}

const params = new URLSearchParams( location.search );
const token = params.get( 'token' );
const shippingRequired = params.get( 'shipping' ) === '1';
const buyNow = params.get( 'buyNow' ) === '1';
/** The opening page's origin (the fragment's `origin`): the only one talked to. */
const OPENER_ORIGIN = ( () => {
	const o = new URLSearchParams( location.hash.slice( 1 ) ).get( 'origin' );
	try {
		return o ? new URL( o ).origin : null;
	} catch {
		return null;
	}
} )();
const main = document.getElementById( 'checkout' )!;
const header = document.getElementById( 'brand' )!;

/** Rejection reasons as the buyer reads them. */
const REJECTIONS: Readonly< Record< string, string > > = {
	SHIPPING_ADDRESS_UNRECOGNIZED:
		'We could not recognise this address. Choose another one.',
	SHIPPING_ADDRESS_UNSUPPORTED:
		'The store does not ship to this address. Choose another one.',
	SERVICE_UNAVAILABLE:
		'The store could not be reached. Try again or choose another address.',
	BAD_RESPONSE: 'The store answered wrongly. Try again.',
};

/**
 * Shows the brand.
 *
 * @param name Afterpay or Clearpay.
 */
function brandAs( name: string ): void {
	const brand = name === 'Clearpay' ? 'Clearpay' : 'Afterpay';
	document.title = brand;
	header.textContent = brand;
}

/**
 * Tells the opener.
 *
 * @param message Message.
 */
function tell( message: FromPopup ): void {
	if ( OPENER_ORIGIN ) {
		window.opener?.postMessage( message, OPENER_ORIGIN );
	}
}

/**
 * An element with text.
 *
 * @param tag  Tag.
 * @param text Text.
 */
function el< K extends keyof HTMLElementTagNameMap >(
	tag: K,
	text = ''
): HTMLElementTagNameMap[ K ] {
	const e = document.createElement( tag );
	e.textContent = text;
	return e;
}

/**
 * A radio choice in a label.
 *
 * @param name     Group name.
 * @param value    Value.
 * @param text     Label text.
 * @param onChange When it is picked.
 */
function radio(
	name: string,
	value: string,
	text: string,
	onChange: () => void
): HTMLLabelElement {
	const label = el( 'label' );
	const input = el( 'input' );
	input.type = 'radio';
	input.name = name;
	input.value = value;
	input.addEventListener( 'change', onChange );
	label.append( input, ` ${ text }` );
	return label;
}

/**
 * Minor units of a decimal string.
 *
 * @param amount Decimal string.
 */
const minor = ( amount: string ) => {
	const [ w = '0', f = '' ] = amount.split( '.' );
	return Number( w ) * 100 + Number( ( f + '00' ).slice( 0, 2 ) );
};

/**
 * The schedule of an amount (remainder on the first instalment, like the SDK's widget).
 *
 * @param amount   Decimal string.
 * @param currency Currency.
 */
function schedule( amount: string, currency: string ): HTMLOListElement {
	const list = el( 'ol' );
	list.className = 'schedule';
	list.setAttribute( 'aria-label', 'Payment schedule' );
	const total = minor( amount );
	const base = Math.floor( total / 4 );
	const fmt = new Intl.NumberFormat( 'en', { style: 'currency', currency } );
	[ 'Today', 'In 2 weeks', 'In 4 weeks', 'In 6 weeks' ].forEach(
		( when, i ) => {
			const value = i === 0 ? total - base * 3 : base;
			const item = el( 'li' );
			item.append(
				el( 'strong', fmt.format( value / 100 ) ),
				el( 'div', when )
			);
			list.appendChild( item );
		}
	);
	return list;
}

/**
 * The checkout, once loaded.
 *
 * @param c Checkout.
 */
function render( c: Checkout ): void {
	brandAs( c.brand );
	main.removeAttribute( 'aria-busy' );
	main.replaceChildren();
	const fmt = new Intl.NumberFormat( 'en', {
		style: 'currency',
		currency: c.currency,
	} );
	const heading = el(
		'h1',
		`Pay ${ fmt.format( minor( c.amount ) / 100 ) }`
	);
	heading.id = 'total';
	const who = el(
		'p',
		`Signed in as ${ c.consumer.givenName } ${ c.consumer.familyName } (${ c.consumer.email })`
	);
	const alert = el( 'p' );
	alert.setAttribute( 'role', 'alert' );
	const addresses = el( 'fieldset' );
	addresses.appendChild( el( 'legend', 'Shipping address' ) );
	const options = el( 'fieldset' );
	options.appendChild( el( 'legend', 'Shipping options' ) );
	options.hidden = true;
	let scheduleList = schedule( c.amount, c.currency );
	const confirm = el( 'button', buyNow ? 'Buy now' : 'Confirm' );
	confirm.id = 'confirm';
	confirm.type = 'button';
	const cancel = el( 'button', 'Cancel' );
	cancel.type = 'button';
	const actions = el( 'div' );
	actions.className = 'actions';
	actions.append( cancel, confirm );

	let address: ( AfterpayAddress & { id: string } ) | null = null;
	let option: AfterpayExpressOption | null = null;
	const ready = () => {
		confirm.disabled = ! address || ( shippingRequired && ! option );
	};
	ready();

	const showOptions = ( list: AfterpayExpressOption[] ) => {
		options.replaceChildren( el( 'legend', 'Shipping options' ) );
		options.hidden = ! list.length;
		list.forEach( ( o ) => {
			const pick = () => {
				option = o;
				const next = schedule( o.orderAmount.amount, c.currency );
				scheduleList.replaceWith( next );
				scheduleList = next;
				heading.textContent = `Pay ${ fmt.format(
					minor( o.orderAmount.amount ) / 100
				) }`;
				tell( {
					source: 'kf-afterpay',
					type: 'shippingOptionChange',
					option: o,
				} );
				ready();
			};
			options.appendChild(
				radio(
					'option',
					o.id,
					`${ o.name } ${ fmt.format(
						minor( o.shippingAmount.amount ) / 100
					) }`,
					pick
				)
			);
		} );
	};

	window.addEventListener( 'message', ( event: MessageEvent ) => {
		const m = event.data as ToPopup;
		if (
			event.source !== window.opener ||
			event.origin !== OPENER_ORIGIN ||
			m?.source !== 'kf-afterpay'
		) {
			return;
		}
		main.removeAttribute( 'aria-busy' );
		if ( m.type === 'shippingOptions' ) {
			alert.textContent = '';
			showOptions( m.options );
		} else {
			alert.textContent =
				REJECTIONS[ m.reason ] ?? REJECTIONS.BAD_RESPONSE!;
			address = null;
			showOptions( [] );
		}
		ready();
	} );

	c.addresses.forEach( ( a ) => {
		const pick = () => {
			address = a;
			option = null;
			showOptions( [] );
			ready();
			if ( shippingRequired ) {
				main.setAttribute( 'aria-busy', 'true' );
				const { id: _id, ...data } = a;
				tell( {
					source: 'kf-afterpay',
					type: 'shippingAddressChange',
					address: data,
				} );
			}
		};
		const where = [
			a.address1,
			a.address2,
			a.suburb,
			a.state,
			a.postcode,
			a.countryCode,
		].filter( Boolean );
		addresses.appendChild(
			radio(
				'address',
				a.id,
				`${ a.name }, ${ where.join( ', ' ) }`,
				pick
			)
		);
	} );

	cancel.addEventListener( 'click', () => {
		tell( {
			source: 'kf-afterpay',
			type: 'complete',
			status: 'CANCELLED',
		} );
		window.close();
	} );
	confirm.addEventListener( 'click', async () => {
		if ( ! address ) {
			return;
		}
		confirm.disabled = true;
		const r = await fetch(
			`/afterpay/checkouts/${ encodeURIComponent( c.token ) }/confirm`,
			{
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify( {
					addressId: address.id,
					shippingOptionId: option?.id,
					orderAmount: option?.orderAmount,
				} ),
			}
		);
		const body = await r.json();
		if ( ! r.ok ) {
			alert.textContent =
				body.message ?? 'The order could not be placed.';
			ready();
			return;
		}
		const { id: _id, ...shippingAddress } = address;
		tell( {
			source: 'kf-afterpay',
			type: 'complete',
			status: 'SUCCESS',
			orderToken: body.orderToken,
			shippingAddress,
			...( option ? { shippingOptionIdentifier: option.id } : {} ),
			email: c.consumer.email,
		} );
		window.close();
	} );
	main.append(
		heading,
		who,
		addresses,
		options,
		scheduleList,
		alert,
		actions
	);
}

async function start(): Promise< void > {
	brandAs( params.get( 'brand' ) ?? 'Afterpay' );
	if ( ! token ) {
		main.replaceChildren( el( 'p', 'Loading your checkout…' ) );
		// The opener may have sent the checkout while this page was still being opened (the
		// popup's first navigation can win over transfer()'s): it sends it again.
		tell( { source: 'kf-afterpay', type: 'loading' } );
		return;
	}
	const r = await fetch(
		`/afterpay/checkouts/${ encodeURIComponent( token ) }`
	);
	const body = await r.json();
	if ( ! r.ok ) {
		main.removeAttribute( 'aria-busy' );
		const p = el( 'p', body.message ?? 'This checkout cannot be used.' );
		p.setAttribute( 'role', 'alert' );
		main.replaceChildren( p );
		return;
	}
	render( body as Checkout );
}

start();
