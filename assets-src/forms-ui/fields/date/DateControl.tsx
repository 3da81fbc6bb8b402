/**
 * Date fields (docs/field-types.md). The date picker: one text input in the field's
 * `dateFormat`, a hint showing that format ("MM/DD/YYYY") and a button that opens the calendar
 * dialog (Calendar.tsx); the value is the text as typed. Drop-downs or three number inputs:
 * Month (N.1), Day (N.2) and Year (N.3) in the format's order; the value is the tuple
 * `[month, day, year]`.
 */
import { useCallback, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { ids } from '../../ids';
import { SingleInput } from '../text/TextControl';
import { InputGroup, partLabel, type GroupPart } from '../group/InputGroup';
import type { FieldProps } from '../types';
import { Calendar } from './Calendar';
import {
	formatDate,
	parseDate,
	parseIso,
	type DateParts,
} from '../../../forms-engine';
import { formatHint, partOrder } from './format';

/** Years a drop-down offers around today when the field sets no limit. */
const YEARS_BACK = 100;
const YEARS_AHEAD = 20;

/**
 * Today, in the visitor's time zone.
 */
function today(): DateParts {
	const now = new Date();
	return {
		year: now.getFullYear(),
		month: now.getMonth() + 1,
		day: now.getDate(),
	};
}

/**
 * A `Y-m-d` limit as parts, or null.
 *
 * @param ymd The limit.
 */
const limit = ( ymd: string | undefined ) => parseIso( ymd ?? '' );

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
 * The date field.
 *
 * @param props Field props.
 */
export function DateControl( props: FieldProps ) {
	return props.field.dateType === 'datedropdown' ||
		props.field.dateType === 'datefield' ? (
		<DateParts { ...props } />
	) : (
		<DatePicker { ...props } />
	);
}

/**
 * The text input with its format hint and calendar.
 *
 * @param props Field props.
 */
function DatePicker( props: FieldProps ) {
	const { formId, field } = props;
	const [ open, setOpen ] = useState( false );
	const button = useRef< HTMLButtonElement >( null );
	const inputId = ids.input( formId, field.id );
	const hintId = `${ inputId }_format`;
	const dialogId = `${ inputId }_calendar`;
	const text = typeof props.value === 'string' ? props.value : '';
	const close = () => {
		setOpen( false );
		button.current?.focus();
	};
	const dismiss = useCallback( () => setOpen( false ), [] );
	return (
		<SingleInput
			{ ...props }
			input={ {
				describedBy: hintId,
				after: (
					<>
						<span className="kestrel-form__hint" id={ hintId }>
							{ sprintf(
								/* translators: %s: the date's format, e.g. MM/DD/YYYY. */
								__( 'Format: %s', 'kestrel-forms' ),
								formatHint( field.dateFormat )
							) }
						</span>
						<button
							ref={ button }
							type="button"
							className="kestrel-form__date-button"
							aria-haspopup="dialog"
							aria-expanded={ open }
							aria-controls={ open ? dialogId : undefined }
							disabled={ props.concealed }
							tabIndex={ props.concealed ? -1 : undefined }
							onClick={ () => setOpen( ! open ) }
						>
							{ __( 'Choose date', 'kestrel-forms' ) }
						</button>
						{ open && (
							<Calendar
								id={ dialogId }
								value={ parseDate(
									text.trim(),
									field.dateFormat
								) }
								today={ today() }
								min={ limit( field.dateMin ) }
								max={ limit( field.dateMax ) }
								onPick={ ( day ) => {
									props.onChange(
										field.id,
										formatDate( day, field.dateFormat )
									);
									close();
								} }
								onClose={ close }
								onDismiss={ dismiss }
								opener={ button }
							/>
						) }
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
	const year = today().year;
	const minYear = limit( field.dateMin )?.year ?? year - YEARS_BACK;
	const maxYear = limit( field.dateMax )?.year ?? year + YEARS_AHEAD;
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
