/**
 * Google Pay in the sandbox (wave 2 design A.2/A.3, A.7): the provider's endpoints the main frame
 * calls (`api`) and the vendor's pages on the vendor origin (`vendor`). Scaffold: none yet.
 */

/**
 * The Google Pay area.
 *
 * @param {{ledger: Object, vendorOrigin: () => string}} ctx Provider context.
 * @return {{api: Function, vendor: Function}} Handlers: an answer, or undefined when not theirs.
 */
export function googlePayArea( ctx ) {
	void ctx;
	return {
		api: () => undefined,
		vendor: () => undefined,
	};
}
