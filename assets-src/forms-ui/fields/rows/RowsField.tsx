import { useEffect, useRef } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { FieldDefinition, RepeatedField } from '../../../shared';
import { columnCount, emptyRow, MAX_ROWS, rowsOf } from '../../../forms-engine';
import { ids } from '../../ids';
import type { FieldProps } from '../types';
import {
	Description,
	FieldShell,
	fieldDescribedBy,
	LabelText,
} from '../../components/field-parts';

/**
 * A list field (rows of one or more columns) or a repeater group (a set of fields repeated as a
 * block). Each row has an add button (a new empty row after it) and a remove button; add is
 * disabled at the maximum (max_items), with a visible note saying why that the add buttons are
 * described by; remove is hidden while one row remains. Every list cell has a label of its own
 * (the column heading), shown where the row is too narrow for the heading row above the cells
 * (a phone: the cells stack, form.scss), so no cell is left unnamed on screen. Adding and
 * removing are announced and move the focus to the row that was added, or that took the
 * removed row's place. The value is the flat list of cells, row after row.
 *
 * @param props Field props, and the form's announcer.
 */
export function RowsField(
	props: FieldProps & {
		label: JSX.Element;
		description: JSX.Element | null;
		describedBy?: string;
	}
) {
	const { formId, field, value, onChange, concealed } = props;
	const rows = rowsOf( field, value );
	if ( rows.length === 0 ) {
		rows.push( emptyRow( field ) );
	}
	const max = Math.min( field.maxRows ?? MAX_ROWS, MAX_ROWS );
	const width = columnCount( field );
	const root = useRef< HTMLFieldSetElement >( null );
	// Row whose first input takes the focus after the next render (after an add or a remove).
	const focusRow = useRef< number | null >( null );
	useEffect( () => {
		if ( focusRow.current === null ) {
			return;
		}
		const row = focusRow.current;
		focusRow.current = null;
		root.current
			?.querySelector< HTMLElement >(
				`[data-row="${ row }"] input, [data-row="${ row }"] select, [data-row="${ row }"] textarea`
			)
			?.focus();
	} );

	const commit = ( next: string[][] ) =>
		onChange( field.id, next.flat(), false );
	const setCell = ( r: number, c: number, text: string ) => {
		const next = rows.map( ( row ) => [ ...row ] );
		next[ r ][ c ] = text;
		onChange( field.id, next.flat(), true );
	};
	const add = ( after: number ) => {
		if ( rows.length >= max ) {
			return;
		}
		const next = [ ...rows ];
		next.splice( after + 1, 0, emptyRow( field ) );
		focusRow.current = after + 1;
		commit( next );
		props.announce?.( __( 'Row added.', 'kestrel-forms' ) );
	};
	const remove = ( r: number ) => {
		if ( rows.length <= 1 ) {
			return;
		}
		const next = rows.filter( ( _, i ) => i !== r );
		focusRow.current = Math.min( r, next.length - 1 );
		commit( next );
		props.announce?.( __( 'Row removed.', 'kestrel-forms' ) );
	};

	const cellId = ( r: number, c: number ) =>
		`${ ids.input( formId, field.id ) }_${ r + 1 }_${ c + 1 }`;
	// Every cell posts under one name, row after row: the flat list the value is (a plain post).
	const cellName = `input_${ field.id }[]`;
	const itemName = field.label || field.adminLabel || '';
	const atLimit = rows.length >= max;
	const limitId = `${ ids.input( formId, field.id ) }_limit`;
	const headed = field.type === 'list' && width > 1;

	return (
		<fieldset
			ref={ root }
			className="kestrel-form__rows"
			data-max_items={ max }
			aria-describedby={ props.describedBy }
			disabled={ concealed }
		>
			<legend className="kestrel-form__label">{ props.label }</legend>
			{ props.description }
			{ headed && (
				<div className="kestrel-form__rows-head" aria-hidden="true">
					{ field.columns?.map( ( column ) => (
						<span key={ column }>{ column }</span>
					) ) }
				</div>
			) }
			{ rows.map( ( row, r ) => (
				<div
					key={ r }
					className="kestrel-form__row"
					data-row={ r }
					role="group"
					aria-label={ sprintf(
						/* translators: 1: field label, 2: row number. */
						__( '%1$s, row %2$d', 'kestrel-forms' ),
						itemName,
						r + 1
					) }
				>
					{ row.map( ( cell, c ) =>
						field.type === 'repeater' && field.fields?.[ c ] ? (
							<RepeatedInput
								key={ c }
								id={ cellId( r, c ) }
								name={ cellName }
								field={ field.fields[ c ] }
								value={ cell }
								onChange={ ( text, typing ) =>
									typing
										? setCell( r, c, text )
										: commit(
												rows.map( ( cells, i ) =>
													i === r
														? cells.map(
																( old, j ) =>
																	j === c
																		? text
																		: old
															)
														: cells
												)
											)
								}
								onBlur={ () => props.onCommit?.( field.id ) }
							/>
						) : (
							<span key={ c } className="kestrel-form__cell">
								{ headed && (
									<label
										className="kestrel-form__cell-label"
										htmlFor={ cellId( r, c ) }
									>
										{ field.columns?.[ c ] }
									</label>
								) }
								<input
									id={ cellId( r, c ) }
									name={ cellName }
									type="text"
									className="kestrel-form__control"
									value={ cell }
									aria-label={ cellLabel( field, c, r ) }
									onChange={ ( e ) =>
										setCell( r, c, e.target.value )
									}
									onBlur={ () =>
										props.onCommit?.( field.id )
									}
								/>
							</span>
						)
					) }
					<span className="kestrel-form__row-actions">
						<button
							type="button"
							className="kestrel-form__row-add"
							onClick={ () => add( r ) }
							disabled={ atLimit }
							aria-describedby={ atLimit ? limitId : undefined }
							aria-label={ sprintf(
								/* translators: %d: row number. */
								__( 'Add a row after row %d', 'kestrel-forms' ),
								r + 1
							) }
						>
							<span aria-hidden="true">+</span>
						</button>
						<button
							type="button"
							className="kestrel-form__row-remove"
							onClick={ () => remove( r ) }
							hidden={ rows.length <= 1 }
							aria-label={ sprintf(
								/* translators: %d: row number. */
								__( 'Remove row %d', 'kestrel-forms' ),
								r + 1
							) }
						>
							<span aria-hidden="true">−</span>
						</button>
					</span>
				</div>
			) ) }
			{ atLimit && (
				<p className="kestrel-form__rows-limit" id={ limitId }>
					{ sprintf(
						/* translators: %d: the most rows the field takes. */
						_n(
							'This field takes at most %d row.',
							'This field takes at most %d rows.',
							max,
							'kestrel-forms'
						),
						max
					) }
				</p>
			) }
		</fieldset>
	);
}

