/**
 * DataViews 4.17 (the release in WordPress 6.8, see docs/adr/admin-lists-dataviews.md) draws
 * each filter chip's remove button as an icon with a hover tooltip and no accessible name
 * (axe: button-name, critical). Until DataViews names it, this names it after its chip:
 * "Remove filter: Status is: Active".
 */
import { useEffect, type RefObject } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Names every unnamed chip remove button inside a container.
 *
 * @param container Element that holds a DataViews.
 */
export function nameFilterRemoveButtons( container: HTMLElement ): void {
	container
		.querySelectorAll< HTMLButtonElement >(
			'.dataviews-filters__summary-chip-remove'
		)
		.forEach( ( button ) => {
			const chip = button
				.closest( '.dataviews-filters__summary-chip-container' )
				?.querySelector( '.dataviews-filters__summary-chip' );
			const text = ( chip?.textContent ?? '' ).trim();
			const label = sprintf(
				/* translators: %s: a filter as shown, e.g. "Status is: Active". */
				__( 'Remove filter: %s', 'kestrel-forms' ),
				text
			);
			if ( button.getAttribute( 'aria-label' ) !== label ) {
				button.setAttribute( 'aria-label', label );
			}
		} );
}

/**
 * Keeps the names right while DataViews redraws its filters.
 *
 * @param ref Ref of the element that holds the DataViews.
 */
export function useNamedFilterButtons( ref: RefObject< HTMLElement > ): void {
	useEffect( () => {
		const container = ref.current;
		if ( ! container ) {
			return;
		}
		nameFilterRemoveButtons( container );
		const observer = new window.MutationObserver( () =>
			nameFilterRemoveButtons( container )
		);
		observer.observe( container, {
			childList: true,
			subtree: true,
			characterData: true,
		} );
		return () => observer.disconnect();
	}, [ ref ] );
}
