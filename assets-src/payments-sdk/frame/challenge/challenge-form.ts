/**
 * The challenge frame's form (issue 15): what the buyer sees inside the provider-origin frame
 * of verifyBuyer's dialog. A labelled code input, Verify and Cancel; Escape cancels. The code
 * goes to the provider (which checks it); the outcome goes to the host. Pure DOM, no channel:
 * challenge-frame.ts wires it.
 */
import type { ChallengeOutcome } from '../../protocol';
import { CHALLENGE_TEXTS, type ChallengeTexts } from './texts';

export { CHALLENGE_TEXTS };

/** The form's look (the frame page links only the card stylesheet). */
const STYLE = `
.sq-challenge{box-sizing:border-box;padding:20px 24px;font:16px/1.4 system-ui,sans-serif;color:#1a1a1a}
.sq-challenge h1{font-size:20px;margin:0 0 8px}
.sq-challenge p{margin:0 0 16px}
.sq-challenge label{display:block;font-weight:600;margin-bottom:6px}
.sq-challenge input{box-sizing:border-box;width:100%;font-size:18px;letter-spacing:2px;padding:10px 12px;border:1px solid #767676;border-radius:6px}
.sq-challenge input:focus{outline:2px solid #006aff;outline-offset:1px}
.sq-challenge input[aria-invalid=true]{border-color:#b00020}
.sq-challenge [role=status]{min-height:1.4em;margin:8px 0 12px;font-size:14px}
.sq-challenge button{font-size:16px;padding:10px 18px;border-radius:6px;margin-right:8px;cursor:pointer;border:1px solid #006aff}
.sq-challenge button[type=submit]{background:#006aff;color:#fff}
.sq-challenge button[type=button]{background:#fff;color:#006aff}
`;

/** What the form does with the buyer's answer. */
export interface ChallengeFormDeps {
	/** Sends the code to the provider; resolves with the outcome. */
	submit: ( code: string ) => Promise< ChallengeOutcome >;
	/** Tells the provider the buyer canceled; resolves with the outcome. */
	cancel: () => Promise< ChallengeOutcome >;
	/** Reports the outcome to the host (once). */
	report: ( outcome: ChallengeOutcome ) => void;
	/** Texts in the page's language (default English). */
	texts?: ChallengeTexts;
}

/** The mounted form. */
export interface ChallengeForm {
	input: HTMLInputElement;
	/** Cancels as the Cancel button does (the host's Escape). */
	cancel: () => Promise< void >;
	/** Moves focus to the code input. */
	focus: () => void;
}

/**
 * Renders the form into `doc.body` and wires it.
 *
 * @param doc  Frame document.
 * @param deps What to do with answers.
 */
export function mountChallengeForm(
	doc: Document,
	deps: ChallengeFormDeps
): ChallengeForm {
	const TEXTS = deps.texts ?? CHALLENGE_TEXTS;
	const el = < K extends keyof HTMLElementTagNameMap >(
		tag: K,
		props: Partial< HTMLElementTagNameMap[ K ] > = {},
		attrs: Record< string, string > = {}
	): HTMLElementTagNameMap[ K ] => {
		const node = Object.assign( doc.createElement( tag ), props );
		for ( const [ k, v ] of Object.entries( attrs ) ) {
			node.setAttribute( k, v );
		}
		return node;
	};
	const main = el( 'main', { className: 'sq-challenge' } );
	const heading = el( 'h1', {
		id: 'sq-challenge-title',
		textContent: TEXTS.heading,
	} );
	const intro = el( 'p', {
		id: 'sq-challenge-intro',
		textContent: TEXTS.intro,
	} );
	const form = el(
		'form',
		{ noValidate: true },
		{
			'aria-labelledby': 'sq-challenge-title',
		}
	);
	const label = el( 'label', { textContent: TEXTS.label } );
	label.htmlFor = 'sq-challenge-code';
	const input = el(
		'input',
		{
			id: 'sq-challenge-code',
			name: 'code',
			type: 'text',
			autocomplete: 'one-time-code',
		},
		{
			inputmode: 'numeric',
			'aria-describedby': 'sq-challenge-intro sq-challenge-status',
		}
	);
	const status = el(
		'p',
		{ id: 'sq-challenge-status' },
		{ role: 'status', 'aria-live': 'polite' }
	);
	const verify = el( 'button', {
		type: 'submit',
		textContent: TEXTS.verify,
	} );
	const cancelButton = el( 'button', {
		type: 'button',
		textContent: TEXTS.cancel,
	} );
	form.append( label, input, status, verify, cancelButton );
	main.append( heading, intro, form );
	doc.head.appendChild( el( 'style', { textContent: STYLE } ) );
	doc.body.appendChild( main );

	let ended = false;
	let busy = false;
	const end = ( outcome: ChallengeOutcome ) => {
		if ( ended ) {
			return;
		}
		ended = true;
		input.disabled = true;
		verify.disabled = true;
		cancelButton.disabled = true;
		deps.report( outcome );
	};
	const settle = async ( answer: () => Promise< ChallengeOutcome > ) => {
		busy = true;
		try {
			end( await answer() );
		} catch ( error ) {
			end( { outcome: 'error', message: ( error as Error ).message } );
		} finally {
			busy = false;
		}
	};
	const cancel = async () => {
		if ( ended ) {
			return;
		}
		await settle( deps.cancel );
	};
	form.addEventListener( 'submit', ( e ) => {
		e.preventDefault();
		if ( ended || busy ) {
			return;
		}
		const code = input.value.trim();
		if ( ! code ) {
			status.textContent = TEXTS.empty;
			input.setAttribute( 'aria-invalid', 'true' );
			input.focus();
			return;
		}
		input.removeAttribute( 'aria-invalid' );
		status.textContent = TEXTS.busy;
		void settle( () => deps.submit( code ) );
	} );
	cancelButton.addEventListener( 'click', () => void cancel() );
	doc.addEventListener( 'keydown', ( e ) => {
		if ( e.key === 'Escape' ) {
			e.preventDefault();
			void cancel();
		}
	} );
	return { input, cancel, focus: () => input.focus() };
}
