/**
 * The date picker's calendar, a modal dialog after the WAI-ARIA APG "date picker dialog"
 * pattern: a grid of the month's days with one day in the tab order; arrows move a day or a
 * week, Home/End to the week's start/end, Page Up/Down a month (with Shift a year), Enter or
 * Space choose the day, Escape closes and the focus returns to the button that opened it.
 * Days before `min` or after `max` are disabled. Tab stays inside the dialog.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { KeyboardEvent, RefObject } from 'react';
import { toIso, type DateParts as Day } from '../../../forms-engine';
import {
	addDays,
	addMonths,
	asDate,
	compareDays,
	daysIn,
	weekday,
} from './format';

export interface CalendarProps {
	/** The dialog's id (the opening button controls it). */
	id: string;
	/** The chosen day, if any. */
	value: Day | null;
	/** The day the calendar opens on without a value (today). */
	today: Day;
	min?: Day | null;
	max?: Day | null;
	/** Called with the day chosen. */
	onPick: ( day: Day ) => void;
	/** Called when the visitor closes it without choosing. */
	onClose: () => void;
	/** Called when the visitor clicks outside it (the focus stays where they clicked). */
	onDismiss: () => void;
	/** The button that opens it (a press on it is not "outside"). */
	opener: RefObject< HTMLElement >;
}

/**
 * The page's language for month and weekday names.
 */
const locale = () =>
	( typeof document !== 'undefined' && document.documentElement.lang ) ||
	undefined;

/**
 * The calendar dialog.
 *
 * @param props Props.
 */
