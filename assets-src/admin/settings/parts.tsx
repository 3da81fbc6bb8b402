/**
 * Pieces every section of the settings page uses: the white card and a setting's help (or the
 * server's message for it).
 */
import { useSelect } from '@wordpress/data';
import type { ReactNode } from 'react';
import { store } from '../store/settings';

/** A white card per section: help text keeps its contrast (WCAG AA) on it. */
const SECTION_STYLE = {
	background: '#fff',
	border: '1px solid #c3c4c7',
	padding: '8px 16px 16px',
	margin: '16px 0',
	maxWidth: '60rem',
};

/**
 * A setting's help, or the server's message for it after a failed save. Each reads its own
 * error, so the page's selection holds only stable values (a function made in mapSelect is new
 * on every call, which useSelect reports as needless re-renders).
 *
 * @param props          Props.
 * @param props.errorKey "section.key".
 * @param props.text     Help shown while there is no error.
 */
export function SettingHelp( {
	errorKey,
	text,
}: {
	errorKey: string;
	text?: string;
} ) {
	const error = useSelect(
		( select ) => select( store ).getError( errorKey ),
		[ errorKey ]
	);
	return error ? (
		// Inline: the settings page loads no stylesheet of its own (Captcha\SettingsPage enqueues
		// only wp-components), so the shared .kestrel-forms-error rule does not reach it.
		<span
			className="kestrel-forms-settings-error"
			style={ { color: '#b32d2e' } }
		>
			{ error }
		</span>
	) : (
		<>{ text }</>
	);
}

/**
 * One section of the page: a white card headed by its title.
 *
 * @param props           Props.
 * @param props.id        Section id; the heading's id is `kestrel-forms-{id}`.
 * @param props.title     Heading.
 * @param props.className Extra class of the section.
 * @param props.children  The section's settings.
 */
export function SettingsSection( {
	id,
	title,
	className,
	children,
}: {
	id: string;
	title: string;
	className?: string;
	children: ReactNode;
} ) {
	const headingId = `kestrel-forms-${ id }`;
	return (
		<section
			style={ SECTION_STYLE }
			aria-labelledby={ headingId }
			className={ className }
		>
			<h2 id={ headingId }>{ title }</h2>
			{ children }
		</section>
	);
}
