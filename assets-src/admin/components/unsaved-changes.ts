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

/**
 * The `features` of a utility popup of a size, centred on the screen
 * (specs/forms-visitor-behaviour.md §2: 500×300 by default, resizable).
 *
 * @param screen             The screen (window.screen).
 * @param screen.availWidth
 * @param screen.availHeight
 * @param screen.availLeft
 * @param screen.availTop
 * @param width              Width in CSS pixels.
 * @param height             Height in CSS pixels.
 */
export function popupFeatures(
	screen: {
		availWidth: number;
		availHeight: number;
		availLeft?: number;
		availTop?: number;
	},
	width = 500,
	height = 300
): string {
	const left =
		( screen.availLeft ?? 0 ) +
		Math.max( 0, Math.round( ( screen.availWidth - width ) / 2 ) );
	const top =
		( screen.availTop ?? 0 ) +
		Math.max( 0, Math.round( ( screen.availHeight - height ) / 2 ) );
	return `popup=yes,width=${ width },height=${ height },left=${ left },top=${ top },resizable=yes,scrollbars=yes`;
}
