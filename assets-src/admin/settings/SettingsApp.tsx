/**
 * The settings page: general, captcha, web API and payments sections, one save, and a warning
 * before leaving with unsaved changes.
 */
import { useEffect, useState } from '@wordpress/element';
import { useDispatch, useSelect } from '@wordpress/data';
import {
	Button,
	CheckboxControl,
	Notice,
	SelectControl,
	Spinner,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useUnsavedChangesWarning } from '../components/unsaved-changes';
import { siteDateTime } from '../components/site-date';
import { store, type Section, type SettingsDraft } from '../store/settings';
import { SettingHelp, SettingsSection } from './parts';
import { CaptchaSection } from './CaptchaSection';
import { PaymentsSection } from './PaymentsSection';

type SelectOption = { label: string; value: string };

/** The page's subviews (spec §2: the web API has its own), each one section of the settings. */
const VIEWS = [
	{ id: 'general', label: __( 'General', 'kestrel-forms' ) },
	{ id: 'captcha', label: __( 'Captcha', 'kestrel-forms' ) },
	{ id: 'web-api', label: __( 'Web API', 'kestrel-forms' ) },
	{ id: 'payments', label: __( 'Payments', 'kestrel-forms' ) },
] as const;

type View = ( typeof VIEWS )[ number ][ 'id' ];

/**
 * @param section A settings section as the server names it ("api", "captcha", …).
 * @return The subview that shows it.
 */
export function viewOfSection( section: string ): View {
	if ( section === 'api' ) {
		return 'web-api';
	}
	return VIEWS.some( ( v ) => v.id === section )
		? ( section as View )
		: 'general';
}

/**
 * The subview named by the address (`&view=web-api`), so a subview can be linked and reloaded.
 */
function viewFromUrl(): View {
	const asked = new URLSearchParams( window.location.search ).get( 'view' );
	return VIEWS.find( ( v ) => v.id === asked )?.id ?? 'general';
}

/**
 * @param view A subview.
 * @return The page's address with that subview.
 */
function urlOf( view: View ): string {
	const url = new URL( window.location.href );
	url.searchParams.set( 'view', view );
	return url.toString();
}

/**
 * The settings page.
 */
