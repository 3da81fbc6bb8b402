/**
 * Stand-in for Google's `pay.js` (wave 2 design A.3), our own code from Google's public docs,
 * type-checked against `@types/googlepay`, served by the sandbox under the asset origin. It
 * defines `google.payments.api.PaymentsClient` (keeping any `window.google` already there) and
 * is strict where Google is: DEVELOPER_ERROR for a malformed request, loadPaymentData only in
 * a user gesture and one sheet at a time, `onClick` required by createButton, callback intents
 * only with paymentDataCallbacks. The sheet is a page of the vendor origin in an iframe titled
 * "Google Pay"; closing it rejects with CANCELED.
 */
import type { FromSheet, Scenario, ToSheet } from './messages';

type Api = typeof google.payments.api;

interface StandInWindow extends Window {
	__kfVendorOrigin?: string;
	__kfGooglePayScenario?: Scenario;
	google?: { payments?: { api?: Partial< Api > } } & Record<
		string,
		unknown
	>;
}

const win = self as unknown as StandInWindow;
const VENDOR = win.__kfVendorOrigin ?? '';
const PRICE = /^\d+(\.\d{1,2})?$/;
const ITEM_PRICE = /^-?\d+(\.\d{1,2})?$/;
const AUTH_METHODS = [ 'PAN_ONLY', 'CRYPTOGRAM_3DS' ];
const NETWORKS = [ 'AMEX', 'DISCOVER', 'INTERAC', 'JCB', 'MASTERCARD', 'VISA' ];

/**
 * A rejection as Google gives it.
 *
 * @param statusCode    Google's code.
 * @param statusMessage Why.
 */
const failure = (
	statusCode: string,
	statusMessage: string
): google.payments.api.PaymentsError => ( { statusCode, statusMessage } );

/** The scenario: the page's own switch first, else the sandbox's (POST /__vendors/scenario). */
async function scenario(): Promise< Scenario > {
	if ( win.__kfGooglePayScenario ) {
		return win.__kfGooglePayScenario;
	}
	try {
		const r = await fetch( `${ VENDOR }/google-pay/scenario` );
		return ( await r.json() ) as Scenario;
	} catch {
		return {};
	}
}

/**
 * What is wrong with the card methods, or null.
 *
 * @param methods          allowedPaymentMethods.
 * @param needTokenization Whether a tokenizationSpecification is required.
 */
function methodProblem(
	methods: unknown,
	needTokenization: boolean
): string | null {
	if ( ! Array.isArray( methods ) || methods.length === 0 ) {
		return 'allowedPaymentMethods must be a non-empty array.';
	}
	for ( const m of methods as google.payments.api.PaymentMethodSpecification[] ) {
		if ( m?.type !== 'CARD' ) {
			return `Unsupported payment method type ${ String( m?.type ) }.`;
		}
		const p = m.parameters as google.payments.api.CardParameters;
		if (
			! Array.isArray( p?.allowedAuthMethods ) ||
			! p.allowedAuthMethods.length ||
			p.allowedAuthMethods.some( ( a ) => ! AUTH_METHODS.includes( a ) )
		) {
			return 'allowedAuthMethods is invalid.';
		}
		if (
			! Array.isArray( p.allowedCardNetworks ) ||
			! p.allowedCardNetworks.length ||
			p.allowedCardNetworks.some( ( n ) => ! NETWORKS.includes( n ) )
		) {
			return 'allowedCardNetworks is invalid.';
		}
		if ( needTokenization ) {
			const t = m.tokenizationSpecification;
			if ( ! t || t.type !== 'PAYMENT_GATEWAY' ) {
				return 'tokenizationSpecification is required.';
			}
			const tp = t.parameters as Record< string, string >;
			if ( tp.gateway !== 'square' || ! tp.gatewayMerchantId ) {
				return 'tokenizationSpecification.parameters needs gateway "square" and a gatewayMerchantId.';
			}
		}
	}
	return null;
}

/**
 * What is wrong with a PaymentDataRequest, or null.
 *
 * @param r         The request.
 * @param callbacks The client's paymentDataCallbacks.
 */
