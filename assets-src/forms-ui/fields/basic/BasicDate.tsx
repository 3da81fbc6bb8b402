/**
 * The date field without its script (docs/server-rendering.md §3): the date typed in one text
 * box with its format hint (the picker type), or the month, day and year drop-downs or number
 * inputs. The date script adds the calendar button to the text box (date/DateControl.tsx).
 */
import type { ReactNode } from 'react';
import { __, sprintf } from '@wordpress/i18n';
import { parseIso } from '../../../forms-engine';
import { ids } from '../../ids';
import { InputGroup, partLabel, type GroupPart } from '../group/InputGroup';
import { SingleInput } from '../text/TextControl';
import type { FieldProps } from '../types';
import { formatHint, partOrder } from './date-format';

/** Years a drop-down offers around this year when the field sets no limit. */
const YEARS_BACK = 100;
const YEARS_AHEAD = 20;

/**
 * Numbers from `from` to `to` as drop-down options ("01"…).
 *
 * @param from  First.
 * @param to    Last.
 * @param width Zero-padded width.
 */
const range = ( from: number, to: number, width: number ) =>
	Array.from( { length: to - from + 1 }, ( _, i ) => {
		const text = String( from + i ).padStart( width, '0' );
		return { value: text, label: text };
	} );

/**
 * The date field: the parts of the drop-down and three-input types, else the text box.
 *
 * @param props       Field props.
 * @param props.extra What follows the text box's hint (the date picker's button and calendar).
 */
export function BasicDate( props: FieldProps & { extra?: ReactNode } ) {
	const { dateType } = props.field;
	return dateType === 'datedropdown' || dateType === 'datefield' ? (
		<DateParts { ...props } />
	) : (
		<DateText { ...props } />
	);
}

/**
 * The text box with its format hint.
 *
 * @param props       Field props.
 * @param props.extra What follows the hint.
 */
function DateText( props: FieldProps & { extra?: ReactNode } ) {
	const { extra, ...rest } = props;
	const hintId = `${ ids.input( props.formId, props.field.id ) }_format`;
	return (
		<SingleInput
			{ ...rest }
			input={ {
				describedBy: hintId,
				after: (
					<>
						<span className="kestrel-form__hint" id={ hintId }>
							{ sprintf(
								/* translators: %s: the date's format, e.g. MM/DD/YYYY. */
								__( 'Format: %s', 'kestrel-forms' ),
								formatHint( props.field.dateFormat )
							) }
						</span>
						{ extra }
					</>
				),
			} }
		/>
	);
}

/**
 * Month, day and year as drop-downs or number inputs.
 *
 * @param props Field props.
 */
function DateParts( props: FieldProps ) {
	const { field } = props;
	const dropdowns = field.dateType === 'datedropdown';
	const year = new Date().getFullYear();
	const minYear = parseIso( field.dateMin ?? '' )?.year ?? year - YEARS_BACK;
	const maxYear = parseIso( field.dateMax ?? '' )?.year ?? year + YEARS_AHEAD;
	const shapes = {
		m: [ 1, __( 'Month', 'kestrel-forms' ), 1, 12, 2 ],
		d: [ 2, __( 'Day', 'kestrel-forms' ), 1, 31, 2 ],
		y: [ 3, __( 'Year', 'kestrel-forms' ), minYear, maxYear, 4 ],
	} as const;
	const parts = partOrder( field.dateFormat ).map( ( key ): GroupPart => {
		const [ n, label, min, max, width ] = shapes[ key ];
		const part: GroupPart = {
			n,
			index: n - 1,
			label: partLabel( field, n, label ),
			required: !! field.isRequired,
			className: key === 'y' ? 'is-year' : 'is-short',
		};
		if ( dropdowns ) {
			part.options =
				key === 'y'
					? range( min, max, width ).reverse()
					: range( min, max, width );
			part.empty = '';
		} else {
			Object.assign( part, { type: 'number', min, max } );
		}
		return part;
	} );
	return <InputGroup { ...props } parts={ parts } length={ 3 } />;
}
