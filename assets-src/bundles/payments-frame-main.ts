/** Main (session) frame bundle. */
import { startMainFrame } from '../payments-sdk/frame/main-frame';

startMainFrame( window );
