/**
 * A section break: a heading and its description, no input.
 */
import { ids } from '../../ids';
import { cx } from '../../components/field-parts';
import { RevealDiv } from '../../components/reveal';
import type { FieldProps } from '../types';

/**
 * The section's heading.
 *
 * @param props Field props.
 */
export function SectionControl( props: FieldProps ) {
	const { formId, field } = props;
	return (
		<RevealDiv
			id={ ids.field( formId, field.id ) }
			className={ cx( 'kestrel-form__section', field.cssClass ) }
			concealed={ !! props.concealed }
		>
			{ field.label && (
				<h3 className="kestrel-form__section-title">{ field.label }</h3>
			) }
			{ field.description && (
				<p className="kestrel-form__description">
					{ field.description }
				</p>
			) }
		</RevealDiv>
	);
}
