/**
 * What Afterpay/Clearpay renders itself (spec §3; wave 2 A.6): the button (black or mint;
 * checkout, buy now, place order), the messaging placement element with its options as data
 * attributes, and the checkout widget (our own, no vendor): an optional wordmark, the title and
 * four instalment columns with progress circles and localized amounts.
 */
import { InvalidConfigurationValueError } from '../../errors';
import type {
	AfterpayButtonOptions,
	AfterpayMessagingOptions,
} from '../../types';
import { checkOptions } from '../../validate';
import {
	INSTALMENT_SCHEDULE,
	formatMoney,
	instalmentsOf,
	toMinor,
	type Brand,
} from './rules';

/**
 * Checks option values against their lists: InvalidOptionError for an unknown option,
 * InvalidConfigurationValueError for a value outside its list.
 *
 * @param options What the merchant passed.
 * @param lists   Allowed values per option.
 */
function checkValues(
	options: unknown,
	lists: Readonly< Record< string, readonly unknown[] > >
): void {
	checkOptions(
		options,
		Object.fromEntries(
			Object.entries( lists ).map( ( [ k, v ] ) => [
				k,
				typeof v[ 0 ] as 'string',
			] )
		)
	);
	for ( const [ key, value ] of Object.entries( options ?? {} ) ) {
		const allowed = lists[ key ]!;
		if ( value !== undefined && ! allowed.includes( value ) ) {
			throw new InvalidConfigurationValueError(
				key,
				value,
				`Expected one of: ${ allowed.join( ', ' ) }.`
			);
		}
	}
}

/** Allowed button options (API AfterpayButtonOptions). */
const BUTTON_OPTIONS = {
	buttonColor: [ 'black', 'mint' ],
	buttonType: [
		'checkout_with_afterpay',
		'buy_now_with_afterpay',
		'place_order_with_afterpay',
	],
	finalCtaButtonType: [ 'review_my_order', 'buy_now' ],
	useCustomButton: [ true, false ],
} as const;

/**
 * attach()'s options, checked, with their defaults (black, checkout, review my order).
 *
 * @param options What the merchant passed.
 */
export function buttonOptions(
	options: unknown
): Required< AfterpayButtonOptions > {
	checkValues( options, BUTTON_OPTIONS );
	const o = ( options ?? {} ) as AfterpayButtonOptions;
	return {
		buttonColor: o.buttonColor ?? 'black',
		buttonType: o.buttonType ?? 'checkout_with_afterpay',
		finalCtaButtonType: o.finalCtaButtonType ?? 'review_my_order',
		useCustomButton: o.useCustomButton ?? false,
	};
}

/** Allowed messaging options (API AfterpayMessagingOptions). */
const MESSAGING_OPTIONS = {
	badgeTheme: [
		'black-on-mint',
		'black-on-white',
		'mint-on-black',
		'white-on-black',
	],
	modalLinkStyle: [
		'circled-info-icon',
		'circled-question-icon',
		'learn-more-text',
		'more-info-text',
		'none',
	],
	modalTheme: [ 'mint', 'white' ],
	size: [ 'xs', 'sm', 'md', 'lg' ],
} as const;

/**
 * attachMessaging()'s options, checked, with Afterpay's defaults.
 *
 * @param options What the merchant passed.
 */
export function messagingOptions( options: unknown ): AfterpayMessagingOptions {
	checkValues( options, MESSAGING_OPTIONS );
	const o = ( options ?? {} ) as Partial< AfterpayMessagingOptions >;
	return {
		badgeTheme: o.badgeTheme ?? 'black-on-mint',
		modalLinkStyle: o.modalLinkStyle ?? 'circled-info-icon',
		modalTheme: o.modalTheme ?? 'mint',
		size: o.size ?? 'md',
	};
}

/**
 * The modal theme of displayInformationModal(), checked.
 *
 * @param options What the merchant passed.
 */
export function modalThemeOf( options: unknown ): 'mint' | 'white' {
	checkValues( options, { modalTheme: MESSAGING_OPTIONS.modalTheme } );
	return (
		( options as { modalTheme?: 'mint' | 'white' } | undefined )
			?.modalTheme ?? 'mint'
	);
}

