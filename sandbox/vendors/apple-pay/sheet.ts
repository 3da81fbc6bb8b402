/**
 * The Apple Pay sheet of the stand-in (wave 2 design A.2), on the vendor origin: what Safari's
 * sheet shows (merchant, lines, total, card, shipping contact and method, errors), driven by
 * apple-pay-session.ts in the merchant page over postMessage. The buyer's full contact and the
 * card stay here until "Pay with Touch ID": the page gets a redacted contact before, and the
 * vendor origin seals the payment data (POST /apple-pay/authorize).
 */
type Line = { label: string; amount: string; type?: string };
type Method = {
	identifier: string;
	label: string;
	amount: string;
	detail?: string;
};
type Contact = Record< string, unknown >;
type Update = {
	newTotal: Line;
	newLineItems: Line[] | null;
	newShippingMethods: Method[] | null;
	errors: Array< { code: string; contactField?: string; message: string } >;
};
type Wallet = {
	cards: Array< { id: string; label: string } >;
	contacts: Array< { id: string; label: string; contact: Contact } >;
};

const pageOrigin = new URLSearchParams( location.search ).get( 'origin' ) ?? '';
const wallet = JSON.parse(
	document.getElementById( 'wallet' )?.textContent ?? '{}'
) as Wallet;
const root = document.getElementById( 'sheet' ) as HTMLElement;

/** Headings of Apple's error codes. */
const ERROR_TITLES: Record< string, string > = {
	addressUnserviceable: 'Address unserviceable',
	shippingContactInvalid: 'Invalid shipping contact',
	billingContactInvalid: 'Invalid billing contact',
	unknown: 'Error',
};

let request: {
	currencyCode: string;
	total: Line;
	lineItems?: Line[];
	shippingMethods?: Method[];
	requiredShippingContactFields?: string[];
	requiredBillingContactFields?: string[];
} | null = null;
let merchantSession: Record< string, unknown > | null = null;
let pending = true;
let blocked = false;
let busy = false;
let card = wallet.cards[ 0 ]?.id ?? '';
let contact = wallet.contacts[ 0 ]!;
let method = '';

const post = ( message: Record< string, unknown > ): void =>
	window.parent.postMessage( { kfApplePay: true, ...message }, pageOrigin );

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
	const node = document.createElement( tag );
	node.textContent = text;
	return node;
}

/**
 * A radio group.
 *
 * @param legend   Group name.
 * @param name     Radio name.
 * @param choices  Value and label of each radio.
 * @param selected Selected value.
 * @param onPick   Called with the value picked.
 */
function radios(
	legend: string,
	name: string,
	choices: Array< { value: string; label: string } >,
	selected: string,
	onPick: ( value: string ) => void
): HTMLFieldSetElement {
	const set = el( 'fieldset' );
	set.appendChild( el( 'legend', legend ) );
	for ( const choice of choices ) {
		const label = el( 'label' );
		const input = el( 'input' );
		input.type = 'radio';
		input.name = name;
		input.value = choice.value;
		input.checked = choice.value === selected;
		input.disabled = busy;
		input.addEventListener( 'change', () => onPick( choice.value ) );
		label.append( input, ` ${ choice.label }` );
		set.appendChild( label );
		set.appendChild( el( 'br' ) );
	}
	return set;
}

const status = el( 'p' );
status.setAttribute( 'role', 'status' );
const alertBox = el( 'div' );
alertBox.setAttribute( 'role', 'alert' );
const body = el( 'div' );

const money = ( amount: string ) =>
	`${ request?.currencyCode ?? '' } ${ amount }`;

const wantsShipping = () =>
	( request?.requiredShippingContactFields ?? [] ).includes(
		'postalAddress'
	);

/**
 * The contact as the page may see it before authorisation (Apple: locality, administrative
 * area, postal code, country).
 *
 * @param c Full contact.
 */
const redacted = ( c: Contact ): Contact => ( {
	locality: c.locality,
	administrativeArea: c.administrativeArea,
	postalCode: c.postalCode,
	country: c.country,
	countryCode: c.countryCode,
} );

