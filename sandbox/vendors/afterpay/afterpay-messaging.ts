/**
 * Stand-in for Afterpay's messaging library (`afterpay-1.x.js`; wave 2 design A.6), our own
 * code from Afterpay's public docs, served at `/vendors/afterpay/afterpay-messaging.js`. It
 * defines the `afterpay-placement` element ("or 4 interest-free payments of … with
 * Afterpay/Clearpay" and its modal link, reading the data attributes and following their
 * changes) and `window.Afterpay` with createPlacements and launchModal (the information modal
 * in en_US, en_CA, fr_CA, en_AU, en_NZ, en_GB, fr_FR, es_ES, it_IT; anything else en_US).
 */
import type { AfterpayMessagingGlobal } from '../../../assets-src/payments-sdk/host/methods/afterpay/vendor';

interface StandInWindow extends Window {
	Afterpay?: AfterpayMessagingGlobal;
}
const win = self as unknown as StandInWindow;

/** Australia's and New Zealand's modal texts. */
const EN_AU = {
	title: 'Pay in 4 interest-free instalments',
	steps: [
		'Add your favourites to the cart',
		'Choose {brand} at checkout',
		'Log in or sign up, with an instant approval decision',
		'Pay the first instalment today and the rest fortnightly',
	],
	close: 'Close',
};

/** The modal's texts per locale (our own wording). */
const MODAL: Readonly<
	Record< string, { title: string; steps: string[]; close: string } >
> = {
	en_US: {
		title: 'Pay in 4 interest-free installments',
		steps: [
			'Add your favourites to the cart',
			'Choose {brand} at checkout',
			'Sign in or sign up, with an instant approval decision',
			'Pay the first installment today and the rest every two weeks',
		],
		close: 'Close',
	},
	en_CA: {
		title: 'Pay in 4 interest-free instalments',
		steps: [
			'Add your favourites to the cart',
			'Choose {brand} at checkout',
			'Sign in or sign up, with an instant approval decision',
			'Pay the first instalment today and the rest every two weeks',
		],
		close: 'Close',
	},
	fr_CA: {
		title: 'Payez en 4 versements sans intérêts',
		steps: [
			'Ajoutez vos articles au panier',
			'Choisissez {brand} au paiement',
			'Connectez-vous ou inscrivez-vous, réponse immédiate',
			'Payez le premier versement aujourd’hui, puis toutes les deux semaines',
		],
		close: 'Fermer',
	},
	en_AU: EN_AU,
	en_NZ: EN_AU,
	en_GB: {
		title: 'Pay in 4 interest-free instalments',
		steps: [
			'Add your favourites to the basket',
			'Choose {brand} at checkout',
			'Log in or sign up, with an instant approval decision',
			'Pay the first instalment today and the rest every two weeks',
		],
		close: 'Close',
	},
	fr_FR: {
		title: 'Payez en 4 fois sans frais',
		steps: [
			'Ajoutez vos articles au panier',
			'Choisissez {brand} au moment du paiement',
			'Connectez-vous ou inscrivez-vous, réponse immédiate',
			'Payez la première échéance aujourd’hui, puis toutes les deux semaines',
		],
		close: 'Fermer',
	},
	es_ES: {
		title: 'Paga en 4 plazos sin intereses',
		steps: [
			'Añade tus artículos a la cesta',
			'Elige {brand} al pagar',
			'Inicia sesión o regístrate, con respuesta inmediata',
			'Paga el primer plazo hoy y el resto cada dos semanas',
		],
		close: 'Cerrar',
	},
	it_IT: {
		title: 'Paga in 4 rate senza interessi',
		steps: [
			'Aggiungi gli articoli al carrello',
			'Scegli {brand} al pagamento',
			'Accedi o registrati, con risposta immediata',
			'Paga la prima rata oggi e le altre ogni due settimane',
		],
		close: 'Chiudi',
	},
};

/**
 * A known locale (Afterpay writes en_US; en-US is taken too), else en_US.
 *
 * @param locale Requested locale.
 */
const localeOf = ( locale: string | null | undefined ): string => {
	const l = String( locale ?? '' ).replace( '-', '_' );
	return MODAL[ l ] ? l : 'en_US';
};

/**
 * The brand of a locale's country.
 *
 * @param locale Known locale.
 */
const brandOf = ( locale: string ): string =>
	[ 'US', 'CA', 'AU', 'NZ' ].includes( locale.slice( 3 ) )
		? 'Afterpay'
		: 'Clearpay';

/**
 * Opens the information modal.
 *
 * @param requested          Locale.
 * @param options            Modal theme.
 * @param options.modalTheme
 */
