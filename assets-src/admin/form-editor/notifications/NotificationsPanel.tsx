/**
 * The form's email notifications (`form.notifications`, schema `$defs.notification`): add, edit,
 * duplicate, reorder, switch off and delete them, with merge tags in every text, routing rules
 * built like conditional-logic rules, conditional sending, and "Send a test" (POST
 * /kestrel-forms/v1/forms/{id}/notifications/test, helper NOTIFY's endpoint). Sent by the server's
 * Mailer through wp_mail() on the chosen event (docs/notifications.md).
 */
import apiFetch from '@wordpress/api-fetch';
import {
	Button,
	Notice,
	RadioControl,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import {
	NOTIFICATION_EVENTS,
	type FormDefinition,
	type NotificationEvent,
	type NotificationRoute,
	type NotificationSetting,
} from '../../../shared';
import {
	MergeTagTextareaControl,
	MergeTagTextControl,
} from '../../components/merge-tags';
import { messageOf } from '../../store/errors';
import { store } from '../../store/forms';
import { FORMS_PATH } from '../../store/forms/constants';
import { fieldOptionLabel, valueFields } from '../../store/forms/definition';
import { describeRules, LogicBuilder, RuleControls } from '../LogicBuilder';
import { eventLabel } from './events';
import { newItemId } from './items';
import { DefinitionErrors, SettingsList } from './SettingsList';

/** The answer of the test endpoint (I14-CONTRACTS). */
interface TestAnswer {
	sent: boolean;
	to: string[];
	message?: string;
}

/**
 * A new notification, as Gravity Forms starts one: to the site admin, every value in the body.
 *
 * @param taken      Ids in use.
 * @param count      Notifications the form has already.
 * @param adminEmail The site's admin email when known (else the {admin_email} tag).
 */
export function newNotification(
	taken: string[],
	count: number,
	adminEmail?: string
): NotificationSetting {
	return {
		id: newItemId( taken ),
		name:
			count === 0
				? __( 'Admin notification', 'kestrel-forms' )
				: sprintf(
						/* translators: %d: notification number. */
						__( 'Notification %d', 'kestrel-forms' ),
						count + 1
					),
		event: 'form_submission',
		toType: 'email',
		to: adminEmail || '{admin_email}',
		subject: __( 'New submission from {form_title}', 'kestrel-forms' ),
		message: '{all_fields}',
	};
}

/**
 * Who receives a notification, in words.
 *
 * @param n    Notification.
 * @param form Form.
 */
function recipientSummary(
	n: NotificationSetting,
	form: FormDefinition
): string {
	switch ( n.toType ?? 'email' ) {
		case 'field': {
			const field = form.fields.find(
				( f ) => String( f.id ) === n.toField
			);
			return sprintf(
				/* translators: %s: field name. */
				__( 'To the address in %s', 'kestrel-forms' ),
				field ? fieldOptionLabel( field ) : `#${ n.toField ?? '' }`
			);
		}
		case 'routing':
			return sprintf(
				/* translators: %d: number of routing rules. */
				__( 'Routed by %d rules', 'kestrel-forms' ),
				n.routing?.length ?? 0
			);
		default:
			return sprintf(
				/* translators: %s: email addresses. */
				__( 'To %s', 'kestrel-forms' ),
				n.to || __( '(nobody yet)', 'kestrel-forms' )
			);
	}
}

/**
 * The panel.
 *
 * @param props            Props.
 * @param props.form       The edited definition.
 * @param props.adminEmail The site's admin email for new notifications (else {admin_email}).
 */
export function NotificationsPanel( {
	form,
	adminEmail,
}: {
	form: FormDefinition;
	adminEmail?: string;
} ) {
	const { updateForm } = useDispatch( store );
	const [ openId, setOpenId ] = useState< string | null >( null );
	const notifications = form.notifications ?? [];
	const set = ( list: NotificationSetting[], key?: string ) =>
		updateForm( { notifications: list.length ? list : undefined }, key );

	return (
		<div className="kestrel-forms-notifications">
			<DefinitionErrors prefixes={ [ 'notifications' ] } />
			{ notifications.length === 0 && (
				<p>
					{ __(
						'This form sends no email. Add a notification to be told of each entry, or to thank the visitor.',
						'kestrel-forms'
					) }
				</p>
			) }
			<SettingsList
				items={ notifications }
				onChange={ ( list ) => set( list ) }
				openId={ openId }
				onOpen={ setOpenId }
				fallbackName={ ( _n, i ) =>
					sprintf(
						/* translators: %d: notification number. */
						__( 'Notification %d', 'kestrel-forms' ),
						i + 1
					)
				}
				summary={ ( n ) =>
					`${ eventLabel(
						n.event ?? 'form_submission'
					) } · ${ recipientSummary( n, form ) }`
				}
				duplicate={ ( n ) => ( {
					...n,
					id: newItemId( notifications.map( ( x ) => x.id ) ),
					name: sprintf(
						/* translators: %s: notification name. */
						__( '%s (copy)', 'kestrel-forms' ),
						n.name ?? ''
					).trim(),
				} ) }
				renderEditor={ ( n, update ) => (
					<NotificationEditor
						notification={ n }
						form={ form }
						update={ update }
					/>
				) }
			/>
			<Button
				variant="secondary"
				onClick={ () => {
					const created = newNotification(
						notifications.map( ( n ) => n.id ),
						notifications.length,
						adminEmail
					);
					set( [ ...notifications, created ] );
					setOpenId( created.id );
				} }
			>
				{ __( 'Add notification', 'kestrel-forms' ) }
			</Button>
		</div>
	);
}

/**
 * The settings of one notification.
 *
 * @param props              Props.
 * @param props.notification The notification.
 * @param props.form         Its form.
 * @param props.update       Changes its keys (undefined removes).
 */
function NotificationEditor( {
	notification: n,
	form,
	update,
}: {
	notification: NotificationSetting;
	form: FormDefinition;
	update: ( patch: Partial< NotificationSetting > ) => void;
} ) {
	const hasPayment = form.fields.some( ( f ) => f.type === 'payment' );
	const event = n.event ?? 'form_submission';
	const events = NOTIFICATION_EVENTS.filter(
		( e ) => e === 'form_submission' || hasPayment || e === event
	);
	const emailFields = form.fields.filter( ( f ) => f.type === 'email' );
	const toType = n.toType ?? 'email';
	const text = (
		key: 'to' | 'from' | 'replyTo' | 'cc' | 'bcc' | 'subject',
		label: string,
		target: 'email' | 'text',
		help?: string
	) => (
		<MergeTagTextControl
			form={ form }
			target={ target }
			label={ label }
			help={ help }
			value={ n[ key ] ?? '' }
			onChange={ ( value ) => update( { [ key ]: value || undefined } ) }
		/>
	);

	return (
		<>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Name', 'kestrel-forms' ) }
				value={ n.name ?? '' }
				onChange={ ( name ) => update( { name: name || undefined } ) }
			/>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Send when', 'kestrel-forms' ) }
				value={ event }
				options={ events.map( ( e ) => ( {
					value: e,
					label: eventLabel( e ),
				} ) ) }
				help={
					hasPayment
						? undefined
						: __(
								'Payment events appear once the form has a payment field.',
								'kestrel-forms'
							)
				}
				onChange={ ( value ) =>
					update( {
						event:
							value === 'form_submission'
								? undefined
								: ( value as NotificationEvent ),
					} )
				}
			/>
			{ event !== 'form_submission' && ! hasPayment && (
				<Notice status="warning" isDismissible={ false }>
					{ __(
						'This form has no payment field, so this notification is never sent.',
						'kestrel-forms'
					) }
				</Notice>
			) }
			<RadioControl
				label={ __( 'Send to', 'kestrel-forms' ) }
				selected={ toType }
				options={ [
					{
						value: 'email',
						label: __( 'Email addresses', 'kestrel-forms' ),
					},
					{
						value: 'field',
						label: __( 'The address in a field', 'kestrel-forms' ),
					},
					{
						value: 'routing',
						label: __( 'Routed by rules', 'kestrel-forms' ),
					},
				] }
				onChange={ ( value ) =>
					update( {
						toType: value as NotificationSetting[ 'toType' ],
						toField:
							value === 'field'
								? ( n.toField ??
									( emailFields[ 0 ]
										? String( emailFields[ 0 ].id )
										: undefined ) )
								: n.toField,
						routing:
							value === 'routing' && ! n.routing?.length
								? [ newRoute( form ) ]
								: n.routing,
					} )
				}
			/>
			{ toType === 'email' &&
				text(
					'to',
					__( 'Send to email', 'kestrel-forms' ),
					'email',
					__( 'Separate addresses with commas.', 'kestrel-forms' )
				) }
			{ toType === 'field' &&
				( emailFields.length ? (
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Email field', 'kestrel-forms' ) }
						value={ n.toField ?? '' }
						options={ [
							...( n.toField
								? []
								: [
										{
											value: '',
											label: __(
												'Choose a field…',
												'kestrel-forms'
											),
										},
									] ),
							...emailFields.map( ( f ) => ( {
								value: String( f.id ),
								label: fieldOptionLabel( f ),
							} ) ),
						] }
						onChange={ ( toField ) =>
							update( { toField: toField || undefined } )
						}
					/>
				) : (
					<p className="kestrel-forms-error">
						{ __(
							'Add an email field to the form first.',
							'kestrel-forms'
						) }
					</p>
				) ) }
			{ toType === 'routing' && (
				<RoutingRules
					form={ form }
					routes={ n.routing ?? [] }
					onChange={ ( routing ) => update( { routing } ) }
				/>
			) }
			{ text(
				'from',
				__( 'From email', 'kestrel-forms' ),
				'email',
				__( "Empty: the site's admin email.", 'kestrel-forms' )
			) }
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'From name', 'kestrel-forms' ) }
				value={ n.fromName ?? '' }
				onChange={ ( fromName ) =>
					update( { fromName: fromName || undefined } )
				}
			/>
			{ text( 'replyTo', __( 'Reply to', 'kestrel-forms' ), 'email' ) }
			{ text( 'cc', __( 'CC', 'kestrel-forms' ), 'email' ) }
			{ text( 'bcc', __( 'BCC', 'kestrel-forms' ), 'email' ) }
			{ text( 'subject', __( 'Subject', 'kestrel-forms' ), 'text' ) }
			<MergeTagTextareaControl
				form={ form }
				target="html"
				label={ __( 'Message', 'kestrel-forms' ) }
				help={ __(
					'HTML is allowed; a plain-text part is made from it.',
					'kestrel-forms'
				) }
				rows={ 8 }
				value={ n.message ?? '' }
				onChange={ ( message ) =>
					update( { message: message || undefined } )
				}
			/>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __(
					'Disable auto-formatting (no paragraphs added)',
					'kestrel-forms'
				) }
				checked={ Boolean( n.disableAutoformat ) }
				onChange={ ( on ) =>
					update( { disableAutoformat: on || undefined } )
				}
			/>
			<LogicBuilder
				subject={ n.name || __( 'this notification', 'kestrel-forms' ) }
				form={ form }
				logic={ n.conditionalLogic }
				onChange={ ( conditionalLogic ) =>
					update( {
						conditionalLogic: conditionalLogic ?? undefined,
					} )
				}
			/>
			{ n.conditionalLogic?.rules.length ? (
				<p className="kestrel-forms-notification__logic">
					{ n.conditionalLogic.actionType === 'hide'
						? sprintf(
								/* translators: %s: rules in words. */
								__( 'Not sent when: %s', 'kestrel-forms' ),
								describeRules( n.conditionalLogic.rules, form )
							)
						: sprintf(
								/* translators: %s: rules in words. */
								__( 'Sent only when: %s', 'kestrel-forms' ),
								describeRules( n.conditionalLogic.rules, form )
							) }
				</p>
			) : null }
			<SendTest notification={ n } />
		</>
	);
}

