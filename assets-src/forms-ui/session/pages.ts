/**
 * Multi-page forms (spec §2, §4): pages split at page breaks; a page whose fields are all
 * hidden, or whose break is hidden by its rules, is skipped.
 */
import type { FieldDefinition } from '../../shared';
import type { Evaluation } from '../../forms-engine';
import type { FormPage, Navigation } from './types';

/**
 * The pages of a form: the fields before the first page break, then after each break.
 *
 * @param fields Fields in order.
 */
export function splitPages( fields: FieldDefinition[] ): FormPage[] {
	const pages: FormPage[] = [ { breakField: null, fields: [] } ];
	for ( const field of fields ) {
		if ( field.type === 'page' ) {
			pages.push( { breakField: field, fields: [] } );
		} else {
			pages[ pages.length - 1 ].fields.push( field );
		}
	}
	return pages;
}

/**
 * The pages shown and the buttons of the current page.
 *
 * @param pages      The form's pages.
 * @param page       The current page.
 * @param evaluation The evaluation (null: everything shows).
 */
export function navigation(
	pages: FormPage[],
	page: number,
	evaluation: Evaluation | null
): Navigation {
	const isShown = ( id: number ) =>
		! evaluation || evaluation.visible[ id ] !== false;
	const pageShown = ( index: number ) => {
		const { breakField, fields } = pages[ index ];
		return (
			( ! breakField || isShown( breakField.id ) ) &&
			fields.some( ( f ) => f.type !== 'hidden' && isShown( f.id ) )
		);
	};
	const shownPages = pages
		.map( ( _, i ) => i )
		.filter( ( i ) => i === page || pageShown( i ) );
	const nextPage = shownPages.find( ( i ) => i > page ) ?? null;
	const previousPage =
		[ ...shownPages ].reverse().find( ( i ) => i < page ) ?? null;
	// The Next button of this page is the one on the break that starts the next page.
	const nextBreak =
		nextPage !== null ? ( pages[ page + 1 ]?.breakField ?? null ) : null;
	return {
		shownPages,
		nextPage,
		previousPage,
		nextBreak,
		nextShown:
			! nextBreak ||
			! evaluation ||
			evaluation.nextVisible[ nextBreak.id ] !== false,
		submitShown: ! evaluation || evaluation.submitVisible,
	};
}

/**
 * The page that holds a field (-1: none).
 *
 * @param pages   The form's pages.
 * @param fieldId The field.
 */
export function pageOf( pages: FormPage[], fieldId: number ): number {
	return pages.findIndex( ( p ) =>
		p.fields.some( ( f ) => f.id === fieldId )
	);
}
