/**
 * Visitor UI: React components and bindings. Public face for entries and the editor preview.
 */
export { Form } from './components/Form';
export type { FormProps } from './components/Form';
// The row editor of list and repeater fields, also used by the entry screen's value editing.
export { RowsField } from './fields/rows/RowsField';
export { ids } from './ids';
export { publicUtils } from './public-utils';
export type { PublicUtils } from './public-utils';
// The browser's checks of chosen files, also run by the entry screen's uploader.
export {
	acceptOf,
	fileProblem,
	maxFilesMessage,
	rulesFromPolicy,
	rulesText,
	uploadRules,
} from './uploads/checks';
export type { UploadRules } from './uploads/checks';
// The visitors' upload id (8 hex) and chunk size, also used by the entry screen's uploader.
export { DEFAULT_CHUNK_SIZE, newUploadId } from './uploads/upload-id';
// The editor's live preview runs the form in a frame of the site; the messages both sides speak.
export {
	EDITOR_FORM,
	originOf,
	readFrameMessage,
	FRAME_HEIGHT,
	FRAME_READY,
	MAX_FRAME_HEIGHT,
	visitorPart,
} from './live-preview/protocol';
export type { EditorMessage, PreviewForm } from './live-preview/protocol';