/**
 * A routing rule to start with: the first field with a value, "is", empty.
 *
 * @param form Form.
 */
function newRoute( form: FormDefinition ): NotificationRoute {
	return {
		email: '',
		fieldId: String( valueFields( form )[ 0 ]?.id ?? '1' ),
		operator: 'is',
		value: '',
	};
}

/**
 * Routing rules: send to an address when a rule matches (the controls of LogicBuilder's rules).
 *
 * @param props          Props.
 * @param props.form     Form.
 * @param props.routes   Rules.
 * @param props.onChange Called with the new rules.
 */
function RoutingRules( {
	form,
	routes,
	onChange,
}: {
	form: FormDefinition;
	routes: NotificationRoute[];
	onChange: ( routes: NotificationRoute[] ) => void;
} ) {
	const sources = valueFields( form );
	const setRoute = ( index: number, patch: Partial< NotificationRoute > ) =>
		onChange(
			routes.map( ( r, i ) => ( i === index ? { ...r, ...patch } : r ) )
		);
	return (
		<div className="kestrel-forms-routing">
			{ routes.map( ( route, index ) => {
				const n = index + 1;
				return (
					<fieldset
						key={ index }
						className="kestrel-forms-logic__rule"
					>
						<legend>
							{ sprintf(
								/* translators: %d: routing rule number. */
								__( 'Route %d', 'kestrel-forms' ),
								n
							) }
						</legend>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							type="email"
							label={ __( 'Send to', 'kestrel-forms' ) }
							value={ route.email }
							onChange={ ( email ) =>
								setRoute( index, { email } )
							}
						/>
						<RuleControls
							rule={ route }
							sources={ sources }
							onChange={ ( patch ) => setRoute( index, patch ) }
						/>
						<Button
							variant="tertiary"
							isDestructive
							disabled={ routes.length === 1 }
							accessibleWhenDisabled
							onClick={ () =>
								onChange(
									routes.filter( ( _r, i ) => i !== index )
								)
							}
						>
							{ sprintf(
								/* translators: %d: routing rule number. */
								__( 'Remove route %d', 'kestrel-forms' ),
								n
							) }
						</Button>
					</fieldset>
				);
			} ) }
			<Button
				variant="secondary"
				onClick={ () => onChange( [ ...routes, newRoute( form ) ] ) }
			>
				{ __( 'Add route', 'kestrel-forms' ) }
			</Button>
		</div>
	);
}

