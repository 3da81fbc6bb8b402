/** Card frame bundle. */
import { startCardFrame } from '../payments-sdk/frame/card-frame';

startCardFrame( window, 'card' );