function render(): void {
	body.replaceChildren();
	if ( ! request ) {
		return;
	}
	if ( merchantSession?.displayName ) {
		body.appendChild(
			el( 'p', `Pay ${ String( merchantSession.displayName ) }` )
		);
	}
	const lines = el( 'ul' );
	lines.setAttribute( 'aria-label', 'Summary' );
	for ( const line of request.lineItems ?? [] ) {
		lines.appendChild(
			el( 'li', `${ line.label }: ${ money( line.amount ) }` )
		);
	}
	body.appendChild( lines );
	body.appendChild(
		el(
			'p',
			`${ request.total.label }: ${ money( request.total.amount ) }`
		)
	).id = 'total';
	body.appendChild(
		radios(
			'Card',
			'card',
			wallet.cards.map( ( c ) => ( { value: c.id, label: c.label } ) ),
			card,
			( v ) => ( card = v )
		)
	);
	if ( wantsShipping() ) {
		body.appendChild(
			radios(
				'Shipping contact',
				'contact',
				wallet.contacts.map( ( c ) => ( {
					value: c.id,
					label: c.label,
				} ) ),
				contact.id,
				( v ) => {
					contact = wallet.contacts.find( ( c ) => c.id === v )!;
					askContact();
				}
			)
		);
	}
	const methods = request.shippingMethods ?? [];
	if ( methods.length ) {
		if ( ! methods.some( ( m ) => m.identifier === method ) ) {
			method = methods[ 0 ]!.identifier;
		}
		body.appendChild(
			radios(
				'Shipping method',
				'method',
				methods.map( ( m ) => ( {
					value: m.identifier,
					label: `${ m.label } ${ money( m.amount ) }`,
				} ) ),
				method,
				( v ) => {
					method = v;
					pending = true;
					update();
					post( {
						type: 'method',
						shippingMethod: methods.find(
							( m ) => m.identifier === v
						),
					} );
				}
			)
		);
	}
	const pay = el( 'button', 'Pay with Touch ID' );
	pay.id = 'pay';
	pay.type = 'button';
	pay.disabled = pending || blocked || busy || ! merchantSession;
	pay.addEventListener( 'click', authorize );
	const cancel = el( 'button', 'Cancel' );
	cancel.type = 'button';
	cancel.addEventListener( 'click', () => post( { type: 'cancel' } ) );
	body.append( pay, cancel );
}

/** Re-renders the controls' states only. */
function update(): void {
	render();
}

function askContact(): void {
	pending = true;
	status.textContent = 'Updating…';
	update();
	post( { type: 'contact', contact: redacted( contact.contact ) } );
}

function showErrors( errors: Update[ 'errors' ] ): void {
	alertBox.replaceChildren(
		...errors.map( ( e ) => {
			const p = el( 'p' );
			p.append(
				el( 'strong', ERROR_TITLES[ e.code ] ?? ERROR_TITLES.unknown ),
				e.message ? ` ${ e.message }` : ''
			);
			return p;
		} )
	);
}

function apply( u: Update ): void {
	if ( ! request ) {
		return;
	}
	request.total = u.newTotal;
	if ( u.newLineItems ) {
		request.lineItems = u.newLineItems;
	}
	if ( u.newShippingMethods ) {
		request.shippingMethods = u.newShippingMethods;
	}
	blocked = u.errors.length > 0;
	showErrors( u.errors );
	pending = false;
	status.textContent = '';
	update();
}

async function authorize(): Promise< void > {
	if ( ! request || ! merchantSession ) {
		return;
	}
	busy = true;
	status.textContent = 'Processing…';
	alertBox.replaceChildren();
	update();
	try {
		const r = await fetch( '/apple-pay/authorize', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify( {
				merchantSession,
				card,
				total: request.total,
				currencyCode: request.currencyCode,
			} ),
		} );
		const token = await r.json();
		if ( ! r.ok ) {
			throw new Error(
				token?.errors?.[ 0 ]?.detail ?? 'Payment not completed'
			);
		}
		const billing = ( request.requiredBillingContactFields ?? [] ).length
			? contact.contact
			: undefined;
		const shipping = wantsShipping() ? contact.contact : undefined;
		post( {
			type: 'authorized',
			payment: {
				token,
				...( billing ? { billingContact: billing } : {} ),
				...( shipping ? { shippingContact: shipping } : {} ),
			},
		} );
	} catch ( error ) {
		busy = false;
		status.textContent = '';
		showErrors( [
			{ code: 'unknown', message: ( error as Error ).message },
		] );
		update();
	}
}

window.addEventListener( 'message', ( event ) => {
	const m = event.data as Record< string, any >;
	if (
		event.source !== window.parent ||
		event.origin !== pageOrigin ||
		! m?.kfApplePay
	) {
		return;
	}
	switch ( m.type ) {
		case 'show':
			request = m.request;
			status.textContent = 'Validating merchant…';
			update();
			break;
		case 'validated':
			merchantSession = m.merchantSession;
			pending = false;
			status.textContent = '';
			if ( wantsShipping() ) {
				askContact();
			} else {
				update();
			}
			break;
		case 'contactUpdate':
		case 'methodUpdate':
			apply( m.update );
			break;
		case 'completed':
			busy = false;
			if ( m.success ) {
				status.textContent = 'Done';
				post( { type: 'close' } );
			} else {
				status.textContent = '';
				showErrors( [
					{ code: 'unknown', message: 'Payment not completed' },
				] );
				update();
			}
			break;
	}
} );

root.append( el( 'h1', 'Apple Pay' ), status, alertBox, body );
post( { type: 'ready' } );

export {};
