/**
 * The admin forms app: the list, or the editor of one form, or its preview popup.
 */
import type { AdminConfig } from './config';
import { Editor, PreviewWindow } from './form-editor/Editor';
import { FormsList } from './forms-list/FormsList';

/**
 * @param props        Props.
 * @param props.config Server config.
 */
export function App( { config }: { config: AdminConfig } ) {
	if ( config.formId && config.preview ) {
		return <PreviewWindow config={ config } />;
	}
	return config.formId ? (
		<Editor config={ config } />
	) : (
		<FormsList config={ config } />
	);
}
