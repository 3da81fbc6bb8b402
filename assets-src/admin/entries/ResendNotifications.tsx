/**
 * "Resend notifications" on the entry screen: the form's notifications as checkboxes, an optional
 * other address, and a button that asks the server to send the chosen ones again for this entry
 * (POST /kestrel-forms/v1/entries/{id}/notifications/resend, I14-CONTRACTS). The server notes
 * each one sent or failed on the entry, so the notes are reloaded afterwards.
 */
import apiFetch from '@wordpress/api-fetch';
import {
	Button,
	CheckboxControl,
	Notice,
	TextControl,
} from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { NotificationSetting } from '../../shared';
import { eventLabel } from '../form-editor/notifications/events';
import { messageOf } from '../store/errors';
import { store } from '../store/entries';

/** One line of the resend answer. */
interface ResendResult {
	id: string;
	sent: boolean;
	to: string[];
	error?: string;
}

/**
 * The control.
 *
 * @param props         Props.
 * @param props.entryId The entry.
 * @param props.formId  Its form (whose notifications are listed).
 */
export function ResendNotifications( {
	entryId,
	formId,
}: {
	entryId: number;
	formId: number;
} ) {
	const { fetchEntry } = useDispatch( store );
	const [ notifications, setNotifications ] = useState<
		NotificationSetting[] | null
	>( null );
	const [ chosen, setChosen ] = useState< string[] >( [] );
	const [ to, setTo ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ result, setResult ] = useState< {
		status: 'success' | 'warning' | 'error';
		lines: string[];
	} | null >( null );

	useEffect( () => {
		let live = true;
		apiFetch< { notifications?: NotificationSetting[] } >( {
			path: `/kestrel-forms/v1/forms/${ formId }?context=edit`,
		} )
			.then(
				( form ) => live && setNotifications( form.notifications ?? [] )
			)
			// Someone who may read entries but not manage forms cannot resend either.
			.catch( () => live && setNotifications( null ) );
		return () => {
			live = false;
		};
	}, [ formId ] );

	if ( ! notifications ) {
		return null;
	}
	const nameOf = ( id: string ) => {
		const index = notifications.findIndex( ( n ) => n.id === id );
		return (
			notifications[ index ]?.name ||
			sprintf(
				/* translators: %d: notification number. */
				__( 'Notification %d', 'kestrel-forms' ),
				index + 1
			)
		);
	};

	const resend = async () => {
		setBusy( true );
		setResult( null );
		try {
			const answer = await apiFetch< { results: ResendResult[] } >( {
				path: `/kestrel-forms/v1/entries/${ entryId }/notifications/resend`,
				method: 'POST',
				data: to.trim()
					? { ids: chosen, to: to.trim() }
					: { ids: chosen },
			} );
			const lines = answer.results.map( ( r ) =>
				r.sent
					? sprintf(
							/* translators: 1: notification name, 2: email addresses. */
							__( '%1$s: sent to %2$s.', 'kestrel-forms' ),
							nameOf( r.id ),
							r.to.join( ', ' )
						)
					: sprintf(
							/* translators: 1: notification name, 2: the reason. */
							__( '%1$s: not sent (%2$s).', 'kestrel-forms' ),
							nameOf( r.id ),
							r.error || __( 'no recipient', 'kestrel-forms' )
						)
			);
			const failed = answer.results.filter( ( r ) => ! r.sent ).length;
			let status: 'success' | 'warning' | 'error' = 'success';
			if ( failed ) {
				status = failed === answer.results.length ? 'error' : 'warning';
			}
			setResult( { status, lines } );
			setChosen( [] );
			// The server noted each one on the entry.
			fetchEntry( entryId );
		} catch ( error ) {
			setResult( { status: 'error', lines: [ messageOf( error ) ] } );
		} finally {
			setBusy( false );
		}
	};

	return (
		<section
			className="kestrel-forms-resend"
			aria-labelledby="kestrel-forms-resend-title"
		>
			<h2 id="kestrel-forms-resend-title">
				{ __( 'Resend notifications', 'kestrel-forms' ) }
			</h2>
			{ notifications.length === 0 ? (
				<p>
					{ __( 'This form has no notifications.', 'kestrel-forms' ) }
				</p>
			) : (
				<>
					<fieldset>
						<legend className="screen-reader-text">
							{ __( 'Notifications to send', 'kestrel-forms' ) }
						</legend>
						{ notifications.map( ( n ) => (
							<CheckboxControl
								__nextHasNoMarginBottom
								key={ n.id }
								label={ nameOf( n.id ) }
								help={
									eventLabel( n.event ?? 'form_submission' ) +
									( n.isActive === false
										? ` · ${ __( 'Off', 'kestrel-forms' ) }`
										: '' )
								}
								checked={ chosen.includes( n.id ) }
								onChange={ ( on ) =>
									setChosen( ( list ) =>
										on
											? [ ...list, n.id ]
											: list.filter(
													( id ) => id !== n.id
												)
									)
								}
							/>
						) ) }
					</fieldset>
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						type="email"
						label={ __(
							'Send to another address',
							'kestrel-forms'
						) }
						help={ __(
							'Empty: the recipients of each notification.',
							'kestrel-forms'
						) }
						value={ to }
						onChange={ setTo }
					/>
					<p>
						<Button
							variant="secondary"
							onClick={ resend }
							isBusy={ busy }
							disabled={ busy || chosen.length === 0 }
							accessibleWhenDisabled
						>
							{ __( 'Resend', 'kestrel-forms' ) }
						</Button>
					</p>
				</>
			) }
			{ result && (
				<Notice
					status={ result.status }
					onRemove={ () => setResult( null ) }
				>
					{ result.lines.join( ' ' ) }
				</Notice>
			) }
		</section>
	);
}
