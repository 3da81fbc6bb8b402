/**
 * The editor's live preview: the form being edited, unsaved changes included, in a frame that
 * holds a front-end page of the site (Frontend\Preview in live mode), so it has the theme's
 * styles and shows one page at a time as visitors see it (issue 14; docs/preview.md). The frame
 * renders the visitor form; the editor sends it the visitor part of each edited definition
 * (forms-ui live-preview protocol) and sizes the frame to its content.
 */
import { Notice } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import {
	EDITOR_FORM,
	FRAME_HEIGHT,
	FRAME_READY,
	originOf,
	readFrameMessage,
	visitorPart,
	type EditorMessage,
	type PreviewForm,
} from '../../forms-ui';

/** The frame's height until it reports its content's. */
const INITIAL_HEIGHT = 480;

/** How long the frame may take to say it listens before the editor says it did not load. */
export const LIVE_PREVIEW_TIMEOUT_MS = 15000;

/**
 * The preview frame.
 *
 * @param props            Props.
 * @param props.url        The live preview URL (config.ts livePreviewUrl()).
 * @param props.form       The definition being edited, with the form's id.
 * @param props.previewUrl The saved form's preview in a tab, offered when the frame fails.
 */
export function LivePreview( {
	url,
	form,
	previewUrl,
}: {
	url: string;
	form: PreviewForm;
	previewUrl: string;
} ) {
	const frame = useRef< HTMLIFrameElement >( null );
	const latest = useRef( form );
	latest.current = form;
	// Whether the frame listens: a ref for the senders, state for what renders.
	const listening = useRef( false );
	const [ ready, setReady ] = useState( false );
	const [ failed, setFailed ] = useState( false );
	const [ height, setHeight ] = useState( INITIAL_HEIGHT );
	const origin = originOf( url, window.location.href );

	const send = ( target: PreviewForm ) => {
		const win = frame.current?.contentWindow;
		if ( win && origin ) {
			const message: EditorMessage = {
				type: EDITOR_FORM,
				form: visitorPart( target ),
			};
			win.postMessage( message, origin );
		}
	};

	// Only the frame's own window, from the site's origin, is listened to.
	useEffect( () => {
		const onMessage = ( event: MessageEvent ) => {
			if (
				! frame.current ||
				event.source !== frame.current.contentWindow ||
				event.origin !== origin
			) {
				return;
			}
			const message = readFrameMessage( event.data );
			if ( message?.type === FRAME_READY ) {
				// Also after the frame reloads: it starts from the saved form again.
				listening.current = true;
				setReady( true );
				setFailed( false );
				send( latest.current );
			} else if ( message?.type === FRAME_HEIGHT ) {
				setHeight( message.height );
			}
		};
		window.addEventListener( 'message', onMessage );
		return () => window.removeEventListener( 'message', onMessage );
		// eslint-disable-next-line react-hooks/exhaustive-deps -- send() reads refs only.
	}, [ origin ] );

	// A frame that never says it listens (an expired link, a redirect to another address, a
	// script that failed) is said to have failed, with the preview in a tab as the way on.
	useEffect( () => {
		if ( ready ) {
			return;
		}
		const timer = window.setTimeout(
			() => setFailed( true ),
			LIVE_PREVIEW_TIMEOUT_MS
		);
		return () => window.clearTimeout( timer );
	}, [ ready, url ] );

	// Every later edit reaches the frame (the first definition goes when it says it listens).
	useEffect( () => {
		if ( listening.current ) {
			send( form );
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps -- send() reads refs only.
	}, [ form ] );

	return (
		<>
			{ failed && (
				<Notice status="warning" isDismissible={ false }>
					{ __(
						'The live preview did not load. Reload this screen, or save and open the preview in a tab:',
						'kestrel-forms'
					) }{ ' ' }
					<a href={ previewUrl } target="_blank" rel="noreferrer">
						{ __( 'Preview', 'kestrel-forms' ) }
					</a>
				</Notice>
			) }
			<iframe
				ref={ frame }
				className="kestrel-forms-live-preview__frame"
				title={ __( 'Live preview of the form', 'kestrel-forms' ) }
				src={ url }
				style={ { height } }
				aria-busy={ ! ready }
			/>
		</>
	);
}
