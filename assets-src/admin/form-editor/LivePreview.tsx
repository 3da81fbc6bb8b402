/**
 * The editor's live preview: the form being edited, unsaved changes included, in a frame that
 * holds a front-end page of the site (Frontend\Preview in live mode), so it has the theme's
 * styles and shows one page at a time as visitors see it (issue 14; docs/preview.md). The frame
 * renders the visitor form; the editor sends it each edited definition (forms-ui live-preview
 * protocol) and sizes the frame to its content.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import {
	EDITOR_FORM,
	FRAME_HEIGHT,
	FRAME_READY,
	originOf,
	readFrameMessage,
	type EditorMessage,
	type PreviewForm,
} from '../../forms-ui';

/** The frame's height until it reports its content's. */
const INITIAL_HEIGHT = 480;

/**
 * The preview frame.
 *
 * @param props      Props.
 * @param props.url  The live preview URL (config.ts livePreviewUrl()).
 * @param props.form The definition being edited, with the form's id.
 */
export function LivePreview( {
	url,
	form,
}: {
	url: string;
	form: PreviewForm;
} ) {
	const frame = useRef< HTMLIFrameElement >( null );
	const latest = useRef( form );
	latest.current = form;
	const [ ready, setReady ] = useState( false );
	const [ height, setHeight ] = useState( INITIAL_HEIGHT );
	const origin = originOf( url, window.location.href );

	const send = ( target: PreviewForm ) => {
		const win = frame.current?.contentWindow;
		if ( win && origin ) {
			const message: EditorMessage = { type: EDITOR_FORM, form: target };
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
				setReady( true );
				send( latest.current );
			} else if ( message?.type === FRAME_HEIGHT ) {
				setHeight( message.height );
			}
		};
		window.addEventListener( 'message', onMessage );
		return () => window.removeEventListener( 'message', onMessage );
		// eslint-disable-next-line react-hooks/exhaustive-deps -- send() reads refs only.
	}, [ origin ] );

	// Every edit reaches the frame once it listens.
	useEffect( () => {
		if ( ready ) {
			send( form );
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps -- send() reads refs only.
	}, [ ready, form ] );

	return (
		<iframe
			ref={ frame }
			className="kestrel-forms-live-preview__frame"
			title={ __( 'Live preview of the form', 'kestrel-forms' ) }
			src={ url }
			style={ { height } }
			aria-busy={ ! ready }
		/>
	);
}
