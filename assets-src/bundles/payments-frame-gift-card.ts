/** Gift card frame bundle. */
import { startCardFrame } from '../payments-sdk/frame/card-frame';

startCardFrame( window, 'giftCard' );
