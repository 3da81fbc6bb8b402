/**
 * An HTML block: the site owner's markup, no input.
 */
import { ids } from '../../ids';
import { cx } from '../../components/field-parts';
import { RevealDiv } from '../../components/reveal';
import type { FieldProps } from '../types';

/**
 * The block.
 *
 * @param props Field props.
 */
export function HtmlControl( props: FieldProps ) {
	const { formId, field } = props;
	return (
		<RevealDiv
			id={ ids.field( formId, field.id ) }
			className={ cx( 'kestrel-form__html', field.cssClass ) }
			concealed={ !! props.concealed }
		>
			<div
				// The server sanitised this markup with wp_kses_post before printing it.
				dangerouslySetInnerHTML={ {
					__html: field.content ?? '',
				} }
			/>
		</RevealDiv>
	);
}