export function SettingsApp() {
	const { saved, draft, saving, dirty, notice, errorKeys } = useSelect(
		( select ) => {
			const s = select( store );
			return {
				saved: s.getSaved(),
				draft: s.getDraft(),
				saving: s.isSaving(),
				dirty: s.isDirty(),
				notice: s.getNotice(),
				errorKeys: s.getErrorKeys(),
			};
		},
		[]
	);
	const actions = useDispatch( store );
	useUnsavedChangesWarning( dirty );
	const [ view, setView ] = useState< View >( viewFromUrl );
	// The address follows the subview, so a reload or a shared link opens the same one.
	const show = ( next: View ) => {
		window.history.replaceState( null, '', urlOf( next ) );
		setView( next );
	};

	// A refused save shows the subview that holds the first field the server named.
	useEffect( () => {
		if ( errorKeys.length > 0 ) {
			show( viewOfSection( errorKeys[ 0 ].split( '.' )[ 0 ] ) );
		}
	}, [ errorKeys ] );

	useEffect( () => {
		actions.load();
		actions.loadPasswords();
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	if ( ! saved || ! draft ) {
		return (
			<>
				<h1>{ __( 'Forms Settings', 'kestrel-forms' ) }</h1>
				{ notice ? (
					<Notice status={ notice.status } isDismissible={ false }>
						{ notice.message }
					</Notice>
				) : (
					<Spinner />
				) }
			</>
		);
	}

	const set = ( section: Section, key: string ) => ( value: unknown ) =>
		actions.edit( section, key, value );
	const help = ( key: string, text?: string ) => (
		<SettingHelp errorKey={ key } text={ text } />
	);
	const select = < S extends Section >(
		section: S,
		key: keyof SettingsDraft[ S ] & string,
		label: string,
		options: SelectOption[]
	) => (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ label }
			value={ String( draft[ section ][ key ] ) }
			options={ options }
			onChange={ set( section, key ) }
			help={ help( `${ section }.${ key }` ) }
		/>
	);

	return (
		<form
			className="kestrel-forms-settings"
			// The server validates (and words the messages); no native bubbles.
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				actions.save();
			} }
		>
			<h1>{ __( 'Forms Settings', 'kestrel-forms' ) }</h1>
			{ notice && (
				<Notice
					className={ `kestrel-forms-settings-notice is-${ notice.status }` }
					status={ notice.status }
					onRemove={ () => actions.setNotice( null ) }
				>
					{ notice.message }
				</Notice>
			) }
			{ dirty && (
				<p className="kestrel-forms-unsaved" role="status">
					{ __( 'You have unsaved changes.', 'kestrel-forms' ) }
				</p>
			) }

			<nav
				className="nav-tab-wrapper kestrel-forms-settings-views"
				aria-label={ __( 'Settings views', 'kestrel-forms' ) }
			>
				{ VIEWS.map( ( v ) => (
					<a
						key={ v.id }
						href={ urlOf( v.id ) }
						className={ `nav-tab${
							view === v.id ? ' nav-tab-active' : ''
						}` }
						aria-current={ view === v.id ? 'page' : undefined }
						onClick={ ( event ) => {
							// A modified or middle click opens the view elsewhere, as a link does.
							if (
								event.button !== 0 ||
								event.metaKey ||
								event.ctrlKey ||
								event.shiftKey ||
								event.altKey
							) {
								return;
							}
							// The draft holds every view: switching loses nothing.
							event.preventDefault();
							show( v.id );
						} }
					>
						{ v.label }
					</a>
				) ) }
			</nav>

			{ view === 'general' && (
				<SettingsSection
					id="general"
					title={ __( 'General', 'kestrel-forms' ) }
				>
					{ select(
						'general',
						'currency',
						__( 'Default currency', 'kestrel-forms' ),
						saved.currencies.map( ( c ) => ( {
							label: c,
							value: c,
						} ) )
					) }
					<fieldset style={ { margin: '16px 0' } }>
						<legend>
							{ __( 'Data retention', 'kestrel-forms' ) }
						</legend>
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							type="number"
							min={ 0 }
							label={ __(
								'Delete entries older than (days)',
								'kestrel-forms'
							) }
							value={ draft.general.retention_days }
							onChange={ set( 'general', 'retention_days' ) }
							help={ help(
								'general.retention_days',
								__(
									'0 keeps entries for ever. Checked once a day.',
									'kestrel-forms'
								)
							) }
						/>
						<CheckboxControl
							__nextHasNoMarginBottom
							label={ __(
								'Delete all forms, entries, files and settings when the plugin is uninstalled',
								'kestrel-forms'
							) }
							checked={ draft.general.delete_on_uninstall }
							onChange={ set( 'general', 'delete_on_uninstall' ) }
						/>
					</fieldset>
				</SettingsSection>
			) }

			{ view === 'captcha' && (
				<CaptchaSection
					saved={ saved.captcha }
					draft={ draft.captcha }
					onEdit={ ( key, value ) =>
						actions.edit( 'captcha', key, value )
					}
				/>
			) }

			{ view === 'web-api' && (
				<WebApi
					enabled={ draft.api.enabled }
					onToggle={ set( 'api', 'enabled' ) }
					baseUrl={ saved.api.base_url }
					capability={ saved.api.capability }
					available={ saved.api.available }
				/>
			) }

			{ view === 'payments' && (
				<PaymentsSection
					saved={ saved.payments }
					draft={ draft.payments }
					onEdit={ set( 'payments', 'environment' ) }
					onEditBlock={ ( environment, block ) =>
						actions.edit( 'payments', environment, block )
					}
				/>
			) }

			<p>
				<Button
					variant="primary"
					type="submit"
					isBusy={ saving }
					disabled={ saving }
					accessibleWhenDisabled
				>
					{ __( 'Save Settings', 'kestrel-forms' ) }
				</Button>
			</p>
		</form>
	);
}

/**
 * The web API subview: the switch, the base URL and the current user's application passwords.
 *
 * @param props            Props.
 * @param props.enabled    Draft switch.
 * @param props.onToggle   Switch handler.
 * @param props.baseUrl    API base URL.
 * @param props.capability Capability an application password grants.
 * @param props.available  Whether application passwords are available.
 */
