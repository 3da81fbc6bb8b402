/**
 * The form editor's live preview, inside its frame (a front-end page printed by Frontend\Preview
 * in live mode; forms-ui/live-preview). Loaded on that page only, for form managers.
 */
import {
	startLiveFrame,
	type LiveFrameConfig,
} from '../forms-ui/live-preview/frame';
import '../shared/money/all-currencies';
// The owner may add any field type while editing: every control whose script the visitor page
// loads per form is here at once.
import '../forms-ui/fields/all-script-controls';
// The visitor form's own style is form-view's (Assets::enqueue_live_preview()).
import '../forms-ui/live-preview/frame.scss';

const start = () => {
	const container = document.getElementById( 'kestrel-forms-live-preview' );
	const measured = document.getElementById(
		'kestrel-forms-live-preview-page'
	);
	if ( ! container || ! measured ) {
		return;
	}
	// Printed before this script (Frontend\Preview::template()).
	const config = (
		window as Window & { kestrelFormsLivePreview?: LiveFrameConfig }
	 ).kestrelFormsLivePreview;
	if ( config ) {
		startLiveFrame( container, measured, config );
	}
};

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', start );
} else {
	start();
}
