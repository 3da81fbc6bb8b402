/**
 * Messages between the stand-in's pay.js (merchant page) and its sheet (vendor origin), both
 * ours. Every message carries `kfGooglePay: true` so other messages of the page are ignored.
 */
type Api = typeof google.payments.api;

/** pay.js -> sheet. */
export type ToSheet =
	| {
			kfGooglePay: true;
			type: 'open';
			request: google.payments.api.PaymentDataRequest;
			environment: google.payments.api.Environment;
	  }
	| {
			kfGooglePay: true;
			type: 'update';
			update: google.payments.api.PaymentDataRequestUpdate;
	  };

/** sheet -> pay.js. */
export type FromSheet =
	| { kfGooglePay: true; type: 'ready' }
	| {
			kfGooglePay: true;
			type: 'change';
			data: google.payments.api.IntermediatePaymentData;
	  }
	| {
			kfGooglePay: true;
			type: 'paid';
			paymentData: google.payments.api.PaymentData;
	  }
	| {
			kfGooglePay: true;
			type: 'failed';
			error: google.payments.api.PaymentsError;
	  }
	| { kfGooglePay: true; type: 'close' };

/** Stand-in switches (POST /__vendors/scenario, or window.__kfGooglePayScenario). */
export interface Scenario {
	/** isReadyToPay answers {result: false}. */
	readyToPay?: boolean;
	/** loadPaymentData rejects with this statusCode (e.g. BUYER_ACCOUNT_ERROR). */
	loadError?: string;
}

export type { Api };