export function Calendar( props: CalendarProps ) {
	const { min, max } = props;
	const clamp = ( day: Day ) => {
		if ( min && compareDays( day, min ) < 0 ) {
			return min;
		}
		if ( max && compareDays( day, max ) > 0 ) {
			return max;
		}
		return day;
	};
	const [ focus, setFocus ] = useState< Day >( () =>
		clamp( props.value ?? props.today )
	);
	const dialog = useRef< HTMLDivElement >( null );
	// The day takes the focus when the dialog opens and when the grid's keys move it; the month
	// buttons change the month and keep the focus (pressing "Next month" again goes on).
	const moveFocus = useRef( true );
	const focusKey = toIso( focus );
	useEffect( () => {
		if ( ! moveFocus.current ) {
			return;
		}
		moveFocus.current = false;
		dialog.current
			?.querySelector< HTMLButtonElement >( `[data-day="${ focusKey }"]` )
			?.focus();
	}, [ focusKey ] );

	// A press outside the dialog dismisses it, as a popup does.
	const { onDismiss, opener } = props;
	useEffect( () => {
		const doc = dialog.current?.ownerDocument;
		const onPress = ( e: MouseEvent ) => {
			const target = e.target as Node;
			if (
				! dialog.current?.contains( target ) &&
				! opener.current?.contains( target )
			) {
				onDismiss();
			}
		};
		doc?.addEventListener( 'mousedown', onPress );
		return () => doc?.removeEventListener( 'mousedown', onPress );
	}, [ onDismiss, opener ] );

	const disabled = ( day: Day ) =>
		( !! min && compareDays( day, min ) < 0 ) ||
		( !! max && compareDays( day, max ) > 0 );
	const pick = ( day: Day ) => {
		if ( ! disabled( day ) ) {
			props.onPick( day );
		}
	};

	const onGridKey = ( e: KeyboardEvent ) => {
		const moves: Record< string, () => Day > = {
			ArrowLeft: () => addDays( focus, -1 ),
			ArrowRight: () => addDays( focus, 1 ),
			ArrowUp: () => addDays( focus, -7 ),
			ArrowDown: () => addDays( focus, 7 ),
			Home: () => addDays( focus, -weekday( focus ) ),
			End: () => addDays( focus, 6 - weekday( focus ) ),
			PageUp: () => addMonths( focus, e.shiftKey ? -12 : -1 ),
			PageDown: () => addMonths( focus, e.shiftKey ? 12 : 1 ),
		};
		if ( moves[ e.key ] ) {
			e.preventDefault();
			moveFocus.current = true;
			setFocus( moves[ e.key ]() );
		} else if ( e.key === 'Enter' || e.key === ' ' ) {
			e.preventDefault();
			pick( focus );
		}
	};
	const onDialogKey = ( e: KeyboardEvent ) => {
		if ( e.key === 'Escape' ) {
			e.preventDefault();
			e.stopPropagation();
			props.onClose();
			return;
		}
		if ( e.key !== 'Tab' || ! dialog.current ) {
			return;
		}
		// Keep Tab inside the dialog (it is modal).
		const stops = Array.from(
			dialog.current.querySelectorAll< HTMLElement >(
				'button:not([tabindex="-1"])'
			)
		);
		const first = stops[ 0 ];
		const last = stops[ stops.length - 1 ];
		const active = dialog.current.ownerDocument.activeElement;
		if ( e.shiftKey && active === first ) {
			e.preventDefault();
			last.focus();
		} else if ( ! e.shiftKey && active === last ) {
			e.preventDefault();
			first.focus();
		}
	};

	const headingId = `${ props.id }_month`;
	const month = new Intl.DateTimeFormat( locale(), {
		month: 'long',
		year: 'numeric',
		timeZone: 'UTC',
	} ).format( asDate( focus ) );
	const dayName = new Intl.DateTimeFormat( locale(), {
		weekday: 'long',
		month: 'long',
		day: 'numeric',
		year: 'numeric',
		timeZone: 'UTC',
	} );
	const shortName = new Intl.DateTimeFormat( locale(), {
		weekday: 'short',
		timeZone: 'UTC',
	} );
	const longName = new Intl.DateTimeFormat( locale(), {
		weekday: 'long',
		timeZone: 'UTC',
	} );

	// The month's weeks, Sunday first; cells outside the month are empty.
	const first: Day = { year: focus.year, month: focus.month, day: 1 };
	const cells: Array< Day | null > = Array( weekday( first ) ).fill( null );
	for ( let d = 1; d <= daysIn( focus.year, focus.month ); d++ ) {
		cells.push( { year: focus.year, month: focus.month, day: d } );
	}
	while ( cells.length % 7 ) {
		cells.push( null );
	}
	const weeks = Array.from( { length: cells.length / 7 }, ( _, w ) =>
		cells.slice( w * 7, w * 7 + 7 )
	);
	// A week of names, from a Sunday (2023-01-01 was one).
	const names = Array.from( { length: 7 }, ( _, i ) =>
		asDate( { year: 2023, month: 1, day: 1 + i } )
	);
	const same = ( a: Day | null, b: Day | null ) =>
		!! a && !! b && compareDays( a, b ) === 0;

	return (
		// The dialog handles Escape and Tab for everything inside it.
		// eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
		<div
			ref={ dialog }
			id={ props.id }
			className="kestrel-form__calendar"
			role="dialog"
			aria-modal="true"
			aria-labelledby={ headingId }
			onKeyDown={ onDialogKey }
		>
			<div className="kestrel-form__calendar-header">
				<button
					type="button"
					className="kestrel-form__calendar-nav"
					aria-label={ __( 'Previous month', 'kestrel-forms' ) }
					onClick={ () => setFocus( addMonths( focus, -1 ) ) }
				>
					{ '‹' }
				</button>
				<h2 id={ headingId } aria-live="polite">
					{ month }
				</h2>
				<button
					type="button"
					className="kestrel-form__calendar-nav"
					aria-label={ __( 'Next month', 'kestrel-forms' ) }
					onClick={ () => setFocus( addMonths( focus, 1 ) ) }
				>
					{ '›' }
				</button>
			</div>
			<table role="grid" aria-labelledby={ headingId }>
				<thead>
					<tr>
						{ names.map( ( date ) => (
							<th
								key={ date.getUTCDay() }
								scope="col"
								abbr={ longName.format( date ) }
							>
								{ shortName.format( date ) }
							</th>
						) ) }
					</tr>
				</thead>
				<tbody>
					{ weeks.map( ( week, w ) => (
						<tr key={ w }>
							{ week.map( ( day, i ) =>
								day ? (
									<td
										key={ i }
										aria-selected={ same(
											day,
											props.value
										) }
									>
										<button
											type="button"
											data-day={ toIso( day ) }
											tabIndex={
												same( day, focus ) ? 0 : -1
											}
											aria-label={ dayName.format(
												asDate( day )
											) }
											aria-disabled={
												disabled( day ) || undefined
											}
											aria-current={
												same( day, props.today )
													? 'date'
													: undefined
											}
											onClick={ () => pick( day ) }
											onKeyDown={ onGridKey }
										>
											{ day.day }
										</button>
									</td>
								) : (
									<td key={ i } />
								)
							) }
						</tr>
					) ) }
				</tbody>
			</table>
			<div className="kestrel-form__calendar-footer">
				<button type="button" onClick={ props.onClose }>
					{ __( 'Cancel', 'kestrel-forms' ) }
				</button>
			</div>
			<p className="screen-reader-text">
				{ __(
					'Arrow keys move between days, Page Up and Page Down between months.',
					'kestrel-forms'
				) }
			</p>
		</div>
	);
}
