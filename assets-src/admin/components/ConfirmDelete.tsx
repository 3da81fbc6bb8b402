/**
 * The body of a DataViews "Delete permanently" action modal: the question, Cancel, and the
 * destructive button.
 */
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * @param props           Props.
 * @param props.question  What is asked, e.g. "Delete 2 entries for good?".
 * @param props.onConfirm Runs the deletion (the modal closes first).
 * @param props.close     Closes the modal.
 */
export function ConfirmDelete( {
	question,
	onConfirm,
	close,
}: {
	question: string;
	onConfirm: () => void;
	close?: () => void;
} ) {
	return (
		<div className="kestrel-forms-confirm">
			<p>{ question }</p>
			<Button variant="tertiary" onClick={ close }>
				{ __( 'Cancel', 'kestrel-forms' ) }
			</Button>
			<Button
				variant="primary"
				isDestructive
				onClick={ () => {
					close?.();
					onConfirm();
				} }
			>
				{ __( 'Delete permanently', 'kestrel-forms' ) }
			</Button>
		</div>
	);
}
