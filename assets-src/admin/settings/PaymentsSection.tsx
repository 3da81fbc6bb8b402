/**
 * Settings → Payments: the environment in use, the sandbox and production credentials side by
 * side (each kept when the other is in use; tokens write-only), and each environment's webhook
 * subscription with a "Send test event" button whose result is announced, and Apple Pay's domain
 * registration (ApplePaySection.tsx).
 */
import {
	Button,
	CheckboxControl,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { siteDateTime } from '../components/site-date';
import type {
	PaymentCredentialsDraft,
	PaymentEnvironment,
	SettingsData,
	SettingsDraft,
	WebhookData,
	WebhookTestResult,
} from '../store/settings';
import { SettingHelp, SettingsSection } from './parts';
import { ApplePaySection } from './ApplePaySection';
import { SecretField } from './SecretField';
import { sendWebhookTest } from './webhook-test';

const ENVIRONMENTS: PaymentEnvironment[] = [ 'sandbox', 'production' ];

/**
 * @param environment An environment.
 * @return Its name on screen.
 */
function environmentName( environment: PaymentEnvironment ): string {
	return environment === 'production'
		? __( 'Production', 'kestrel-forms' )
		: __( 'Sandbox', 'kestrel-forms' );
}

/**
 * A test result in words.
 *
 * @param result The result.
 */
function testText( result: WebhookTestResult ): string {
	if ( result.ok ) {
		return sprintf(
			/* translators: %d: HTTP status. */
			__(
				'Test event delivered: this site answered %d.',
				'kestrel-forms'
			),
			result.status
		);
	}
	return sprintf(
		/* translators: %s: the reason. */
		__( 'Test event failed: %s', 'kestrel-forms' ),
		result.message ||
			sprintf(
				/* translators: %d: HTTP status. */
				__( 'this site answered %d.', 'kestrel-forms' ),
				result.status
			)
	);
}

/**
 * One environment's webhook: status, notification URL, last test and the test button.
 *
 * @param props             Props.
 * @param props.environment sandbox or production.
 * @param props.webhook     The subscription as the server shows it.
 */
function WebhookStatus( {
	environment,
	webhook,
}: {
	environment: PaymentEnvironment;
	webhook: WebhookData;
} ) {
	const [ sending, setSending ] = useState( false );
	const [ result, setResult ] = useState< WebhookTestResult | null >( null );
	const statusText = {
		active: __( 'Active', 'kestrel-forms' ),
		missing: __(
			'Missing: saving credentials with an access token creates it.',
			'kestrel-forms'
		),
		error: sprintf(
			/* translators: %s: the reason. */
			__( 'Error: %s', 'kestrel-forms' ),
			webhook.message ?? ''
		),
	}[ webhook.status ];
	const last = webhook.last_test;
	return (
		<div className={ `kestrel-forms-webhook is-${ webhook.status }` }>
			<h3>{ __( 'Webhook', 'kestrel-forms' ) }</h3>
			<p className="kestrel-forms-webhook__status">
				{ __( 'Status:', 'kestrel-forms' ) }{ ' ' }
				<strong>{ statusText }</strong>
			</p>
			{ webhook.notification_url !== '' && (
				<p>
					{ __( 'Notification URL:', 'kestrel-forms' ) }{ ' ' }
					<code className="kestrel-forms-webhook__url">
						{ webhook.notification_url }
					</code>
				</p>
			) }
			{ last && ! result && (
				<p className="kestrel-forms-webhook__last">
					{ last.at
						? sprintf(
								/* translators: 1: date and time, 2: the result. */
								__( 'Last test (%1$s): %2$s', 'kestrel-forms' ),
								siteDateTime( last.at ),
								testText( last )
							)
						: testText( last ) }
				</p>
			) }
			<Button
				variant="secondary"
				isBusy={ sending }
				disabled={ sending }
				accessibleWhenDisabled
				aria-label={ sprintf(
					/* translators: %s: environment name. */
					__( 'Send test event (%s)', 'kestrel-forms' ),
					environmentName( environment )
				) }
				onClick={ async () => {
					setSending( true );
					setResult( null );
					setResult( await sendWebhookTest( environment ) );
					setSending( false );
				} }
			>
				{ __( 'Send test event', 'kestrel-forms' ) }
			</Button>
			{ /* Always in the page, so a new result is announced. */ }
			<p
				role="status"
				className={ `kestrel-forms-webhook__result${
					result && ! result.ok ? ' is-error' : ''
				}` }
			>
				{ sending && __( 'Sending…', 'kestrel-forms' ) }
				{ result && testText( result ) }
			</p>
		</div>
	);
}

/**
 * One environment's credentials and webhook.
 *
 * @param props             Props.
 * @param props.environment sandbox or production.
 * @param props.active      Whether the environment is the one chosen (draft).
 * @param props.saved       What the server holds for it.
 * @param props.draft       What is being edited.
 * @param props.webhook     Its webhook subscription.
 * @param props.onChange    Called with the edited block.
 */
function CredentialsBlock( {
	environment,
	active,
	saved,
	draft,
	webhook,
	onChange,
}: {
	environment: PaymentEnvironment;
	active: boolean;
	saved: SettingsData[ 'payments' ][ 'sandbox' ];
	draft: PaymentCredentialsDraft;
	webhook: WebhookData;
	onChange: ( block: PaymentCredentialsDraft ) => void;
} ) {
	const edit =
		< K extends keyof PaymentCredentialsDraft >( key: K ) =>
		( value: PaymentCredentialsDraft[ K ] ) =>
			onChange( { ...draft, [ key ]: value } );
	const key = ( name: string ) => `payments.${ environment }.${ name }`;
	return (
		<fieldset
			className={ `kestrel-forms-payment-credentials is-${ environment }` }
			style={ {
				flex: '1 1 20rem',
				border: '1px solid #dcdcde',
				padding: '8px 16px 16px',
			} }
		>
			<legend>
				{ active
					? sprintf(
							/* translators: %s: environment name. */
							__( '%s (in use)', 'kestrel-forms' ),
							environmentName( environment )
						)
					: environmentName( environment ) }
			</legend>
			{ (
				[
					[
						'application_id',
						__( 'Application id', 'kestrel-forms' ),
					],
					[ 'location_id', __( 'Location id', 'kestrel-forms' ) ],
				] as const
			 ).map( ( [ name, label ] ) => (
				<TextControl
					key={ name }
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ label }
					value={ draft[ name ] }
					onChange={ edit( name ) }
					help={ <SettingHelp errorKey={ key( name ) } /> }
					autoComplete="off"
				/>
			) ) }
			<SecretField
				label={ __( 'Access token', 'kestrel-forms' ) }
				value={ draft.access_token }
				onChange={ edit( 'access_token' ) }
				help={
					<SettingHelp
						errorKey={ key( 'access_token' ) }
						text={
							saved.access_token_set
								? sprintf(
										/* translators: %s: last four characters of the token. */
										__(
											'Set, ends in %s. Leave blank to keep it.',
											'kestrel-forms'
										),
										saved.access_token_last4 || '····'
									)
								: __(
										'Not set. It is stored on the server and never shown again.',
										'kestrel-forms'
									)
						}
					/>
				}
			/>
			{ saved.access_token_set && (
				<CheckboxControl
					__nextHasNoMarginBottom
					label={ __( 'Remove the stored token', 'kestrel-forms' ) }
					checked={ draft.clear_access_token }
					onChange={ edit( 'clear_access_token' ) }
				/>
			) }
			<WebhookStatus environment={ environment } webhook={ webhook } />
		</fieldset>
	);
}

