/**
 * The JSON the block and the shortcode print for a form (docs/server-rendering.md §1) and the
 * Form props it gives. form-view hydrates with these; the render fixtures render with the same
 * mapping, so the TSX they check is the TSX the page runs.
 */
import type { Currency } from '../shared';
import type { FormProps } from './components/Form';
import type { ServerState } from './server-state';

/** What `script.kestrel-form__data` holds. */
export interface PageData {
	form: FormProps[ 'form' ];
	captcha?: FormProps[ 'captcha' ];
	/** The form's currency configuration (the page carries only the currencies it uses). */
	currency?: Currency;
	/** Anything else is for field units (e.g. `payment`: the public payment configuration). */
	[ key: string ]: unknown;
	options?: { showTitle?: boolean; showDescription?: boolean };
	rest: {
		submitPath: string;
		submitUrl?: string;
		anonymous?: boolean;
		/** The REST root and the signed-in visitor's nonce (null for anonymous visitors). */
		root?: string;
		nonce?: string | null;
		/** Where a stale nonce is refreshed (signed-in visitors only). */
		nonceUrl?: string | null;
		uploadUrl?: string;
		renderToken?: string;
		renderTokenUrl?: string;
		renderTokenMaxAge?: number;
		/** The server's key for this render (a plain post's idempotency). */
		submissionKey?: string;
	};
	/** The state after a plain post (absent on a normal GET). */
	state?: ServerState;
	/** Where the form posts without JavaScript. */
	action?: string;
}

/** The props the page's data gives (the page itself adds hooks, units and callbacks). */
export type PageProps = Omit< FormProps, 'hooks' | 'units' | 'onMounted' >;

/**
 * The Form props of a page's data.
 *
 * @param data The page's data for the form.
 */
export function formPropsOf( data: PageData ): PageProps {
	return {
		form: data.form,
		submitPath: data.rest.submitPath,
		submitUrl: data.rest.submitUrl,
		anonymous: data.rest.anonymous,
		uploadUrl: data.rest.uploadUrl,
		renderToken: data.rest.renderToken,
		renderTokenUrl: data.rest.renderTokenUrl,
		renderTokenMaxAge: data.rest.renderTokenMaxAge,
		submissionKey: data.rest.submissionKey,
		captcha: data.captcha,
		page: data,
		showTitle: data.options?.showTitle,
		showDescription: data.options?.showDescription,
		action: data.action,
		initial: data.state,
	};
}
