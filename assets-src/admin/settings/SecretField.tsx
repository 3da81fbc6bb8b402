/**
 * A write-only secret input (captcha secret key, payment access token): it starts blank and
 * is never filled from what the server stores, which the server never sends anyway
 * (plugin/src/Rest/SettingsController.php answers only whether a secret is set). Blank on save
 * keeps the stored secret (store/settings/actions.ts toRequest).
 */
import { TextControl } from '@wordpress/components';
import type { ReactNode } from 'react';

export interface SecretFieldProps {
	label: string;
	/** What the admin typed in this visit; '' keeps the stored secret. */
	value: string;
	onChange: ( value: string ) => void;
	/** Whether a secret is stored, or the field's error. */
	help: ReactNode;
}

/**
 * The input.
 *
 * @param props          Props.
 * @param props.label    Label.
 * @param props.value    Typed value.
 * @param props.onChange Change handler.
 * @param props.help     Help or error.
 */
export function SecretField( {
	label,
	value,
	onChange,
	help,
}: SecretFieldProps ) {
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			type="password"
			// Browsers neither fill a saved password in nor offer to save this one as a login.
			autoComplete="new-password"
			spellCheck={ false }
			label={ label }
			value={ value }
			onChange={ onChange }
			help={ help }
		/>
	);
}
