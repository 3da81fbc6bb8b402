/**
 * A basic control the visitor is using when the form's scripts take over stays until they are
 * done with it (docs/server-rendering.md §6).
 *
 * The scripts load on intent, so the visitor is often already in the form when it is hydrated:
 * typing a password, a date or a card number into the basic control, or with the file chooser of
 * the basic file input open. Swapping in the enhanced control then would take the focus (a
 * phone's keyboard closes) and lose what was typed since, or the chosen file. So:
 * - a basic file input that holds files at hydration hands them to the chunked uploader
 *   (takeHandedFiles); one whose chooser is open (it has the focus) stays until the visitor
 *   chose or cancelled, or moved to another control, and then hands its files over;
 * - any other basic control that has the focus stays until the focus goes elsewhere, a click
 *   lands elsewhere, or the form is submitted; what was typed in it is then handed to the form's state
 *   (the caller's `handOver`), and the enhanced control takes over.
 */
import { useEffect, useRef, useState } from '@wordpress/element';

/** Files handed over, by input id, until the uploader takes them. */
const handed = new Map< string, File[] >();

/**
 * Keeps a basic input's files for its uploader.
 *
 * @param inputId The input's id.
 * @param input   The input.
 */
function keep( inputId: string, input: HTMLInputElement ) {
	if ( input.files?.length ) {
		handed.set( inputId, Array.from( input.files ) );
	}
}

/**
 * The files handed over for an input (once: they are forgotten here).
 *
 * @param inputId The input's id.
 * @return The files, or an empty list.
 */
export function takeHandedFiles( inputId: string ): File[] {
	const files = handed.get( inputId ) ?? [];
	handed.delete( inputId );
	return files;
}

/** The field whose basic control may be in use, once the form is hydrated. */
export interface BasicField {
	/** The field's element id (`field_{form}_{id}`). */
	rootId: string;
	/** The basic file input's id, for an upload field. */
	fileInputId?: string | null;
}

/**
 * Whether the field's basic control must stay a little longer, once the form is hydrated.
 *
 * @param field    The field once the form is hydrated; null before (nothing to decide yet).
 * @param handOver Puts what was typed in the basic control into the form's state (not for files).
 * @return Whether to keep rendering the basic control.
 */
export function useBasicInUse(
	field: BasicField | null,
	handOver: () => void
): boolean {
	const seen = useRef< string | null >( null );
	const inUse = useRef< HTMLElement | null >( null );
	const latestHandOver = useRef( handOver );
	latestHandOver.current = handOver;
	const [ done, setDone ] = useState( false );
	// Decided during the render that would replace the control, while it is still in the page.
	if ( field && seen.current !== field.rootId ) {
		seen.current = field.rootId;
		inUse.current = controlInUse( field );
	}
	const rootId = field?.rootId ?? null;
	const fileInputId = field?.fileInputId ?? null;
	useEffect( () => {
		const control = inUse.current;
		if ( ! control || ! rootId ) {
			return;
		}
		const doc = control.ownerDocument;
		let finished = false;
		const finish = () => {
			if ( finished ) {
				return;
			}
			finished = true;
			if ( fileInputId && control instanceof HTMLInputElement ) {
				keep( fileInputId, control );
			} else {
				latestHandOver.current();
			}
			setDone( true );
		};
		const elsewhere = ( event: Event ) => {
			if (
				! ( event.target instanceof Node ) ||
				! control.contains( event.target )
			) {
				finish();
			}
		};
		const listeners: Array< [ EventTarget, string, EventListener ] > = [
			[ doc, 'focusin', elsewhere ],
		];
		if ( fileInputId ) {
			listeners.push( [ control, 'change', finish ] );
			listeners.push( [ control, 'cancel', finish ] );
		} else {
			// A click, not a pointerdown: a touch that scrolls the page must not end it.
			listeners.push( [ doc, 'click', elsewhere ] );
			// Before the form's own submit handler reads the state.
			listeners.push( [ doc, 'submit', finish ] );
		}
		listeners.forEach( ( [ target, type, listener ] ) =>
			target.addEventListener( type, listener, true )
		);
		return () =>
			listeners.forEach( ( [ target, type, listener ] ) =>
				target.removeEventListener( type, listener, true )
			);
	}, [ rootId, fileInputId ] );
	return inUse.current !== null && ! done;
}

/**
 * The basic control the visitor is using, if any: a file input holding files hands them over at
 * once; a focused file input, or a field holding the focus, is in use.
 *
 * @param field The field.
 * @return The element to watch (the file input, or the field), or null.
 */
function controlInUse( field: BasicField ): HTMLElement | null {
	if ( field.fileInputId ) {
		const input = document.getElementById( field.fileInputId );
		if (
			! ( input instanceof HTMLInputElement ) ||
			input.type !== 'file'
		) {
			return null;
		}
		if ( input.files?.length ) {
			keep( field.fileInputId, input );
			return null;
		}
		return input.ownerDocument.activeElement === input ? input : null;
	}
	const root = document.getElementById( field.rootId );
	const active = root?.ownerDocument.activeElement;
	return root && active && active !== root && root.contains( active )
		? root
		: null;
}
