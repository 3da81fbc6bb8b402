/**
 * Stand-in for Safari's `ApplePaySession` (wave 2 design A.2), injected by tests before the
 * SDK. Scaffold: it only declares what it will implement.
 */
export type Scenario = {
	canMakePayments?: boolean;
	activeCard?: boolean;
	maxVersion?: number;
	vendorOrigin?: string;
};
