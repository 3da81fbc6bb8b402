/**
 * The part of Cash App's Pay Kit (`window.CashApp`, https://kit.cash.app/v1/pay.js) the SDK
 * uses, typed by us from Cash App's public "Pay Kit web" docs: Pay Kit publishes no types. The
 * sandbox stand-in (sandbox/vendors/cash-app/pay.ts) implements these same types.
 */

export interface PayKitMoney {
	currency: 'USD';
	/** Minor units (cents). */
	value: number;
}

export interface PayKitCustomerRequest {
	referenceId?: string;
	redirectURL: string;
	actions: {
		payment?: { amount: PayKitMoney; scopeId: string };
		onFile?: { scopeId: string; accountReferenceId?: string };
	};
}

/** What customerRequest resolves to; `expiresAt` (ISO time) is when the request lapses. */
export interface PayKitRequestHandle {
	update: ( request: Partial< PayKitCustomerRequest > ) => Promise< boolean >;
	expiresAt?: string;
}

export interface PayKitButtonOptions {
	shape?: 'round' | 'semiround';
	size?: 'medium' | 'small';
	theme?: 'dark' | 'light';
	width?: 'full' | 'static';
}

export interface PayKitApproved {
	customerProfile?: { id: string; cashtag: string };
	grants?: {
		payment?: { grantId: string; expiresAt?: string };
		onFile?: { grantId: string };
	};
	referenceId?: string | null;
}

export interface PayKitEvents {
	CUSTOMER_INTERACTION: { isMobile: boolean };
	CUSTOMER_DISMISSED: Record< string, never >;
	CUSTOMER_REQUEST_APPROVED: PayKitApproved;
	CUSTOMER_REQUEST_DECLINED: Record< string, never >;
	CUSTOMER_REQUEST_FAILED: { error?: string };
}

export type PayKitEventName = keyof PayKitEvents;

export interface PayKit {
	render: (
		target: string | HTMLElement,
		options: { button?: PayKitButtonOptions | false; manage?: boolean }
	) => Promise< { begin: () => void } >;
	customerRequest: (
		request: PayKitCustomerRequest
	) => Promise< PayKitRequestHandle >;
	addEventListener: < K extends PayKitEventName >(
		type: K,
		listener: ( data: PayKitEvents[ K ] ) => void
	) => void;
	restart: () => Promise< void >;
}

export interface PayKitGlobal {
	pay: ( options: { clientId: string } ) => Promise< PayKit >;
}

/**
 * `window.CashApp` once Pay Kit ran in the window.
 *
 * @param win Merchant window.
 */
export function payKitOf( win: Window ): PayKitGlobal | undefined {
	const g = ( win as unknown as { CashApp?: PayKitGlobal } ).CashApp;
	return typeof g?.pay === 'function' ? g : undefined;
}