/** Words of the button per type. */
const BUTTON_WORDS: Readonly< Record< string, string > > = {
	checkout_with_afterpay: 'Checkout with',
	buy_now_with_afterpay: 'Buy now with',
	place_order_with_afterpay: 'Place order with',
};

/**
 * Renders the button into the target.
 *
 * @param target  Merchant's element.
 * @param options Checked options.
 * @param brand   Afterpay or Clearpay.
 * @return The button (null for a custom button: the merchant's own element is the button).
 */
export function renderButton(
	target: HTMLElement,
	options: Required< AfterpayButtonOptions >,
	brand: Brand
): HTMLButtonElement | null {
	if ( options.useCustomButton ) {
		return null;
	}
	const doc = target.ownerDocument;
	const button = doc.createElement( 'button' );
	button.type = 'button';
	const words = BUTTON_WORDS[ options.buttonType ]!;
	button.className = `sq-afterpay-button sq-afterpay-button--${ options.buttonColor } sq-afterpay-button--${ options.buttonType }`;
	button.dataset.brand = brand.toLowerCase();
	button.setAttribute( 'aria-label', `${ words } ${ brand }` );
	const black = options.buttonColor === 'black';
	Object.assign( button.style, {
		display: 'inline-flex',
		alignItems: 'center',
		justifyContent: 'center',
		gap: '0.4em',
		minWidth: '240px',
		minHeight: '44px',
		padding: '0 20px',
		border: '0',
		borderRadius: '22px',
		font: '600 15px/1 system-ui, sans-serif',
		cursor: 'pointer',
		background: black ? '#000' : '#b2fce4',
		color: black ? '#fff' : '#000',
	} );
	const text = doc.createElement( 'span' );
	text.textContent = words;
	const mark = doc.createElement( 'span' );
	mark.className = 'sq-afterpay-wordmark';
	mark.textContent = brand;
	mark.style.fontWeight = '800';
	button.append( text, mark );
	target.appendChild( button );
	return button;
}

/**
 * Renders the messaging placement (the messaging library makes it come alive).
 *
 * @param target         Merchant's element.
 * @param options        Checked options.
 * @param attrs          Locale, currency and amount.
 * @param attrs.locale
 * @param attrs.currency
 * @param attrs.amount
 */
export function renderPlacement(
	target: HTMLElement,
	options: AfterpayMessagingOptions,
	attrs: { locale: string; currency: string; amount: string }
): HTMLElement {
	const el = target.ownerDocument.createElement( 'afterpay-placement' );
	el.dataset.locale = attrs.locale;
	el.dataset.currency = attrs.currency;
	el.dataset.amount = attrs.amount;
	el.dataset.badgeTheme = options.badgeTheme;
	el.dataset.size = options.size;
	el.dataset.modalTheme = options.modalTheme;
	el.dataset.modalLinkStyle = options.modalLinkStyle;
	target.appendChild( el );
	return el;
}

/** Texts of the checkout widget by language (spec §3; English otherwise). */
const WIDGET_TEXTS: Readonly<
	Record< string, { title: string; when: readonly string[] } >
> = {
	en: {
		title: 'Your 4 interest-free payments',
		when: [ 'Today', '2 weeks', '4 weeks', '6 weeks' ],
	},
	fr: {
		title: 'Vos 4 paiements sans intérêts',
		when: [ 'Aujourd’hui', '2 semaines', '4 semaines', '6 semaines' ],
	},
	es: {
		title: 'Tus 4 pagos sin intereses',
		when: [ 'Hoy', '2 semanas', '4 semanas', '6 semanas' ],
	},
	it: {
		title: 'I tuoi 4 pagamenti senza interessi',
		when: [ 'Oggi', '2 settimane', '4 settimane', '6 settimane' ],
	},
};

/**
 * A progress circle (SVG) filled to a share.
 *
 * @param doc      Document.
 * @param progress Percent.
 */
