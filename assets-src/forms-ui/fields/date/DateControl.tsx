/**
 * Date fields (docs/field-types.md). The date picker: one text input in the field's
 * `dateFormat`, a hint showing that format ("MM/DD/YYYY") and a button that opens the calendar
 * dialog (Calendar.tsx); the value is the text as typed. Drop-downs or three number inputs:
 * Month (N.1), Day (N.2) and Year (N.3) in the format's order; the value is the tuple
 * `[month, day, year]`. The inputs are the basic control's (basic/BasicDate.tsx, what the page
 * shows before its scripts run); this script adds the calendar.
 */
import { useCallback, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { ids } from '../../ids';
import { BasicDate } from '../basic/BasicDate';
import type { FieldProps } from '../types';
import { Calendar } from './Calendar';
import {
	formatDate,
	parseDate,
	parseIso,
	type DateParts,
} from '../../../forms-engine';

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
 * The date field.
 *
 * @param props Field props.
 */
export function DateControl( props: FieldProps ) {
	return props.field.dateType === 'datedropdown' ||
		props.field.dateType === 'datefield' ? (
		<BasicDate { ...props } />
	) : (
		<DatePicker { ...props } />
	);
}

/**
 * The text input with its format hint (the basic control's) and the calendar.
 *
 * @param props Field props.
 */
function DatePicker( props: FieldProps ) {
	const { formId, field } = props;
	const [ open, setOpen ] = useState( false );
	const button = useRef< HTMLButtonElement >( null );
	const dialogId = `${ ids.input( formId, field.id ) }_calendar`;
	const text = typeof props.value === 'string' ? props.value : '';
	const close = () => {
		setOpen( false );
		button.current?.focus();
	};
	const dismiss = useCallback( () => setOpen( false ), [] );
	return (
		<BasicDate
			{ ...props }
			extra={
				<>
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
							value={ parseDate( text.trim(), field.dateFormat ) }
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
			}
		/>
	);
}
