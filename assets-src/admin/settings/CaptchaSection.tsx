/**
 * Settings → Captcha: the provider the site uses (reCAPTCHA v2, Cloudflare Turnstile or
 * hCaptcha), that provider's keys (each provider keeps its own, so switching back loses nothing;
 * secrets write-only), the widget's look, and the optional Akismet check.
 */
import {
	CheckboxControl,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type {
	CaptchaProvider,
	SettingsData,
	SettingsDraft,
} from '../store/settings';
import { SettingHelp, SettingsSection } from './parts';
import { SecretField } from './SecretField';

type Draft = SettingsDraft[ 'captcha' ];
type Option = { label: string; value: string };
type Saved = SettingsData[ 'captcha' ];

interface ProviderInfo {
	label: string;
	/** Where the keys come from, as the vendor names it. */
	console: string;
	sizes: Option[];
	siteKey: 'site_key' | 'turnstile_site_key' | 'hcaptcha_site_key';
	secretKey: 'secret_key' | 'turnstile_secret_key' | 'hcaptcha_secret_key';
}

const NORMAL = {
	label: __( 'Normal checkbox', 'kestrel-forms' ),
	value: 'normal',
};
const COMPACT = {
	label: __( 'Compact checkbox', 'kestrel-forms' ),
	value: 'compact',
};
const INVISIBLE = {
	label: __( 'Invisible (checked on submit)', 'kestrel-forms' ),
	value: 'invisible',
};

const THEMES: Option[] = [
	{ label: __( 'Light', 'kestrel-forms' ), value: 'light' },
	{ label: __( 'Dark', 'kestrel-forms' ), value: 'dark' },
];

const BADGES: Option[] = [
	{
		label: __( 'Bottom right of the window', 'kestrel-forms' ),
		value: 'bottomright',
	},
	{
		label: __( 'Bottom left of the window', 'kestrel-forms' ),
		value: 'bottomleft',
	},
	{ label: __( 'Inline, in the form', 'kestrel-forms' ), value: 'inline' },
];

/** The providers (plugin/src/Captcha/Provider.php holds the same sizes). */
const PROVIDERS: Record< CaptchaProvider, ProviderInfo > = {
	recaptcha: {
		label: 'Google reCAPTCHA v2',
		console: __( 'the reCAPTCHA admin console', 'kestrel-forms' ),
		sizes: [ NORMAL, COMPACT, INVISIBLE ],
		siteKey: 'site_key',
		secretKey: 'secret_key',
	},
	turnstile: {
		label: 'Cloudflare Turnstile',
		console: __( 'the Cloudflare dashboard (Turnstile)', 'kestrel-forms' ),
		sizes: [
			NORMAL,
			COMPACT,
			{
				label: __( 'Flexible (full width)', 'kestrel-forms' ),
				value: 'flexible',
			},
		],
		siteKey: 'turnstile_site_key',
		secretKey: 'turnstile_secret_key',
	},
	hcaptcha: {
		label: 'hCaptcha',
		console: __( 'the hCaptcha dashboard', 'kestrel-forms' ),
		sizes: [ NORMAL, COMPACT, INVISIBLE ],
		siteKey: 'hcaptcha_site_key',
		secretKey: 'hcaptcha_secret_key',
	},
};

/**
 * Whether the saved settings hold a secret for a provider, and its mask.
 *
 * @param saved    Saved captcha settings.
 * @param provider Provider.
 */
function storedSecret(
	saved: Saved,
	provider: CaptchaProvider
): { set: boolean; masked: string } {
	if ( provider === 'turnstile' ) {
		return {
			set: saved.turnstile_secret_set,
			masked: saved.turnstile_secret_masked,
		};
	}
	if ( provider === 'hcaptcha' ) {
		return {
			set: saved.hcaptcha_secret_set,
			masked: saved.hcaptcha_secret_masked,
		};
	}
	return { set: saved.secret_set, masked: saved.secret_masked };
}

/**
 * The section.
 *
 * @param props        Props.
 * @param props.saved  What the server holds (no secret, only whether each is set).
 * @param props.draft  What is being edited.
 * @param props.onEdit Changes one setting of the section.
 */
export function CaptchaSection( {
	saved,
	draft,
	onEdit,
}: {
	saved: Saved;
	draft: Draft;
	onEdit: ( key: keyof Draft & string, value: unknown ) => void;
} ) {
	const provider: CaptchaProvider = PROVIDERS[ draft.provider ]
		? draft.provider
		: 'recaptcha';
	const info = PROVIDERS[ provider ];
	const secret = storedSecret( saved, provider );
	const configured = draft[ info.siteKey ] !== '' && secret.set;
	const help = ( key: string, text?: string ) => (
		<SettingHelp errorKey={ `captcha.${ key }` } text={ text } />
	);
	const choose = ( next: string ) => {
		const chosen = next as CaptchaProvider;
		onEdit( 'provider', chosen );
		// A size the new provider lacks (Turnstile has no invisible size) becomes normal.
		if (
			! PROVIDERS[ chosen ].sizes.some( ( s ) => s.value === draft.size )
		) {
			onEdit( 'size', 'normal' );
		}
	};

	return (
		<SettingsSection
			id="captcha"
			title={ __( 'Captcha and spam', 'kestrel-forms' ) }
		>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Captcha provider', 'kestrel-forms' ) }
				value={ provider }
				options={ ( Object.keys( PROVIDERS ) as CaptchaProvider[] ).map(
					( id ) => ( { label: PROVIDERS[ id ].label, value: id } )
				) }
				onChange={ choose }
				help={ help(
					'provider',
					__(
						'Captcha fields on every form use this provider. Each provider keeps its own keys.',
						'kestrel-forms'
					)
				) }
			/>
			<p className="kestrel-forms-captcha-status">
				<strong>
					{ configured
						? sprintf(
								/* translators: %s: provider name. */
								__(
									'Status: captcha fields are active (%s).',
									'kestrel-forms'
								),
								info.label
							)
						: __(
								'Status: not set up. Captcha fields need both keys.',
								'kestrel-forms'
							) }
				</strong>
			</p>
			<fieldset>
				<legend>
					{ sprintf(
						/* translators: %s: provider name. */
						__( '%s keys', 'kestrel-forms' ),
						info.label
					) }
				</legend>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Site key', 'kestrel-forms' ) }
					value={ draft[ info.siteKey ] }
					onChange={ ( value ) => onEdit( info.siteKey, value ) }
					help={ help(
						info.siteKey,
						sprintf(
							/* translators: %s: where the keys are, e.g. "the hCaptcha dashboard". */
							__( 'From %s.', 'kestrel-forms' ),
							info.console
						)
					) }
					autoComplete="off"
				/>
				<SecretField
					label={ __( 'Secret key', 'kestrel-forms' ) }
					value={ draft[ info.secretKey ] }
					onChange={ ( value ) => onEdit( info.secretKey, value ) }
					help={ help(
						info.secretKey,
						secret.set
							? __(
									'Leave blank to keep the stored secret.',
									'kestrel-forms'
								)
							: __(
									'No secret stored yet. It stays on the server.',
									'kestrel-forms'
								)
					) }
				/>
				{ secret.masked !== '' && (
					<p>
						{ __( 'Stored secret:', 'kestrel-forms' ) }{ ' ' }
						<code className="kestrel-forms-captcha-secret-mask">
							{ secret.masked }
						</code>
					</p>
				) }
			</fieldset>
			<fieldset>
				<legend>{ __( 'Look', 'kestrel-forms' ) }</legend>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Theme', 'kestrel-forms' ) }
					value={ draft.theme }
					options={ THEMES }
					onChange={ ( value ) => onEdit( 'theme', value ) }
					help={ help( 'theme' ) }
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Size', 'kestrel-forms' ) }
					value={ draft.size }
					options={ info.sizes }
					onChange={ ( value ) => onEdit( 'size', value ) }
					help={ help(
						'size',
						provider === 'turnstile'
							? __(
									'Turnstile’s invisible and non-interactive modes are chosen for the widget in the Cloudflare dashboard.',
									'kestrel-forms'
								)
							: undefined
					) }
				/>
				{ provider === 'recaptcha' && (
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Badge position', 'kestrel-forms' ) }
						value={ draft.badge }
						options={ BADGES }
						onChange={ ( value ) => onEdit( 'badge', value ) }
						help={ help(
							'badge',
							__(
								'Only for the invisible size.',
								'kestrel-forms'
							)
						) }
					/>
				) }
			</fieldset>
			<fieldset>
				<legend>{ __( 'Akismet', 'kestrel-forms' ) }</legend>
				<CheckboxControl
					__nextHasNoMarginBottom
					label={ __(
						'Check submissions with Akismet',
						'kestrel-forms'
					) }
					checked={ draft.akismet }
					onChange={ ( value ) => onEdit( 'akismet', value ) }
					help={ help(
						'akismet',
						saved.akismet_available
							? __(
									'What Akismet calls spam is stored as spam (Entries → Spam). If Akismet cannot be reached, the entry is kept and a note says it was not checked.',
									'kestrel-forms'
								)
							: __(
									'Akismet is not active on this site (or has no key yet): the check starts once it is.',
									'kestrel-forms'
								)
					) }
				/>
			</fieldset>
		</SettingsSection>
	);
}
