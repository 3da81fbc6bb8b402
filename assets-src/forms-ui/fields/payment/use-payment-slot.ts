/**
 * form-view's hook points for the payment field: what Form.tsx calls on Next, on submit and on
 * a failed answer. The work itself (amounts, tokens, messages: use-payment.ts) ships in the
 * payment field script, which provides it through the registry; this file only waits for it,
 * so a form without a payment field carries next to nothing of the payments code.
 */
import { useMemo, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FormDefinition } from '../../../shared';
import type {
	PaymentBinding,
	PaymentConfig,
	PaymentContext,
	PaymentController,
	PaymentRegistry,
	PaymentStep,
} from './types';

/** How long a submit waits for the payment field script before saying payments are unavailable. */
export const PAYMENT_SCRIPT_WAIT_MS = 10000;

const unavailable = async (): Promise< PaymentStep > => ( {
	ok: false,
	message: __(
		'Payments are not available right now. Please reload the page.',
		'kestrel-forms'
	),
} );

/** Stands in while the field script has not come (a preview, a failed load). */
const NO_SCRIPT: PaymentController = {
	leavePage: unavailable,
	forSubmit: unavailable,
	failureMessage: () => null,
	retry: ( send ) => send(),
	present: () => {},
};

/**
 * The payment hook points of a form (inert for a form without a payment field).
 *
 * @param form     Form definition.
 * @param config   The page's public payment configuration (null: none printed, e.g. a preview).
 * @param registry Where the field script registers (null: none on this page).
 */
export function usePaymentSlot(
	form: FormDefinition,
	config: PaymentConfig | null,
	registry: PaymentRegistry | null
) {
	const field = useMemo(
		() => form.fields.find( ( f ) => f.type === 'payment' ) ?? null,
		[ form ]
	);
	const binding = useMemo< PaymentBinding >(
		() => ( { config, registry, gate: null } ),
		[ config, registry ]
	);
	const slot = useRef< PaymentContext & { controller?: PaymentController } >(
		{ form, binding }
	).current;
	slot.form = form;
	slot.binding = binding;
	const now = () => slot.controller ?? NO_SCRIPT;

	/** The controller, once the field script provided it (a fast visitor waits for it). */
	const load = async () => {
		if ( ! slot.controller && config && registry ) {
			const ui = await Promise.race( [
				registry.uiReady(),
				new Promise< null >( ( resolve ) =>
					window.setTimeout( resolve, PAYMENT_SCRIPT_WAIT_MS, null )
				),
			] );
			slot.controller ??= ui?.controller( () => slot );
		}
		return now();
	};

	return {
		field,
		binding,
		// Only a page holding the payment field waits for the script.
		leavePage: async ( ...args ) =>
			args[ 0 ].some( ( f ) => f.type === 'payment' )
				? ( await load() ).leavePage( ...args )
				: { ok: true, value: null },
		forSubmit: ( ...args ) =>
			load().then( ( c ) => c.forSubmit( ...args ) ),
		// A failure comes after a submit, which waited for the controller.
		failureMessage: ( failure ) => now().failureMessage( failure ),
		retry: ( send ) => load().then( ( c ) => c.retry( send ) ),
		present: ( message ) => now().present( message ),
	} satisfies PaymentController & {
		field: unknown;
		binding: PaymentBinding;
	};
}
