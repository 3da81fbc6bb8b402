/**
 * The entries screens' notice; after a move to the Trash or to spam it offers Undo, like
 * WordPress's posts list ("1 post moved to the Trash. Undo").
 */
import { useDispatch, useSelect } from '@wordpress/data';
import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { store } from '../store/entries';

export function UndoNotice() {
	const notice = useSelect( ( select ) => select( store ).getNotice(), [] );
	const actions = useDispatch( store );
	if ( ! notice ) {
		return null;
	}
	const steps = notice.undo ?? [];
	return (
		<Notice
			status={ notice.status }
			onRemove={ () => actions.setNotice( null ) }
			actions={
				steps.length > 0
					? [
							{
								label: __( 'Undo', 'kestrel-forms' ),
								onClick: () => actions.undo( steps ),
								variant: 'link',
							},
						]
					: []
			}
		>
			{ notice.message }
		</Notice>
	);
}
