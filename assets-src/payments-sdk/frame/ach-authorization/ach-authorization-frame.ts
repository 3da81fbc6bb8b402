/**
 * The ACH authorisation frame (spec §2 "full-screen bank authorisation frame", §4 "Authorisation
 * ends signed, canceled or error"), from the provider's origin: ACH_AUTHORIZATION shows what
 * the buyer authorises; Authorize sends it to the provider's /v2/ach/authorizations, which
 * answers the authorised bank token; Cancel (or Escape) ends it. A refusal stays on screen in
 * the alert with Try again and Close (Close or Escape then ends it as error with that reason).
 * Focus starts on the heading (never on the committing action) and Tab wraps inside the frame.
 * The outcome goes to the host as ACH_AUTHORIZATION_RESULT.
 */
import {
	MESSAGE,
	type AchAuthorizationOutcome,
	type AchAuthorizationRequest,
} from '../../protocol';
import {
	announceReady,
	connectToHost,
	providerTransport,
	refusalDetail,
} from '../link';
import { AUTHORIZATION_TITLE, authorizationText } from './texts';

const STYLE = `
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1a1a1a;background:transparent}
main{box-sizing:border-box;max-width:460px;margin:10vh auto 0;background:#fff;border-radius:10px;padding:24px;box-shadow:0 10px 40px rgba(0,0,0,.4)}
h1{font-size:20px;margin:0 0 12px}
h1:focus{outline:none}
.actions{display:flex;gap:8px;justify-content:flex-end;margin-top:20px}
button{font:inherit;padding:9px 18px;border-radius:6px;border:1px solid #888;background:#fff;cursor:pointer}
.authorize{background:#006aff;border-color:#006aff;color:#fff}
button:disabled{opacity:.6}
[role=alert]{color:#b00020;min-height:1.4em}
`;

/**
 * Runs the authorisation frame in this window.
 *
 * @param win Frame window.
 */
export function startAchAuthorizationFrame( win: Window ): void {
	const doc = win.document;
	const { channel } = connectToHost( win );
	const provider = providerTransport( win );
	let shown = false;
	let done = false;
	const finish = ( outcome: AchAuthorizationOutcome ) => {
		if ( ! done ) {
			done = true;
			channel.emit( MESSAGE.ACH_AUTHORIZATION_RESULT, outcome );
		}
	};
	channel.handle( MESSAGE.ACH_AUTHORIZATION, ( p ) => {
		const r = p as AchAuthorizationRequest;
		if ( shown ) {
			return true;
		}
		shown = true;
		doc.documentElement.lang = r.locale || 'en-US';
		const style = doc.createElement( 'style' );
		style.textContent = STYLE;
		const main = doc.createElement( 'main' );
		const h = doc.createElement( 'h1' );
		h.id = 'title';
		h.tabIndex = -1;
		h.textContent = AUTHORIZATION_TITLE;
		const text = doc.createElement( 'p' );
		text.id = 'text';
		text.textContent = authorizationText(
			r,
			new Date().toISOString().slice( 0, 10 )
		);
		const alert = doc.createElement( 'p' );
		alert.setAttribute( 'role', 'alert' );
		const actions = doc.createElement( 'div' );
		actions.className = 'actions';
		const cancel = doc.createElement( 'button' );
		cancel.type = 'button';
		cancel.textContent = 'Cancel';
		const authorize = doc.createElement( 'button' );
		authorize.type = 'button';
		authorize.className = 'authorize';
		authorize.textContent = 'Authorize';
		actions.append( cancel, authorize );
		main.setAttribute( 'role', 'document' );
		main.setAttribute( 'aria-labelledby', 'title' );
		main.setAttribute( 'aria-describedby', 'text' );
		main.append( h, text, alert, actions );
		doc.head.appendChild( style );
		doc.body.appendChild( main );
		// After a refusal: Close ends as error with the reason shown.
		let failure: string | null = null;
		const end = () =>
			finish(
				failure === null
					? { outcome: 'canceled' }
					: { outcome: 'error', message: failure }
			);
		cancel.addEventListener( 'click', end );
		doc.addEventListener( 'keydown', ( e ) => {
			if ( e.key === 'Escape' ) {
				e.preventDefault();
				// Not while the authorisation is being signed: the provider may sign it, and
				// the host must not have been told it was canceled (Cancel is disabled too).
				if ( ! cancel.disabled ) {
					end();
				}
				return;
			}
			if ( e.key !== 'Tab' ) {
				return;
			}
			// A modal frame: Tab and Shift+Tab go round its buttons, never out of it.
			const stops = [ cancel, authorize ].filter( ( b ) => ! b.disabled );
			if ( ! stops.length ) {
				e.preventDefault();
				return;
			}
			const at = stops.indexOf( doc.activeElement as HTMLButtonElement );
			const next = e.shiftKey
				? stops[ at <= 0 ? stops.length - 1 : at - 1 ]
				: stops[ at < 0 || at === stops.length - 1 ? 0 : at + 1 ];
			e.preventDefault();
			next.focus();
		} );
		authorize.addEventListener( 'click', async () => {
			authorize.disabled = true;
			cancel.disabled = true;
			alert.textContent = '';
			try {
				const a = await provider.post< {
					token: string;
					account_details?: {
						bank_name: string;
						account_number_suffix: string;
						account_type: string;
					};
				} >(
					'/v2/ach/authorizations',
					{
						client_id: r.applicationId,
						location_id: r.locationId,
						session_id: r.sessionId,
						intent: r.intent,
						total: {
							amount: r.total.amount,
							currency_code: r.total.currencyCode,
						},
						bank_nonce: r.bankNonce,
						bank_account_id: r.bankAccountId,
						account_holder_name: r.accountHolderName,
						cadence: r.cadence,
						frequency: r.frequency,
						start_date: r.startDate,
						idempotency_key: r.idempotencyKey,
						signed: true,
					},
					{ attempts: 1 }
				);
				const d = a.account_details;
				finish( {
					outcome: 'signed',
					token: a.token,
					accountDetails: d
						? {
								bankName: d.bank_name,
								accountNumberSuffix: d.account_number_suffix,
								accountType: d.account_type,
							}
						: undefined,
				} );
			} catch ( error ) {
				const message = refusalDetail( error );
				// Shown, not closed at once: the buyer reads it, then tries again or closes.
				failure = message;
				alert.textContent = message;
				cancel.textContent = 'Close';
				authorize.textContent = 'Try again';
				cancel.disabled = false;
				authorize.disabled = false;
				cancel.focus();
			}
		} );
		h.focus();
		return true;
	} );
	announceReady( channel );
}