function requestProblem(
	r: google.payments.api.PaymentDataRequest,
	callbacks: google.payments.api.PaymentDataCallbacks | undefined
): string | null {
	if ( r?.apiVersion !== 2 || r.apiVersionMinor !== 0 ) {
		return 'apiVersion must be 2 and apiVersionMinor 0.';
	}
	const methods = methodProblem( r.allowedPaymentMethods, true );
	if ( methods ) {
		return methods;
	}
	const t = r.transactionInfo;
	if ( ! t || ! /^[A-Z]{3}$/.test( t.currencyCode ?? '' ) ) {
		return 'transactionInfo.currencyCode is required.';
	}
	if (
		! [ 'FINAL', 'ESTIMATED', 'NOT_CURRENTLY_KNOWN' ].includes(
			t.totalPriceStatus
		)
	) {
		return 'transactionInfo.totalPriceStatus is invalid.';
	}
	if (
		t.totalPriceStatus !== 'NOT_CURRENTLY_KNOWN' &&
		! PRICE.test( t.totalPrice ?? '' )
	) {
		return `transactionInfo.totalPrice "${ t.totalPrice }" is not a valid price.`;
	}
	for ( const item of t.displayItems ?? [] ) {
		if ( ! ITEM_PRICE.test( item.price ) ) {
			return `displayItems price "${ item.price }" is not a valid price.`;
		}
	}
	const intents = r.callbackIntents ?? [];
	if ( intents.length && ! callbacks?.onPaymentDataChanged ) {
		return 'callbackIntents need paymentDataCallbacks.onPaymentDataChanged.';
	}
	if ( r.shippingOptionRequired ) {
		const options = r.shippingOptionParameters?.shippingOptions ?? [];
		if ( ! options.length ) {
			return 'shippingOptionRequired needs shippingOptionParameters.shippingOptions.';
		}
		if ( ! intents.includes( 'SHIPPING_OPTION' ) ) {
			return 'shippingOptionRequired needs the SHIPPING_OPTION callback intent.';
		}
	}
	if (
		intents.includes( 'SHIPPING_ADDRESS' ) &&
		! r.shippingAddressRequired
	) {
		return 'The SHIPPING_ADDRESS callback intent needs shippingAddressRequired.';
	}
	return null;
}

/** The one open sheet of this page. */
let openSheet: HTMLElement | null = null;

/** Google's client, as pay.js defines it. */
class PaymentsClient implements google.payments.api.PaymentsClient {
	private readonly environment: google.payments.api.Environment;
	private readonly callbacks?: google.payments.api.PaymentDataCallbacks;

	constructor( options: google.payments.api.PaymentOptions ) {
		const env = options?.environment ?? 'TEST';
		if ( env !== 'TEST' && env !== 'PRODUCTION' ) {
			throw new TypeError(
				`DEVELOPER_ERROR: unknown environment ${ String( env ) }.`
			);
		}
		this.environment = env;
		this.callbacks = options?.paymentDataCallbacks;
		const api = win.google!.payments!.api as Api & {
			__environments?: string[];
		};
		api.__environments = [ ...( api.__environments ?? [] ), env ];
	}

	async isReadyToPay(
		request: google.payments.api.IsReadyToPayRequest
	): Promise< google.payments.api.IsReadyToPayResponse > {
		if ( request?.apiVersion !== 2 ) {
			throw failure( 'DEVELOPER_ERROR', 'apiVersion must be 2.' );
		}
		const problem = methodProblem( request.allowedPaymentMethods, false );
		if ( problem ) {
			throw failure( 'DEVELOPER_ERROR', problem );
		}
		const s = await scenario();
		return { result: s.readyToPay !== false };
	}

	createButton( options: google.payments.api.ButtonOptions ): HTMLElement {
		if ( typeof options?.onClick !== 'function' ) {
			throw new TypeError(
				'DEVELOPER_ERROR: createButton needs an onClick function.'
			);
		}
		const root = options.buttonRootNode ?? document;
		const doc = ( root as Node ).ownerDocument ?? ( root as Document );
		const fill = options.buttonSizeMode === 'fill';
		const container = doc.createElement( 'div' );
		container.className = fill
			? 'gpay-card-info-container-fill'
			: 'gpay-card-info-container';
		const style = doc.createElement( 'style' );
		style.textContent = `.gpay-card-info-container{display:inline-block;min-width:150px;height:40px}
.gpay-card-info-container-fill{display:block;width:100%;height:100%;min-height:40px}
.gpay-button{cursor:pointer;border:0;border-radius:4px;width:100%;height:100%;min-height:40px;font:500 14px sans-serif;padding:0 24px}
.gpay-button.black{background:#000;color:#fff}.gpay-button.white{background:#fff;color:#3c4043;box-shadow:0 0 0 1px #dadce0}`;
		const color = options.buttonColor === 'white' ? 'white' : 'black';
		const type =
			options.buttonType === 'short' || options.buttonType === 'plain'
				? 'short'
				: 'long';
		const button = doc.createElement( 'button' );
		button.type = 'button';
		button.className = `gpay-button ${ color } ${ type }`;
		button.setAttribute( 'aria-label', 'Buy with Google Pay' );
		button.textContent = type === 'long' ? 'Buy with G Pay' : 'G Pay';
		button.addEventListener( 'click', ( e ) => options.onClick( e ) );
		container.append( style, button );
		return container;
	}

