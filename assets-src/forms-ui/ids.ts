/**
 * DOM ids (specs/forms-visitor-behaviour.md §2): inputs input_{formId}_{fieldId}[_{inputIndex}],
 * wrappers field_{formId}_{fieldId}, the submit button form_submit_button_{formId}.
 */
export const ids = {
	field: ( formId: number, fieldId: number ) =>
		`field_${ formId }_${ fieldId }`,
	input: ( formId: number, fieldId: number, index?: number ) =>
		index === undefined
			? `input_${ formId }_${ fieldId }`
			: `input_${ formId }_${ fieldId }_${ index }`,
	label: ( formId: number, fieldId: number ) =>
		`label_${ formId }_${ fieldId }`,
	description: ( formId: number, fieldId: number ) =>
		`description_${ formId }_${ fieldId }`,
	validation: ( formId: number, fieldId: number ) =>
		`validation_message_${ formId }_${ fieldId }`,
	submit: ( formId: number ) => `form_submit_button_${ formId }`,
	summary: ( formId: number ) => `kestrel_form_errors_${ formId }`,
	title: ( formId: number ) => `kestrel_form_title_${ formId }`,
};

/**
 * The element an error summary link points at: the input, or the first choice of a group.
 *
 * @param formId  Form id.
 * @param fieldId Field id.
 * @param grouped Whether the field is a radio/checkbox group.
 */
export function focusTargetId(
	formId: number,
	fieldId: number,
	grouped: boolean
): string {
	return grouped
		? ids.input( formId, fieldId, 1 )
		: ids.input( formId, fieldId );
}