function WebApi( {
	enabled,
	onToggle,
	baseUrl,
	capability,
	available,
}: {
	enabled: boolean;
	onToggle: ( value: boolean ) => void;
	baseUrl: string;
	capability: string;
	available: boolean;
} ) {
	const { passwords, created } = useSelect( ( select ) => {
		const s = select( store );
		return { passwords: s.getPasswords(), created: s.getCreatedPassword() };
	}, [] );
	const actions = useDispatch( store );
	const [ name, setName ] = useState( '' );
	return (
		<SettingsSection
			id="web-api"
			title={ __( 'Web API', 'kestrel-forms' ) }
			className="kestrel-forms-web-api"
		>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __(
					'Allow external clients (application passwords) to use the API',
					'kestrel-forms'
				) }
				checked={ enabled }
				onChange={ onToggle }
			/>
			<p>
				{ __( 'Base URL:', 'kestrel-forms' ) }{ ' ' }
				<code className="kestrel-forms-api-base">{ baseUrl }</code>
			</p>
			<h3>{ __( 'Your application passwords', 'kestrel-forms' ) }</h3>
			<p>
				{ sprintf(
					/* translators: %s: capability name. */
					__(
						'An application password acts as you: it grants your capabilities, including %s (forms, entries and settings).',
						'kestrel-forms'
					),
					capability
				) }
			</p>
			{ created?.password && (
				<Notice status="success" isDismissible={ false }>
					{ __( 'New password (shown only now):', 'kestrel-forms' ) }{ ' ' }
					<code className="kestrel-forms-new-app-password">
						{ created.password }
					</code>
				</Notice>
			) }
			<table className="widefat striped kestrel-forms-app-passwords">
				<thead>
					<tr>
						<th scope="col">{ __( 'Name', 'kestrel-forms' ) }</th>
						<th scope="col">
							{ __( 'Created', 'kestrel-forms' ) }
						</th>
						<th scope="col">
							{ __( 'Last used', 'kestrel-forms' ) }
						</th>
						<th scope="col">{ __( 'Grants', 'kestrel-forms' ) }</th>
						<th scope="col">
							<span className="screen-reader-text">
								{ __( 'Actions', 'kestrel-forms' ) }
							</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{ passwords.length === 0 && (
						<tr>
							<td colSpan={ 5 }>
								{ __(
									'No application passwords yet.',
									'kestrel-forms'
								) }
							</td>
						</tr>
					) }
					{ passwords.map( ( p ) => (
						<tr key={ p.uuid }>
							<td>{ p.name }</td>
							<td>{ siteDateTime( p.created ) }</td>
							<td>
								{ p.last_used
									? siteDateTime( p.last_used )
									: '—' }
							</td>
							<td>
								<code>{ p.capability }</code>
							</td>
							<td>
								<Button
									variant="link"
									isDestructive
									onClick={ () =>
										actions.revokePassword( p.uuid )
									}
									aria-label={ sprintf(
										/* translators: %s: password name. */
										__( 'Revoke %s', 'kestrel-forms' ),
										p.name
									) }
								>
									{ __( 'Revoke', 'kestrel-forms' ) }
								</Button>
							</td>
						</tr>
					) ) }
				</tbody>
			</table>
			{ available ? (
				<div
					style={ {
						display: 'flex',
						gap: '8px',
						alignItems: 'flex-end',
						marginTop: '8px',
					} }
				>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __(
							'New application password name',
							'kestrel-forms'
						) }
						value={ name }
						onChange={ setName }
					/>
					<Button
						variant="secondary"
						onClick={ async () => {
							if (
								name.trim() !== '' &&
								( ( await actions.createPassword(
									name.trim()
								) ) as unknown as boolean )
							) {
								setName( '' );
							}
						} }
					>
						{ __( 'Add application password', 'kestrel-forms' ) }
					</Button>
				</div>
			) : (
				<p>
					{ __(
						'Application passwords are not available on this site (they need HTTPS or a local environment).',
						'kestrel-forms'
					) }
				</p>
			) }
		</SettingsSection>
	);
}
