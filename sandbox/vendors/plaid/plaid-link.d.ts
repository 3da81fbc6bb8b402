/**
 * The Plaid Link surface the stand-in implements (wave 2 design A.4), declared here because
 * `@types/plaid-link` is not installed (needs `npm install -D --save-exact @types/plaid-link@2.0.x`).
 * Names and shapes follow the published typings: `Plaid.create(config)` returning a
 * `LinkHandler` with `open`, `exit`, `destroy`; `onSuccess(public_token, metadata)`,
 * `onExit(error, metadata)`, `onEvent(eventName, metadata)`.
 */
declare namespace Plaid {
	interface Institution {
		name: string;
		institution_id: string;
	}
	interface Account {
		id: string;
		name: string;
		mask: string;
		type: string;
		subtype: string;
		verification_status: string | null;
	}
	interface Error {
		error_type: string;
		error_code: string;
		error_message: string;
		display_message: string | null;
	}
	interface OnSuccessMetaData {
		institution: Institution | null;
		accounts: Account[];
		link_session_id: string;
		transfer_status?: string | null;
		wallet?: unknown;
	}
	interface OnExitMetaData {
		institution: Institution | null;
		status: string | null;
		link_session_id: string;
		request_id: string;
	}
	interface OnEventMetaData {
		error_type: string | null;
		error_code: string | null;
		error_message: string | null;
		exit_status: string | null;
		institution_id: string | null;
		institution_name: string | null;
		institution_search_query: string | null;
		mfa_type: string | null;
		view_name: string | null;
		request_id: string;
		link_session_id: string;
		timestamp: string;
		selection?: string | null;
	}
	type OnSuccess = (
		public_token: string,
		metadata: OnSuccessMetaData
	) => void;
	type OnExit = ( error: Error | null, metadata: OnExitMetaData ) => void;
	type OnEvent = ( eventName: string, metadata: OnEventMetaData ) => void;
	interface CreateConfig {
		token: string | null;
		onSuccess: OnSuccess;
		onExit?: OnExit;
		onEvent?: OnEvent;
		onLoad?: () => void;
		receivedRedirectUri?: string | null;
	}
	interface LinkHandler {
		open: ( institution_id?: string ) => void;
		exit: ( options?: { force: boolean } ) => void;
		destroy: () => void;
		submit?: ( data: unknown ) => void;
	}
	interface PlaidStatic {
		create: ( config: CreateConfig ) => LinkHandler;
		version: string;
	}
}