function launchModal(
	requested: string,
	options?: { modalTheme?: string }
): void {
	const locale = localeOf( requested );
	const texts = MODAL[ locale ]!;
	const brand = brandOf( locale );
	document.querySelector( '.afterpay-modal-overlay' )?.remove();
	const overlay = document.createElement( 'div' );
	overlay.className = 'afterpay-modal-overlay';
	Object.assign( overlay.style, {
		position: 'fixed',
		inset: '0',
		background: 'rgba(0,0,0,.5)',
		display: 'flex',
		alignItems: 'center',
		justifyContent: 'center',
		zIndex: '2147483647',
	} );
	const dialog = document.createElement( 'div' );
	dialog.setAttribute( 'role', 'dialog' );
	dialog.setAttribute( 'aria-modal', 'true' );
	dialog.setAttribute( 'aria-label', brand );
	dialog.dataset.locale = locale;
	dialog.dataset.brand = brand;
	dialog.dataset.modalTheme =
		options?.modalTheme === 'white' ? 'white' : 'mint';
	Object.assign( dialog.style, {
		background: options?.modalTheme === 'white' ? '#fff' : '#b2fce4',
		color: '#000',
		padding: '24px',
		borderRadius: '12px',
		maxWidth: '420px',
		font: '15px/1.45 system-ui, sans-serif',
	} );
	const mark = document.createElement( 'p' );
	mark.textContent = brand;
	mark.style.fontWeight = '800';
	const title = document.createElement( 'h2' );
	title.textContent = texts.title;
	const steps = document.createElement( 'ol' );
	for ( const step of texts.steps ) {
		const li = document.createElement( 'li' );
		li.textContent = step.replace( '{brand}', brand );
		steps.appendChild( li );
	}
	const close = document.createElement( 'button' );
	close.type = 'button';
	close.textContent = texts.close;
	// Focus goes back where it was (the placement's link) when the modal closes.
	const active = overlay.ownerDocument.activeElement;
	const opener = active instanceof HTMLElement ? active : null;
	const shut = () => {
		overlay.remove();
		opener?.focus();
	};
	close.addEventListener( 'click', shut );
	overlay.addEventListener( 'click', ( e ) => {
		if ( e.target === overlay ) {
			shut();
		}
	} );
	overlay.addEventListener( 'keydown', ( e ) => {
		if ( e.key === 'Escape' ) {
			shut();
		}
		// A modal: Tab stays on its one control (Close), never on the page behind.
		if ( e.key === 'Tab' ) {
			e.preventDefault();
			close.focus();
		}
	} );
	dialog.append( mark, title, steps, close );
	overlay.appendChild( dialog );
	document.body.appendChild( overlay );
	close.focus();
}

/** Link texts per modalLinkStyle. */
const LINKS: Readonly< Record< string, string > > = {
	'circled-info-icon': 'ⓘ',
	'circled-question-icon': '?⃝',
	'learn-more-text': 'Learn more',
	'more-info-text': 'More info',
	none: '',
};

/** `<afterpay-placement>`. */
class AfterpayPlacement extends HTMLElement {
	static get observedAttributes(): string[] {
		return [
			'data-locale',
			'data-currency',
			'data-amount',
			'data-badge-theme',
			'data-size',
			'data-modal-theme',
			'data-modal-link-style',
		];
	}

	connectedCallback(): void {
		this.render();
	}

	attributeChangedCallback(): void {
		if ( this.isConnected ) {
			this.render();
		}
	}

	private render(): void {
		const locale = localeOf( this.dataset.locale );
		const brand = brandOf( locale );
		const currency = this.dataset.currency || 'USD';
		const amount = Number( this.dataset.amount || '0' );
		const cents = Math.round( amount * 100 );
		const base = Math.floor( cents / 4 );
		const instalment = new Intl.NumberFormat( locale.replace( '_', '-' ), {
			style: 'currency',
			currency,
		} ).format( ( cents - base * 3 ) / 100 );
		const text = document.createElement( 'span' );
		text.className = 'afterpay-placement__text';
		text.textContent = `or 4 interest-free payments of ${ instalment } with `;
		const badge = document.createElement( 'span' );
		badge.className = `afterpay-badge afterpay-badge--${
			this.dataset.badgeTheme || 'black-on-mint'
		} afterpay-badge--${ this.dataset.size || 'md' }`;
		badge.textContent = brand;
		badge.style.fontWeight = '800';
		const parts: Node[] = [ text, badge ];
		const linkText =
			LINKS[ this.dataset.modalLinkStyle || 'circled-info-icon' ];
		if ( linkText ) {
			const link = document.createElement( 'button' );
			link.type = 'button';
			link.className = 'afterpay-placement__modal-link';
			link.textContent = linkText;
			link.setAttribute( 'aria-label', `${ brand }: more information` );
			link.addEventListener( 'click', () =>
				launchModal( locale, { modalTheme: this.dataset.modalTheme } )
			);
			parts.push( document.createTextNode( ' ' ), link );
		}
		this.replaceChildren( ...parts );
	}
}

if ( ! customElements.get( 'afterpay-placement' ) ) {
	customElements.define( 'afterpay-placement', AfterpayPlacement );
}

win.Afterpay = {
	createPlacements( { targetSelector, attributes } ) {
		document.querySelectorAll( targetSelector ).forEach( ( target ) => {
			const el = document.createElement( 'afterpay-placement' );
			for ( const [ k, v ] of Object.entries( attributes ?? {} ) ) {
				el.setAttribute(
					`data-${ k.replace( /[A-Z]/g, ( c ) => `-${ c.toLowerCase() }` ) }`,
					v
				);
			}
			target.appendChild( el );
		} );
	},
	launchModal,
};
