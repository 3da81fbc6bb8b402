/**
 * The form editor's live preview, inside its frame (a front-end page printed by Frontend\Preview
 * in live mode; forms-ui/live-preview). Loaded on that page only, for form managers.
 */
import {
	startLiveFrame,
	type LiveFrameConfig,
} from '../forms-ui/live-preview/frame';
import '../shared/money/all-currencies';
import '../forms-ui/form.scss';

const start = () => {
	const container = document.getElementById( 'kestrel-forms-live-preview' );
	const measured = document.getElementById(
		'kestrel-forms-live-preview-page'
	);
	if ( ! container || ! measured ) {
		return;
	}
	let config: LiveFrameConfig;
	try {
		config = JSON.parse(
			container.dataset.config ?? ''
		) as LiveFrameConfig;
	} catch {
		return; // Nothing usable was printed.
	}
	startLiveFrame( container, measured, config );
};

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', start );
} else {
	start();
}
