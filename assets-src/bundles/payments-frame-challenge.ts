/** Buyer verification challenge frame bundle (issue 15). */
import { startChallengeFrame } from '../payments-sdk/frame/challenge/challenge-frame';

startChallengeFrame( window );
