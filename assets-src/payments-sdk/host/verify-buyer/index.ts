/**
 * `payments.verifyBuyer(source, details)` (spec §3, §5, §7; issue 15): checks, asks the main
 * frame (REQUEST_VERIFICATION → the provider), and when the provider answers with a challenge,
 * shows it (challenge.ts). Resolves with {token, userChallenged}; every failure is a
 * VerifyBuyerError (API §2).
 */
import { MESSAGE, type Channel } from '../../protocol';
import { VerifyBuyerError } from '../errors';
import type {
	ChargeVerifyBuyerDetails,
	StoreVerifyBuyerDetails,
	VerifyBuyerResponseDetails,
} from '../types';
import { runChallenge, type Challenge, type ChallengeDeps } from './challenge';
import { checkVerifyBuyer, normalizeDetails } from './check';

export { checkVerifyBuyer, normalizeDetails } from './check';
export { CHALLENGE_LABEL, CHALLENGE_MESSAGES } from './challenge';

/** What verifyBuyer needs from the payments instance. */
export interface VerifyBuyerDeps extends ChallengeDeps {
	applicationId: string;
	locationId?: string;
	/** The session (main frame loaded and hydrated). */
	session: () => Promise< unknown >;
	/** The main frame's channel, once the session is up. */
	mainChannel: () => Channel;
}

/** The provider's answer: a verification, or a challenge to show first. */
type VerificationAnswer = VerifyBuyerResponseDetails | { challenge: Challenge };

/**
 * verifyBuyer.
 *
 * @param deps    Dependencies.
 * @param source  Token or card on file.
 * @param details Verification details.
 */
export async function verifyBuyer(
	deps: VerifyBuyerDeps,
	source: string,
	details: ChargeVerifyBuyerDetails | StoreVerifyBuyerDetails
): Promise< VerifyBuyerResponseDetails > {
	checkVerifyBuyer( source, details, deps.locationId );
	let answer: VerificationAnswer;
	try {
		// A session that fails (e.g. the main frame never loads) is a verification error
		// too: verifyBuyer rejects with VerifyBuyerError only (API §2).
		await deps.session();
		answer = await deps
			.mainChannel()
			.request< VerificationAnswer >( MESSAGE.REQUEST_VERIFICATION, {
				source,
				details: normalizeDetails( details ),
				locationId: deps.locationId,
				applicationId: deps.applicationId,
			} );
	} catch ( error ) {
		throw new VerifyBuyerError( {
			type: 'VERIFICATION_ERROR',
			message: ( error as Error ).message,
		} );
	}
	if ( 'challenge' in answer && answer.challenge ) {
		return runChallenge( deps, answer.challenge );
	}
	const verified = answer as VerifyBuyerResponseDetails;
	return { token: verified.token, userChallenged: verified.userChallenged };
}