/**
 * The accessible name of a list cell: "Item, row 2", or "Row 2" for a one-column list.
 *
 * @param field List field.
 * @param c     Column index.
 * @param r     Row index.
 */
function cellLabel( field: FieldDefinition, c: number, r: number ): string {
	const column = field.columns?.[ c ];
	return column
		? sprintf(
				/* translators: 1: column heading, 2: row number. */
				__( '%1$s, row %2$d', 'kestrel-forms' ),
				column,
				r + 1
			)
		: sprintf(
				/* translators: 1: field label, 2: row number. */
				__( '%1$s, row %2$d', 'kestrel-forms' ),
				field.label || field.adminLabel || '',
				r + 1
			);
}

/**
 * One field of a repeater row, with its own visible label.
 *
 * @param props          Props.
 * @param props.id       Input id.
 * @param props.name     Input name.
 * @param props.field    The repeated field.
 * @param props.value    Cell text.
 * @param props.onChange Called with the new text, and whether the visitor is typing.
 * @param props.onBlur   The visitor left the input.
 */
function RepeatedInput( props: {
	id: string;
	name: string;
	field: RepeatedField;
	value: string;
	onChange: ( text: string, typing: boolean ) => void;
	onBlur: () => void;
} ) {
	const { id, name, field, value } = props;
	let control: JSX.Element;
	if ( field.type === 'select' ) {
		control = (
			<select
				id={ id }
				name={ name }
				className="kestrel-form__control"
				value={ value }
				aria-required={ field.isRequired || undefined }
				onChange={ ( e ) => props.onChange( e.target.value, false ) }
			>
				<option value="">
					{ __( '— Select —', 'kestrel-forms' ) }
				</option>
				{ field.choices?.map( ( choice ) => (
					<option key={ choice.value } value={ choice.value }>
						{ choice.text }
					</option>
				) ) }
			</select>
		);
	} else if ( field.type === 'textarea' ) {
		control = (
			<textarea
				id={ id }
				name={ name }
				className="kestrel-form__control"
				rows={ 3 }
				value={ value }
				placeholder={ field.placeholder }
				maxLength={ field.maxLength }
				aria-required={ field.isRequired || undefined }
				onChange={ ( e ) => props.onChange( e.target.value, true ) }
				onBlur={ props.onBlur }
			/>
		);
	} else {
		control = (
			<input
				id={ id }
				name={ name }
				type={ field.type === 'email' ? 'email' : 'text' }
				inputMode={ field.type === 'number' ? 'decimal' : undefined }
				className="kestrel-form__control"
				value={ value }
				placeholder={ field.placeholder }
				maxLength={ field.maxLength }
				aria-required={ field.isRequired || undefined }
				onChange={ ( e ) => props.onChange( e.target.value, true ) }
				onBlur={ props.onBlur }
			/>
		);
	}
	return (
		<div className="kestrel-form__repeated">
			<label className="kestrel-form__sublabel" htmlFor={ id }>
				{ field.label }
				{ field.isRequired && (
					<span className="kestrel-form__required" aria-hidden="true">
						{ ' *' }
					</span>
				) }
			</label>
			{ control }
		</div>
	);
}

/**
 * A list or repeater in its shell (the registry's control for `list` and `repeater`).
 *
 * @param props Field props.
 */
export function RowsControl( props: FieldProps ) {
	const { formId, field } = props;
	return (
		<FieldShell { ...props }>
			<RowsField
				{ ...props }
				label={ <LabelText field={ field } /> }
				description={
					<Description formId={ formId } field={ field } />
				}
				describedBy={ fieldDescribedBy( formId, field, props.error ) }
			/>
		</FieldShell>
	);
}
