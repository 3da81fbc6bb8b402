import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { ids } from '../../ids';
import type { CaptchaConfig, CaptchaGate, FieldProps } from '../types';
import { FieldShell, LabelText } from '../../components/field-parts';
import {
	captchaApi,
	renderParams,
	type CaptchaWidgetId,
} from './captcha-providers';

/** The provider script is polled for every 100 ms until it is ready (spec §9). */
export const CAPTCHA_POLL_MS = 100;

/** After an invisible challenge starts, another submit is allowed after 4 s (spec §9). */
export const CAPTCHA_SUBMITTING_RESET_MS = 4000;

/**
 * Loads the provider script once per page.
 *
 * @param url Script URL.
 */
function loadScript( url: string ) {
	if ( document.querySelector( 'script[data-kestrel-captcha]' ) ) {
		return;
	}
	const script = document.createElement( 'script' );
	script.src = url;
	script.async = true;
	script.defer = true;
	script.dataset.kestrelCaptcha = 'true';
	document.head.appendChild( script );
}

/**
 * A captcha field: reCAPTCHA v2 (checkbox or invisible), Cloudflare Turnstile or hCaptcha
 * (checkbox or invisible), whichever the site uses. The element carries sitekey, theme, tabindex
 * and size; the widget is rendered once the provider script is ready (each provider's global:
 * captcha-providers.ts). The answer is the field's value; the server verifies it with the
 * provider before it stores anything.
 *
 * @param props        Field props.
 * @param props.config The site's captcha settings for the browser.
 * @param props.gate   Called with this field's gate for the form's final submit.
 * @param props.label  The field label.
 */
export function CaptchaField(
	props: FieldProps & {
		config: CaptchaConfig | null;
		gate?: ( gate: CaptchaGate | null ) => void;
		label: JSX.Element;
	}
) {
	const { formId, field, onChange, config, gate } = props;
	const container = useRef< HTMLDivElement >( null );
	const widget = useRef< CaptchaWidgetId | null >( null );
	// A challenge is running: a second submit within 4 s does not start another (spec §9).
	const submitting = useRef( false );
	// The visitor pressed submit and waits for the answer, however long the challenge takes.
	const submitOnAnswer = useRef( false );
	const runWhenReady = useRef( false );
	const [ ready, setReady ] = useState( false );
	const invisible = config?.size === 'invisible';
	const provider = config?.provider ?? 'recaptcha';

	useEffect( () => {
		if ( ! config ) {
			return;
		}
		loadScript( config.scriptUrl );
		const timer = window.setInterval( () => {
			const api = captchaApi( provider );
			if (
				! api?.render ||
				! container.current ||
				widget.current !== null
			) {
				return;
			}
			window.clearInterval( timer );
			const rendered = api.render(
				container.current,
				renderParams( provider, config, {
					callback: ( token: string ) => {
						onChange( field.id, token, false );
						if ( invisible && submitOnAnswer.current ) {
							submitOnAnswer.current = false;
							submitting.current = false;
							// The visitor pressed submit: carry on now that there is an answer
							// (after this change has rendered).
							const formElement =
								container.current?.closest( 'form' );
							window.setTimeout(
								() => formElement?.requestSubmit(),
								0
							);
						}
					},
					expired: () => onChange( field.id, '', false ),
					error: () => onChange( field.id, '', false ),
				} )
			);
			widget.current = rendered ?? null;
			if ( widget.current === null ) {
				return; // The provider refused to render (its own message shows why).
			}
			setReady( true );
			if ( runWhenReady.current ) {
				runWhenReady.current = false;
				api.execute?.( widget.current );
			}
		}, CAPTCHA_POLL_MS );
		return () => window.clearInterval( timer );
		// eslint-disable-next-line react-hooks/exhaustive-deps -- one widget per mounted field.
	}, [] );

	const resetTimer = useRef< number | undefined >( undefined );
	useEffect( () => {
		if ( ! gate ) {
			return;
		}
		const answer = () =>
			widget.current !== null
				? ( captchaApi( provider )?.getResponse?.( widget.current ) ??
					'' )
				: '';
		gate( {
			// Only an invisible captcha runs on submit; until it has an answer, every submit
			// waits for it (spec §4).
			mustRun: () => invisible && ! answer(),
			run: () => {
				if ( submitting.current ) {
					return;
				}
				submitting.current = true;
				submitOnAnswer.current = true;
				if ( widget.current === null ) {
					// The provider script is not ready yet: the challenge starts once it is.
					runWhenReady.current = true;
				} else {
					captchaApi( provider )?.execute?.( widget.current );
				}
				// If the challenge is dismissed, let the visitor start it again; an answer that
				// arrives later (a slow network, a picture challenge) still submits.
				window.clearTimeout( resetTimer.current );
				resetTimer.current = window.setTimeout( () => {
					submitting.current = false;
				}, CAPTCHA_SUBMITTING_RESET_MS );
			},
			answer,
			reset: () => {
				if ( widget.current !== null ) {
					captchaApi( provider )?.reset?.( widget.current );
				}
				onChange( field.id, '', false );
			},
		} );
		return () => {
			window.clearTimeout( resetTimer.current );
			gate( null );
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps -- onChange and the field are stable.
	}, [ gate, invisible, provider ] );

	return (
		<div className="kestrel-form__captcha">
			{ ! invisible && (
				<p
					className="kestrel-form__label"
					id={ ids.label( formId, field.id ) }
				>
					{ props.label }
				</p>
			) }
			{ config ? (
				<div
					ref={ container }
					id={ ids.input( formId, field.id ) }
					role="group"
					aria-labelledby={
						invisible ? undefined : ids.label( formId, field.id )
					}
					aria-describedby={
						props.error
							? ids.validation( formId, field.id )
							: undefined
					}
					className={ `kestrel-form__captcha-widget kestrel-form__${ provider }` }
					data-provider={ provider }
					data-sitekey={ config.siteKey }
					data-theme={ config.theme }
					data-tabindex="0"
					data-size={ config.size }
					data-badge={ invisible ? config.badge : undefined }
					data-ready={ ready || undefined }
				/>
			) : (
				<p className="kestrel-form__error">
					{ __(
						'This form asks for a captcha, but the site has not set one up yet.',
						'kestrel-forms'
					) }
				</p>
			) }
		</div>
	);
}

/**
 * The captcha field in its shell (the registry's control for `captcha`).
 *
 * @param props Field props.
 */
export function CaptchaControl( props: FieldProps ) {
	const { field } = props;
	return (
		<FieldShell { ...props }>
			<CaptchaField
				{ ...props }
				config={ props.captcha ?? null }
				gate={ props.captchaGate }
				label={ <LabelText field={ field } /> }
			/>
		</FieldShell>
	);
}
