/**
 * The error summary above the form (specs/forms-visitor-behaviour.md §8): the heading, then
 * one link per field in error that moves the focus to the field's first input at fault.
 */
import type { RefObject } from 'react';
import type { FieldDefinition } from '../../shared';
import { ids } from '../ids';
import { errorTargetId, focusError } from '../fields/errors';
import type { FieldError } from '../fields/types';

/**
 * The summary.
 *
 * @param props          Props.
 * @param props.formId   Form id.
 * @param props.heading  What the summary says first.
 * @param props.fields   The form's fields (in order).
 * @param props.errors   Errors by field id.
 * @param props.focusRef The summary's element (the form focuses it when it appears).
 */
export function ErrorSummary( props: {
	formId: number;
	heading: string;
	fields: FieldDefinition[];
	errors: Record< number, FieldError >;
	focusRef: RefObject< HTMLDivElement >;
} ) {
	const { formId, errors } = props;
	const inError = props.fields.filter( ( f ) => errors[ f.id ] );
	return (
		<div
			className="kestrel-form__errors"
			id={ ids.summary( formId ) }
			tabIndex={ -1 }
			ref={ props.focusRef }
		>
			<h3 className="kestrel-form__errors-title">{ props.heading }</h3>
			{ inError.length > 0 && (
				<ul>
					{ inError.map( ( field ) => {
						const target = errorTargetId(
							formId,
							field,
							errors[ field.id ]
						);
						return (
							<li key={ field.id }>
								<a
									href={ `#${ target }` }
									onClick={ ( e ) => {
										e.preventDefault();
										focusError( formId, field, target );
									} }
								>
									{ ( field.label ||
										field.adminLabel ||
										String( field.id ) ) +
										': ' +
										errors[ field.id ].message }
								</a>
							</li>
						);
					} ) }
				</ul>
			) }
		</div>
	);
}