function circle( doc: Document, progress: number ): SVGSVGElement {
	const ns = 'http://www.w3.org/2000/svg';
	const svg = doc.createElementNS( ns, 'svg' );
	svg.setAttribute( 'viewBox', '0 0 36 36' );
	svg.setAttribute( 'width', '36' );
	svg.setAttribute( 'height', '36' );
	svg.setAttribute( 'role', 'img' );
	svg.setAttribute( 'aria-label', `${ progress }%` );
	svg.dataset.progress = String( progress );
	const r = 15.9155; // circumference 100
	const ring = ( stroke: string, dash: string ) => {
		const c = doc.createElementNS( ns, 'circle' );
		c.setAttribute( 'cx', '18' );
		c.setAttribute( 'cy', '18' );
		c.setAttribute( 'r', String( r ) );
		c.setAttribute( 'fill', 'none' );
		c.setAttribute( 'stroke', stroke );
		c.setAttribute( 'stroke-width', '4' );
		c.setAttribute( 'stroke-dasharray', dash );
		c.setAttribute( 'transform', 'rotate(-90 18 18)' );
		return c;
	};
	svg.append(
		ring( '#e5e5e5', '100 0' ),
		ring( '#000', `${ progress } ${ 100 - progress }` )
	);
	return svg;
}

/**
 * Renders (or re-renders) the checkout widget's content into its root.
 *
 * @param root           Widget root (the merchant's element).
 * @param model          What it shows.
 * @param model.total    Total (decimal string).
 * @param model.currency Currency.
 * @param model.locale   Page locale (BCP 47).
 * @param model.brand    Afterpay or Clearpay.
 * @param model.branding Whether the wordmark shows.
 */
export function renderWidget(
	root: HTMLElement,
	model: {
		total: string;
		currency: string;
		locale: string;
		brand: Brand;
		branding: boolean;
	}
): void {
	const doc = root.ownerDocument;
	const texts =
		WIDGET_TEXTS[ model.locale.split( '-' )[ 0 ]!.toLowerCase() ] ??
		WIDGET_TEXTS.en!;
	const box = doc.createElement( 'div' );
	box.className = 'sq-afterpay-checkout-widget';
	box.setAttribute( 'role', 'group' );
	box.style.font = '14px/1.4 system-ui, sans-serif';
	if ( model.branding ) {
		const mark = doc.createElement( 'div' );
		mark.className = 'sq-afterpay-wordmark';
		mark.textContent = model.brand;
		mark.style.fontWeight = '800';
		box.appendChild( mark );
	}
	const title = doc.createElement( 'div' );
	title.className = 'sq-afterpay-checkout-widget__title';
	title.id = `sq-afterpay-title-${ Math.random().toString( 36 ).slice( 2 ) }`;
	title.textContent = texts.title;
	title.style.fontWeight = '600';
	box.setAttribute( 'aria-labelledby', title.id );
	box.appendChild( title );
	const list = doc.createElement( 'ol' );
	list.className = 'sq-afterpay-checkout-widget__instalments';
	Object.assign( list.style, {
		display: 'grid',
		gridTemplateColumns: 'repeat(4, 1fr)',
		listStyle: 'none',
		padding: '0',
		margin: '8px 0 0',
		textAlign: 'center',
	} );
	const amounts = instalmentsOf( toMinor( model.total ) );
	INSTALMENT_SCHEDULE.forEach( ( step, i ) => {
		const item = doc.createElement( 'li' );
		item.className = 'sq-afterpay-checkout-widget__instalment';
		item.dataset.progress = String( step.progress );
		const amount = doc.createElement( 'div' );
		amount.className = 'sq-afterpay-checkout-widget__amount';
		amount.dataset.minor = String( amounts[ i ] );
		amount.textContent = formatMoney(
			amounts[ i ]!,
			model.currency,
			model.locale
		);
		const when = doc.createElement( 'div' );
		when.className = 'sq-afterpay-checkout-widget__when';
		when.textContent = texts.when[ i ]!;
		item.append( circle( doc, step.progress ), amount, when );
		list.appendChild( item );
	} );
	box.appendChild( list );
	root.replaceChildren( box );
}
