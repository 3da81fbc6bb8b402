/**
 * The entry screen's housekeeping, like WordPress's edit screens: Mark as spam / Not spam, Move
 * to Trash / Restore, Delete permanently (asks first, then back to the list) and Print. Trash
 * and Spam leave a notice with Undo (UndoNotice).
 */
import { useState } from '@wordpress/element';
import { useDispatch } from '@wordpress/data';
import { Button, Modal } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { store, type EntryDetail } from '../store/entries';
import { ConfirmDelete } from '../components/ConfirmDelete';
import type { EntriesScreenConfig } from './types';
import { listUrl } from './urls';

/**
 * @param props        Props.
 * @param props.entry  The entry on screen.
 * @param props.config Screen config.
 */
export function EntryStatusActions( {
	entry,
	config,
}: {
	entry: EntryDetail;
	config: EntriesScreenConfig;
} ) {
	const actions = useDispatch( store );
	const [ confirming, setConfirming ] = useState( false );
	const [ busy, setBusy ] = useState( false );
	const run = async ( action: 'trash' | 'spam' | 'not_spam' | 'restore' ) => {
		setBusy( true );
		await actions.changeStatus( entry.id, action );
		setBusy( false );
	};
	const remove = async () => {
		setBusy( true );
		const deleted = ( await actions.deleteEntry(
			entry.id
		) ) as unknown as boolean;
		setBusy( false );
		if ( deleted ) {
			window.location.href = listUrl( config, entry.form_id );
		}
	};
	return (
		<div
			className="kestrel-forms-entry-actions"
			role="group"
			aria-label={ __( 'Entry actions', 'kestrel-forms' ) }
		>
			{ entry.status === 'spam' ? (
				<Button
					variant="secondary"
					disabled={ busy }
					accessibleWhenDisabled
					onClick={ () => run( 'not_spam' ) }
				>
					{ __( 'Not spam', 'kestrel-forms' ) }
				</Button>
			) : (
				entry.status === 'active' && (
					<Button
						variant="secondary"
						disabled={ busy }
						accessibleWhenDisabled
						onClick={ () => run( 'spam' ) }
					>
						{ __( 'Mark as spam', 'kestrel-forms' ) }
					</Button>
				)
			) }
			{ entry.status === 'trash' ? (
				<Button
					variant="secondary"
					disabled={ busy }
					accessibleWhenDisabled
					onClick={ () => run( 'restore' ) }
				>
					{ __( 'Restore', 'kestrel-forms' ) }
				</Button>
			) : (
				<Button
					variant="secondary"
					isDestructive
					disabled={ busy }
					accessibleWhenDisabled
					onClick={ () => run( 'trash' ) }
				>
					{ __( 'Move to Trash', 'kestrel-forms' ) }
				</Button>
			) }
			{ entry.status !== 'active' && (
				<Button
					variant="secondary"
					isDestructive
					disabled={ busy }
					accessibleWhenDisabled
					onClick={ () => setConfirming( true ) }
				>
					{ __( 'Delete permanently', 'kestrel-forms' ) }
				</Button>
			) }
			<Button variant="tertiary" onClick={ () => window.print() }>
				{ __( 'Print', 'kestrel-forms' ) }
			</Button>
			{ confirming && (
				<Modal
					title={ __( 'Delete permanently', 'kestrel-forms' ) }
					onRequestClose={ () => setConfirming( false ) }
					size="small"
				>
					<ConfirmDelete
						question={ __(
							'Delete this entry for good? This cannot be undone.',
							'kestrel-forms'
						) }
						close={ () => setConfirming( false ) }
						onConfirm={ remove }
					/>
				</Modal>
			) }
		</div>
	);
}
