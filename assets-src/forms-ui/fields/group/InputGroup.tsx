/**
 * Fields of several inputs (name, address, date drop-downs and inputs, time): a fieldset whose
 * legend is the field label, each input with its own visible label, its autocomplete token,
 * aria-required when it must be filled and aria-invalid only when the field's error names it
 * (docs/field-types.md "Validation"). The value is a tuple in the order of the type's inputs.
 *
 * Ids: input "N.n" is `input_{formId}_{fieldId}_{n}` (specs/forms-visitor-behaviour.md §2).
 */
import type { FieldDefinition, FieldInput, FieldValue } from '../../../shared';
import { ids } from '../../ids';
import {
	cx,
	describedBy,
	Description,
	FieldShell,
	FieldLabel,
} from '../../components/field-parts';
import type { FieldProps } from '../types';

/** One input of a group. */
export interface GroupPart {
	/** The input's number: "N.n" is input `n` of field N. */
	n: number;
	/** Its place in the field's tuple. */
	index: number;
	/** Its visible label. */
	label: string;
	autoComplete?: string;
	required?: boolean;
	/** A drop-down's options (value and text); absent: a text box. */
	options?: Array< { value: string; label: string } >;
	/** A drop-down's empty first option (absent: none). */
	empty?: string;
	/** A text box's type and keyboard. */
	type?: 'text' | 'number';
	inputMode?: 'numeric';
	min?: number;
	max?: number;
	maxLength?: number;
	placeholder?: string;
	/** A class for the input's box (its width). */
	className?: string;
}

/**
 * The parts of a tuple value, padded with '' to `length`.
 *
 * @param value  The field's value.
 * @param length How many parts the type has.
 */
export function tupleOf(
	value: FieldValue | undefined,
	length: number
): string[] {
	const parts = Array.isArray( value ) ? value : [];
	return Array.from( { length }, ( _, i ) => parts[ i ] ?? '' );
}

/**
 * The definition's input "N.n" (its custom label, hidden flag, choices…), if it has one.
 *
 * @param field Field.
 * @param n     The input's number.
 */
export function inputOf(
	field: FieldDefinition,
	n: number
): FieldInput | undefined {
	return ( field.inputs ?? [] ).find(
		( input ) => input.id === `${ field.id }.${ n }`
	);
}

/**
 * An input's label: the owner's custom label, else the type's default.
 *
 * @param field    Field.
 * @param n        The input's number.
 * @param fallback The default label.
 */
export function partLabel(
	field: FieldDefinition,
	n: number,
	fallback: string
): string {
	return inputOf( field, n )?.customLabel?.trim() || fallback;
}

/**
 * Whether the field's error is about input `n` (an error naming no input is about them all).
 *
 * @param props Field props.
 * @param n     The input's number.
 */
export function isInvalid( props: FieldProps, n?: number ): boolean {
	if ( ! props.error ) {
		return false;
	}
	if ( ! props.errorInputs?.length || n === undefined ) {
		return true;
	}
	return props.errorInputs.includes( `${ props.field.id }.${ n }` );
}

/**
 * The group.
 *
 * @param props        Field props.
 * @param props.parts  The shown inputs, in the order they are shown.
 * @param props.length How many parts the tuple has.
 */
export function InputGroup(
	props: FieldProps & {
		parts: GroupPart[];
		length: number;
	}
) {
	const { formId, field, error, concealed, parts } = props;
	const values = tupleOf( props.value, props.length );
	const errorId = error ? ids.validation( formId, field.id ) : undefined;
	const set = ( index: number, text: string, typing: boolean ) => {
		const next = [ ...values ];
		next[ index ] = text;
		props.onChange( field.id, next, typing );
	};
	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			<fieldset
				disabled={ concealed }
				className="kestrel-form__fieldset"
				aria-describedby={ describedBy(
					!! field.description && ids.description( formId, field.id )
				) }
			>
				<FieldLabel formId={ formId } field={ field } as="legend" />
				<Description formId={ formId } field={ field } />
				<div className="kestrel-form__inputs">
					{ parts.map( ( part ) => {
						const id = ids.input( formId, field.id, part.n );
						const common = {
							id,
							name: `input_${ field.id }.${ part.n }`,
							className: 'kestrel-form__control',
							value: values[ part.index ],
							autoComplete: part.autoComplete,
							'aria-required': part.required
								? ( true as const )
								: undefined,
							'aria-invalid': isInvalid( props, part.n )
								? ( true as const )
								: undefined,
							'aria-describedby': errorId,
							tabIndex: concealed ? -1 : undefined,
						};
						return (
							<span
								key={ part.n }
								className={ cx(
									'kestrel-form__input',
									part.className
								) }
							>
								<label
									className="kestrel-form__sublabel"
									htmlFor={ id }
								>
									{ part.label }
								</label>
								{ part.options ? (
									<select
										{ ...common }
										onChange={ ( e ) =>
											set(
												part.index,
												e.target.value,
												false
											)
										}
									>
										{ part.empty !== undefined && (
											<option value="">
												{ part.empty }
											</option>
										) }
										{ part.options.map( ( option ) => (
											<option
												key={ option.value }
												value={ option.value }
											>
												{ option.label }
											</option>
										) ) }
									</select>
								) : (
									<input
										{ ...common }
										type={ part.type ?? 'text' }
										inputMode={ part.inputMode }
										min={ part.min }
										max={ part.max }
										maxLength={ part.maxLength }
										placeholder={ part.placeholder }
										onChange={ ( e ) =>
											set(
												part.index,
												e.target.value,
												true
											)
										}
										onBlur={ () =>
											props.onCommit?.( field.id )
										}
									/>
								) }
							</span>
						);
					} ) }
				</div>
			</fieldset>
		</FieldShell>
	);
}
