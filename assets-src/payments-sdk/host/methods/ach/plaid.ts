/**
 * Plaid Link as the SDK drives it (wave 2 design A.4): the part of Plaid's published surface
 * it uses (`Plaid.create` → `open`, `exit`, `destroy`; onSuccess, onExit, onEvent), and one
 * Link session as a promise of its end.
 */

export interface PlaidAccount {
	id: string;
	name?: string;
	mask?: string;
	type?: string;
	subtype?: string;
}
export interface PlaidError {
	error_type?: string;
	error_code?: string;
	error_message?: string;
	display_message?: string | null;
}
export interface PlaidLinkHandler {
	open: ( institutionId?: string ) => void;
	exit: ( options?: { force: boolean } ) => void;
	destroy: () => void;
}
export interface PlaidGlobal {
	create: ( config: {
		token: string;
		onSuccess: (
			publicToken: string,
			metadata: { accounts?: PlaidAccount[] }
		) => void;
		onExit?: ( error: PlaidError | null, metadata: unknown ) => void;
		onEvent?: ( eventName: string, metadata: unknown ) => void;
		onLoad?: () => void;
		receivedRedirectUri?: string | null;
	} ) => PlaidLinkHandler;
}

/** How a Link session ended. */
export type LinkEnd =
	| { kind: 'success'; publicToken: string; accountId: string | undefined }
	| { kind: 'exit'; error: PlaidError | null; metadata: unknown };

/**
 * Window.Plaid, when the script defined it.
 *
 * @param win Merchant window.
 */
export const plaidOf = ( win: Window ): PlaidGlobal | undefined =>
	( win as unknown as { Plaid?: PlaidGlobal } ).Plaid;

/**
 * Opens Link and waits for its end.
 *
 * @param plaid     Plaid global.
 * @param token     Link token.
 * @param onEvent   Plaid's events, as they come.
 * @param onHandler The handler, and a way to end the session as an exit (destroy: Plaid's
 *                  destroy() calls no callback).
 */
export function runLink(
	plaid: PlaidGlobal,
	token: string,
	onEvent: ( name: string, metadata: unknown ) => void,
	onHandler: ( h: PlaidLinkHandler, abort: () => void ) => void
): Promise< LinkEnd > {
	return new Promise< LinkEnd >( ( resolve ) => {
		const handler = plaid.create( {
			token,
			onSuccess: ( publicToken, metadata ) =>
				resolve( {
					kind: 'success',
					publicToken,
					accountId: metadata?.accounts?.[ 0 ]?.id,
				} ),
			onExit: ( error, metadata ) =>
				resolve( { kind: 'exit', error, metadata } ),
			onEvent,
		} );
		onHandler( handler, () => {
			handler.destroy();
			resolve( { kind: 'exit', error: null, metadata: null } );
		} );
		handler.open();
	} );
}
