/** ACH authorisation frame bundle (issue 16). */
import { startAchAuthorizationFrame } from '../payments-sdk/frame/ach-authorization/ach-authorization-frame';

startAchAuthorizationFrame( window );
