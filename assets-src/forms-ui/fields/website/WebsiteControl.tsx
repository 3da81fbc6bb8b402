/**
 * Website fields (docs/field-types.md): one `type="url"` input with the `url` token, and
 * `https://` as its placeholder when the owner set none.
 */
import { SingleInput } from '../text/TextControl';
import type { FieldProps } from '../types';

/**
 * The website field.
 *
 * @param props Field props.
 */
export function WebsiteControl( props: FieldProps ) {
	return (
		<SingleInput
			{ ...props }
			input={ {
				type: 'url',
				autoComplete: 'url',
				placeholder: 'https://',
			} }
		/>
	);
}
