/**
 * The frame side of the editor's live preview (protocol.ts): renders the visitor form inside a
 * front-end page of the site, re-renders it with each definition the editor sends, and tells the
 * editor its content height so the frame never scrolls on its own.
 */
import { createRoot } from '@wordpress/element';
import { createHooks } from '@wordpress/hooks';
import { Form } from '../components/Form';
import {
	EDITOR_FORM,
	FRAME_HEIGHT,
	FRAME_READY,
	previewKey,
	readEditorMessage,
	type FrameMessage,
	type PreviewForm,
} from './protocol';

/** What the server prints for the frame (Frontend\Preview, live mode). */
export interface LiveFrameConfig {
	/** The saved form's visitor part, shown until the editor sends its edited definition. */
	form: PreviewForm;
	/** The site's currency, for an edited form without one (as the visitor page prices it). */
	defaultCurrency?: string;
	/** The origin of the editor (wp-admin); messages from elsewhere are ignored. */
	adminOrigin: string;
}

/**
 * Starts the preview in `container`: renders the saved form at once, then every definition the
 * editor (the parent window, from `adminOrigin`) sends.
 *
 * @param container Element the form renders into.
 * @param measured  The page's content wrapper: its bottom padding and margin (and the body's)
 *                  are the space kept below the form.
 * @param config    Server config.
 * @param win       The frame's window.
 * @return A function that stops listening and unmounts the form.
 */
export function startLiveFrame(
	container: HTMLElement,
	measured: HTMLElement,
	config: LiveFrameConfig,
	win: Window = window
): () => void {
	const root = createRoot( container );
	const hooks = createHooks();
	const parent = win.parent;
	const post = ( message: FrameMessage ) => {
		if ( parent !== win ) {
			parent.postMessage( message, config.adminOrigin );
		}
	};
	let lastHeight = -1;
	// The form's bottom, not the page's: a theme's viewport-high wrapper (min-height: 100vh)
	// would otherwise grow with the frame, and the frame with it, without end.
	const reportHeight = () => {
		const below = ( element: Element ) => {
			const style = win.getComputedStyle( element );
			return (
				( parseFloat( style.paddingBottom ) || 0 ) +
				( parseFloat( style.marginBottom ) || 0 )
			);
		};
		const height = Math.ceil(
			container.getBoundingClientRect().bottom +
				win.scrollY +
				below( measured ) +
				below( win.document.body )
		);
		if ( height !== lastHeight ) {
			lastHeight = height;
			post( { type: FRAME_HEIGHT, height } );
		}
	};
	const render = ( edited: PreviewForm ) => {
		const form =
			edited.currency || ! config.defaultCurrency
				? edited
				: { ...edited, currency: config.defaultCurrency };
		root.render(
			<Form
				key={ previewKey( form ) }
				form={ form }
				submitPath=""
				hooks={ hooks }
				preview
				onMounted={ reportHeight }
			/>
		);
	};

	const onMessage = ( event: MessageEvent ) => {
		if ( event.source !== parent || event.origin !== config.adminOrigin ) {
			return;
		}
		const message = readEditorMessage( event.data );
		if ( message?.type === EDITOR_FORM ) {
			render( message.form );
		}
	};
	win.addEventListener( 'message', onMessage );

	// Pages, rules and errors change the form's height; so do fonts arriving late.
	const Observer = (
		win as Window & { ResizeObserver?: typeof ResizeObserver }
	 ).ResizeObserver;
	const observer = Observer ? new Observer( reportHeight ) : null;
	observer?.observe( measured );
	observer?.observe( container );

	render( config.form );
	post( { type: FRAME_READY } );

	return () => {
		win.removeEventListener( 'message', onMessage );
		observer?.disconnect();
		root.unmount();
	};
}
