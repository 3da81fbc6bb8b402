/**
 * DataViews 4.17 (the release in WordPress 6.8, see docs/adr/0004-admin-lists-dataviews.md) draws
 * each filter chip's remove button as an icon with a hover tooltip and no accessible name
 * (axe: button-name, critical). Until DataViews names it, this names it after its chip:
 * "Remove filter: Starred is: Starred", or "Reset filter: …" for a primary filter.
 */
import { useEffect, type RefObject } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Names every unnamed chip remove button inside a container.
 *
 * @param container     Element that holds a DataViews.
 * @param primaryLabels Labels of the primary filters (DataViews marks them in no other way).
 */
export function nameFilterRemoveButtons(
	container: HTMLElement,
	primaryLabels: string[] = []
): void {
	container
		.querySelectorAll< HTMLButtonElement >(
			'.dataviews-filters__summary-chip-remove'
		)
		.forEach( ( button ) => {
			const chip = button
				.closest( '.dataviews-filters__summary-chip-container' )
				?.querySelector( '.dataviews-filters__summary-chip' );
			const text = ( chip?.textContent ?? '' ).trim();
			// A primary filter's button puts it back to its default (its tooltip: "Reset").
			const primary = primaryLabels.some( ( name ) =>
				text.startsWith( `${ name } ` )
			);
			const label = primary
				? sprintf(
						/* translators: %s: a filter as shown, e.g. "Status is: Spam". */
						__( 'Reset filter: %s', 'kestrel-forms' ),
						text
					)
				: sprintf(
						/* translators: %s: a filter as shown, e.g. "Starred is: Starred". */
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
 * @param ref           Ref of the element that holds the DataViews.
 * @param primaryLabels Labels of the primary filters.
 */
export function useNamedFilterButtons(
	ref: RefObject< HTMLElement >,
	primaryLabels: string[] = []
): void {
	useEffect( () => {
		const container = ref.current;
		if ( ! container ) {
			return;
		}
		nameFilterRemoveButtons( container, primaryLabels );
		const observer = new window.MutationObserver( () =>
			nameFilterRemoveButtons( container, primaryLabels )
		);
		observer.observe( container, {
			childList: true,
			subtree: true,
			characterData: true,
		} );
		return () => observer.disconnect();
		// eslint-disable-next-line react-hooks/exhaustive-deps -- the labels are fixed per list.
	}, [ ref ] );
}
