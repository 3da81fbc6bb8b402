/**
 * Stand-in for Clearpay's portal script (GB and EU): the same Afterpay.js surface as
 * ../afterpay/afterpay.ts (Clearpay branding comes from initialize's countryCode), served at
 * `/vendors/clearpay/afterpay.js`.
 */
import '../afterpay/afterpay';
