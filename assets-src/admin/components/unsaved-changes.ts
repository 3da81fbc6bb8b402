/**
 * The unsaved-changes warning (specs/forms-visitor-behaviour.md §1 admin helpers): the browser's
 * own prompt on tab close and reload, and a confirm before in-app navigation.
 */
import { useEffect } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/** Set once the admin confirmed an in-app navigation, so the browser does not ask again. */
let leaving = false;

/**
 * Asks the browser to confirm leaving while `dirty` is true.
 *
 * @param dirty Whether there are unsaved changes.
 */
export function useUnsavedChangesWarning( dirty: boolean ): void {
	useEffect( () => {
		if ( ! dirty ) {
			return undefined;
		}
		const onBeforeUnload = ( event: BeforeUnloadEvent ) => {
			if ( leaving ) {
				return;
			}
			event.preventDefault();
			// Older browsers show the prompt only when returnValue is set.
			event.returnValue = '';
		};
		window.addEventListener( 'beforeunload', onBeforeUnload );
		return () =>
			window.removeEventListener( 'beforeunload', onBeforeUnload );
	}, [ dirty ] );
}

/**
 * Whether an in-app navigation may go ahead: always when nothing is unsaved, otherwise when the
 * admin confirms.
 *
 * @param dirty   Whether there are unsaved changes.
 * @param confirm The confirm function (window.confirm).
 */
export function mayLeave(
	dirty: boolean,
	// eslint-disable-next-line no-alert
	confirm: ( message: string ) => boolean = ( m ) => window.confirm( m )
): boolean {
	const ok =
		! dirty ||
		confirm(
			__(
				'You have unsaved changes. Leave the editor and lose them?',
				'kestrel-forms'
			)
		);
	leaving = dirty && ok;
	return ok;
}