	prefetchPaymentData(
		request: google.payments.api.PaymentDataRequest
	): void {
		void request;
	}

	loadPaymentData(
		request: google.payments.api.PaymentDataRequest
	): Promise< google.payments.api.PaymentData > {
		// Checked before anything async: the gesture is the caller's.
		const activation = (
			navigator as Navigator & { userActivation?: { isActive: boolean } }
		 ).userActivation;
		if ( activation && ! activation.isActive ) {
			return Promise.reject(
				failure(
					'DEVELOPER_ERROR',
					'loadPaymentData must be called in a user gesture.'
				)
			);
		}
		const problem = requestProblem( request, this.callbacks );
		if ( problem ) {
			return Promise.reject( failure( 'DEVELOPER_ERROR', problem ) );
		}
		if ( openSheet ) {
			return Promise.reject(
				failure( 'DEVELOPER_ERROR', 'A payment sheet is already open.' )
			);
		}
		const overlay = document.createElement( 'div' );
		openSheet = overlay;
		return new Promise( ( resolve, reject ) => {
			const frame = document.createElement( 'iframe' );
			const end = () => {
				win.removeEventListener( 'message', onMessage );
				overlay.remove();
				openSheet = null;
			};
			const post = ( message: ToSheet ) =>
				frame.contentWindow?.postMessage( message, VENDOR );
			const changed = async (
				data: google.payments.api.IntermediatePaymentData
			) => {
				let update: google.payments.api.PaymentDataRequestUpdate = {};
				try {
					update =
						( await this.callbacks!.onPaymentDataChanged!(
							data
						) ) ?? {};
				} catch {
					update = {
						error: {
							reason: 'OTHER_ERROR',
							message: 'An unexpected error occurred.',
							intent:
								data.callbackTrigger === 'SHIPPING_OPTION'
									? 'SHIPPING_OPTION'
									: 'SHIPPING_ADDRESS',
						},
					};
				}
				if ( openSheet === overlay ) {
					post( { kfGooglePay: true, type: 'update', update } );
				}
			};
			const onMessage = async ( event: MessageEvent ) => {
				const m = event.data as FromSheet;
				if (
					event.origin !== VENDOR ||
					event.source !== frame.contentWindow ||
					! m?.kfGooglePay
				) {
					return;
				}
				if ( m.type === 'ready' ) {
					const s = await scenario();
					if ( s.loadError ) {
						end();
						reject(
							failure(
								s.loadError,
								`Scenario: ${ s.loadError }.`
							)
						);
						return;
					}
					post( {
						kfGooglePay: true,
						type: 'open',
						request,
						environment: this.environment,
					} );
					if ( request.callbackIntents?.length ) {
						await changed( {
							callbackTrigger: 'INITIALIZE',
							paymentMethodData: { type: 'CARD' },
						} as google.payments.api.IntermediatePaymentData );
					}
				} else if ( m.type === 'change' ) {
					await changed( m.data );
				} else if ( m.type === 'paid' ) {
					end();
					resolve( m.paymentData );
				} else if ( m.type === 'failed' ) {
					end();
					reject( m.error );
				} else if ( m.type === 'close' ) {
					end();
					reject(
						failure(
							'CANCELED',
							'User closed the Payment Request UI.'
						)
					);
				}
			};
			win.addEventListener( 'message', onMessage );
			overlay.setAttribute( 'data-kf-google-pay-sheet', '' );
			overlay.style.cssText =
				'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center';
			frame.title = 'Google Pay';
			frame.src = `${ VENDOR }/google-pay/sheet`;
			frame.style.cssText =
				'width:min(480px,100vw);height:min(640px,100vh);border:0;border-radius:8px;background:#fff';
			overlay.appendChild( frame );
			document.body.appendChild( overlay );
		} );
	}
}

const existing = ( win.google ??= {} as NonNullable<
	StandInWindow[ 'google' ]
> );
existing.payments ??= {};
existing.payments.api = {
	...existing.payments.api,
	PaymentsClient: PaymentsClient as unknown as Api[ 'PaymentsClient' ],
};
