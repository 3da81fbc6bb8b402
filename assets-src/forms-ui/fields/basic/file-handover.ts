/**
 * Files chosen in the basic file input (BasicUpload) before the form's scripts took over are
 * handed to the chunked uploader that replaces it (docs/server-rendering.md §6).
 *
 * The scripts load on intent, so a visitor on a phone whose first touch is "Choose file" starts
 * the download and opens the file chooser at once; the form is hydrated while the chooser is
 * open. Replacing the basic input then would lose the choice. So a basic file input that holds
 * files is read at hydration, and one that has the focus (its chooser open) stays until the
 * visitor chose or cancelled, or moved to another control; its files are handed over then.
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

/**
 * Whether the basic file input must stay a little longer, once the form is hydrated: its
 * chooser is open. Files it already holds are handed over.
 *
 * @param inputId The basic input's id once the form is hydrated; null before (and for other types).
 * @return Whether to keep rendering the basic control.
 */
export function useFileHandover( inputId: string | null ): boolean {
	const seen = useRef< string | null >( null );
	const choosing = useRef< HTMLInputElement | null >( null );
	const [ done, setDone ] = useState( false );
	// Decided during the render that would replace the input, while it is still in the page.
	if ( inputId && seen.current !== inputId ) {
		seen.current = inputId;
		const input = document.getElementById( inputId );
		if ( input instanceof HTMLInputElement && input.type === 'file' ) {
			if ( input.files?.length ) {
				keep( inputId, input );
			} else if ( input.ownerDocument.activeElement === input ) {
				choosing.current = input;
			}
		}
	}
	useEffect( () => {
		const input = choosing.current;
		if ( ! input || ! inputId ) {
			return;
		}
		const finish = () => {
			keep( inputId, input );
			setDone( true );
		};
		const elsewhere = ( event: FocusEvent ) => {
			if ( event.target !== input ) {
				finish();
			}
		};
		input.addEventListener( 'change', finish );
		input.addEventListener( 'cancel', finish );
		input.ownerDocument.addEventListener( 'focusin', elsewhere );
		return () => {
			input.removeEventListener( 'change', finish );
			input.removeEventListener( 'cancel', finish );
			input.ownerDocument.removeEventListener( 'focusin', elsewhere );
		};
	}, [ inputId ] );
	return choosing.current !== null && ! done;
}
