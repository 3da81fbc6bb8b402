/**
 * The form toolbar (edit, settings, entries, preview): submenus open on hover and on keyboard
 * focus and close on leave and Escape (specs/forms-visitor-behaviour.md §1 admin helpers).
 */
import { useRef, useState } from '@wordpress/element';
import type { KeyboardEvent } from 'react';

export interface MenuItem {
	label: string;
	onSelect: () => void;
}

export interface MenuEntry {
	id: string;
	label: string;
	/** The top-level action. */
	onSelect: () => void;
	items?: MenuItem[];
}

/**
 * The toolbar.
 *
 * @param props         Props.
 * @param props.label   Accessible name.
 * @param props.entries Entries.
 */
export function ToolbarMenu( {
	label,
	entries,
}: {
	label: string;
	entries: MenuEntry[];
} ) {
	const [ open, setOpen ] = useState< string | null >( null );
	const tops = useRef< Record< string, HTMLButtonElement | null > >( {} );

	const onKeyDown = ( entry: MenuEntry, event: KeyboardEvent ) => {
		if ( event.key === 'Escape' && open === entry.id ) {
			event.stopPropagation();
			setOpen( null );
			tops.current[ entry.id ]?.focus();
		}
	};

	return (
		<nav className="kestrel-forms-toolbar" aria-label={ label }>
			<ul>
				{ entries.map( ( entry ) => (
					// Hover and focus open the submenu; the buttons inside are the controls.
					// eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
					<li
						key={ entry.id }
						className={ open === entry.id ? 'is-open' : undefined }
						onMouseEnter={ () =>
							entry.items && setOpen( entry.id )
						}
						onMouseLeave={ () => setOpen( null ) }
						// Opens when focus enters the item from outside: Escape moves focus from an
						// item back to the top button, which must not reopen the submenu.
						onFocus={ ( e ) => {
							if (
								entry.items &&
								! e.currentTarget.contains(
									e.relatedTarget as Node | null
								)
							) {
								setOpen( entry.id );
							}
						} }
						onBlur={ ( e ) => {
							if (
								! e.currentTarget.contains(
									e.relatedTarget as Node | null
								)
							) {
								setOpen( null );
							}
						} }
						onKeyDown={ ( e ) => onKeyDown( entry, e ) }
					>
						<button
							type="button"
							ref={ ( el ) => {
								tops.current[ entry.id ] = el;
							} }
							className="kestrel-forms-toolbar__top"
							aria-expanded={
								entry.items ? open === entry.id : undefined
							}
							aria-controls={
								entry.items
									? `kestrel-forms-submenu-${ entry.id }`
									: undefined
							}
							onClick={ entry.onSelect }
						>
							{ entry.label }
						</button>
						{ entry.items && (
							<ul
								id={ `kestrel-forms-submenu-${ entry.id }` }
								className="kestrel-forms-toolbar__submenu"
								hidden={ open !== entry.id }
							>
								{ entry.items.map( ( item ) => (
									<li key={ item.label }>
										<button
											type="button"
											onClick={ () => {
												setOpen( null );
												item.onSelect();
											} }
										>
											{ item.label }
										</button>
									</li>
								) ) }
							</ul>
						) }
					</li>
				) ) }
			</ul>
		</nav>
	);
}
