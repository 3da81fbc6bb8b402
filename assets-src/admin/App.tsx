/**
 * The admin forms app: the list, or the editor of one form. The old preview route
 * (`&preview=1`) goes on to the front-end preview (form-editor/preview.ts).
 */
import { useEffect } from '@wordpress/element';
import { previewUrl, type AdminConfig } from './config';
import { Editor } from './form-editor/Editor';
import { FormsList } from './forms-list/FormsList';

/**
 * Sends the old admin preview route to the front-end preview.
 *
 * @param props        Props.
 * @param props.config Server config.
 */
function ToFrontEndPreview( { config }: { config: AdminConfig } ) {
	useEffect( () => {
		window.location.replace( previewUrl( config, config.formId ) );
	}, [ config ] );
	return null;
}

/**
 * @param props        Props.
 * @param props.config Server config.
 */
export function App( { config }: { config: AdminConfig } ) {
	if ( config.formId && config.preview && config.previewUrl ) {
		return <ToFrontEndPreview config={ config } />;
	}
	return config.formId ? (
		<Editor config={ config } />
	) : (
		<FormsList config={ config } />
	);
}