/**
 * "Send a test": the notification as it is now (saved or not) with sample values.
 *
 * @param props              Props.
 * @param props.notification The notification.
 */
function SendTest( { notification }: { notification: NotificationSetting } ) {
	const formId = useSelect(
		( select ) => select( store ).getEditedFormId(),
		[]
	);
	const [ to, setTo ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ result, setResult ] = useState< {
		status: 'success' | 'error';
		message: string;
	} | null >( null );

	const send = async () => {
		if ( ! formId ) {
			return;
		}
		setBusy( true );
		setResult( null );
		try {
			const answer = await apiFetch< TestAnswer >( {
				path: `${ FORMS_PATH }/${ formId }/notifications/test`,
				method: 'POST',
				data: to.trim()
					? { notification, to: to.trim() }
					: { notification },
			} );
			setResult(
				answer.sent
					? {
							status: 'success',
							message: sprintf(
								/* translators: %s: email addresses. */
								__( 'Test email sent to %s.', 'kestrel-forms' ),
								answer.to.join( ', ' )
							),
						}
					: {
							status: 'error',
							message:
								answer.message ||
								__(
									'The test email was not sent.',
									'kestrel-forms'
								),
						}
			);
		} catch ( error ) {
			// A notification the schema refuses: say what is wrong with it.
			const details = (
				error as { data?: { errors?: Array< { message?: unknown } > } }
			 )?.data?.errors;
			const reasons = Array.isArray( details )
				? details
						.map( ( e ) => e.message )
						.filter( ( m ): m is string => typeof m === 'string' )
				: [];
			setResult( {
				status: 'error',
				message: [
					messageOf(
						error,
						__( 'The test email was not sent.', 'kestrel-forms' )
					),
					...reasons,
				].join( ' ' ),
			} );
		} finally {
			setBusy( false );
		}
	};

	return (
		<div className="kestrel-forms-notification-test">
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				type="email"
				label={ __( 'Send the test to', 'kestrel-forms' ) }
				help={ __( 'Empty: your own email address.', 'kestrel-forms' ) }
				value={ to }
				onChange={ setTo }
			/>
			<Button
				variant="secondary"
				onClick={ send }
				isBusy={ busy }
				disabled={ busy || ! formId }
				accessibleWhenDisabled
				describedBy={
					formId
						? undefined
						: __( 'Save the form first.', 'kestrel-forms' )
				}
			>
				{ __( 'Send a test', 'kestrel-forms' ) }
			</Button>
			{ result && (
				<Notice
					status={ result.status }
					onRemove={ () => setResult( null ) }
				>
					{ result.message }
				</Notice>
			) }
		</div>
	);
}
