/**
 * The challenge frame (issue 15), from the provider's origin: START_CHALLENGE shows the form
 * for a challenge the provider keeps; the code and a cancel go to the provider's
 * `/v2/verify-buyer/challenge` (the provider checks the code, never this page); the outcome
 * goes to the host as CHALLENGE_RESULT.
 */
import { MESSAGE, providerErrors, type ChallengeOutcome } from '../../protocol';
import { announceReady, connectToHost, providerTransport } from '../link';
import { mountChallengeForm, type ChallengeForm } from './challenge-form';
import { challengeTexts } from './texts';

/** The provider's answer to a right code. */
interface Verified {
	token: string;
	userChallenged: boolean;
}

/**
 * The outcome of a provider failure: its error code says which.
 *
 * @param error Thrown by the transport.
 */
export function outcomeOfError( error: unknown ): ChallengeOutcome {
	const first = providerErrors( error )?.[ 0 ];
	const message = first?.detail ?? ( error as Error ).message;
	switch ( first?.code ) {
		case 'VERIFICATION_CODE_INVALID':
			return { outcome: 'failed', message };
		case 'VERIFICATION_TIMED_OUT':
			return { outcome: 'timeout', message };
		default:
			return { outcome: 'error', message };
	}
}

/**
 * Runs the challenge frame in this window.
 *
 * @param win Frame window.
 */
export function startChallengeFrame( win: Window ): void {
	const { channel } = connectToHost( win );
	const provider = providerTransport( win );
	let form: ChallengeForm | null = null;
	const answer = async ( body: Record< string, unknown > ) => {
		try {
			return await provider.post< Verified & { canceled?: boolean } >(
				'/v2/verify-buyer/challenge',
				body,
				{ attempts: 1 }
			);
		} catch ( error ) {
			throw Object.assign( new Error( 'answer' ), {
				outcome: outcomeOfError( error ),
			} );
		}
	};
	const outcomeOr = async (
		run: () => Promise< ChallengeOutcome >
	): Promise< ChallengeOutcome > => {
		try {
			return await run();
		} catch ( error ) {
			const o = ( error as { outcome?: ChallengeOutcome } ).outcome;
			if ( o ) {
				return o;
			}
			throw error;
		}
	};
	channel.handle( MESSAGE.START_CHALLENGE, ( p ) => {
		const { challengeId, locale } = p as {
			challengeId: string;
			locale?: string;
		};
		if ( form ) {
			return true;
		}
		const texts = challengeTexts( locale );
		if ( locale ) {
			win.document.documentElement.lang = locale;
		}
		form = mountChallengeForm( win.document, {
			texts,
			submit: ( code ) =>
				outcomeOr( async () => {
					const v = await answer( {
						challenge_id: challengeId,
						code,
					} );
					return {
						outcome: 'verified',
						token: v.token,
						userChallenged: true,
					};
				} ),
			cancel: () =>
				outcomeOr( async () => {
					await answer( { challenge_id: challengeId, cancel: true } );
					return {
						outcome: 'canceled',
						message: 'The buyer canceled the verification.',
					};
				} ),
			report: ( outcome ) =>
				channel.emit( MESSAGE.CHALLENGE_RESULT, outcome ),
		} );
		form.focus();
		// Focus coming back into the frame (the host's Tab sentinels) lands on the input.
		win.addEventListener( 'focus', () => form?.focus() );
		return true;
	} );
	channel.handle( MESSAGE.CANCEL_CHALLENGE, () => {
		void form?.cancel();
	} );
	announceReady( channel );
}
