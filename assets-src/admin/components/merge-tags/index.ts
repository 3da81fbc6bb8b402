/**
 * The merge-tag picker and the tags it offers.
 */
export {
	insertAt,
	MergeTagPicker,
	MergeTagTextareaControl,
	MergeTagTextControl,
	type MergeTagPickerProps,
} from './MergeTagPicker';
export {
	fieldTag,
	filterTags,
	mergeTagsFor,
	type MergeTagOption,
	type MergeTagTarget,
} from './tags';