/**
 * The payments subview.
 *
 * @param props             Props.
 * @param props.saved       What the server holds.
 * @param props.draft       What is being edited.
 * @param props.onEdit      Called with the chosen environment.
 * @param props.onEditBlock Called with an environment's edited credentials.
 */
export function PaymentsSection( {
	saved,
	draft,
	onEdit,
	onEditBlock,
}: {
	saved: SettingsData[ 'payments' ];
	draft: SettingsDraft[ 'payments' ];
	onEdit: ( environment: string ) => void;
	onEditBlock: (
		environment: PaymentEnvironment,
		block: PaymentCredentialsDraft
	) => void;
} ) {
	return (
		<SettingsSection
			id="payments"
			title={ __( 'Payments', 'kestrel-forms' ) }
		>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Environment in use', 'kestrel-forms' ) }
				value={ draft.environment }
				options={ ENVIRONMENTS.map( ( e ) => ( {
					value: e as string,
					label: environmentName( e ),
				} ) ) }
				onChange={ ( value: string ) => onEdit( value ) }
				help={
					<SettingHelp
						errorKey="payments.environment"
						text={ __(
							'Forms take test payments in the sandbox and real ones in production. Each environment keeps its own credentials; entries keep the environment they were paid in.',
							'kestrel-forms'
						) }
					/>
				}
			/>
			<div
				className="kestrel-forms-payment-environments"
				style={ {
					display: 'flex',
					flexWrap: 'wrap',
					gap: '16px',
					marginTop: '16px',
				} }
			>
				{ ENVIRONMENTS.map( ( environment ) => (
					<CredentialsBlock
						key={ environment }
						environment={ environment }
						active={ draft.environment === environment }
						saved={ saved[ environment ] }
						draft={ draft[ environment ] }
						webhook={ saved.webhooks[ environment ] }
						onChange={ ( block ) =>
							onEditBlock( environment, block )
						}
					/>
				) ) }
			</div>
			<ApplePaySection />
		</SettingsSection>
	);
}
