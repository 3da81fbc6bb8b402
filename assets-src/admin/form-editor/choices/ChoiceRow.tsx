/**
 * One compact row of the choices editor: a drag handle, label, value, price (priced fields),
 * "selected by default", move up and down (the keyboard's way to reorder) and remove. Each
 * input keeps its full name for assistive technology ("Choice 2 label"); only the column
 * headings show.
 */
import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { DragEvent } from 'react';
import type { Choice } from '../../../shared';

export interface ChoiceRowProps {
	choice: Choice;
	/** 0-based position. */
	index: number;
	count: number;
	priced: boolean;
	/** A row is being dragged over this one. */
	isDropTarget: boolean;
	onChange: ( patch: Partial< Choice > ) => void;
	onMove: ( to: number ) => void;
	onRemove: () => void;
	/** Drag and drop: the row's handlers. */
	drag: {
		onDragStart: ( event: DragEvent ) => void;
		onDragOver: ( event: DragEvent ) => void;
		onDragLeave: () => void;
		onDrop: ( event: DragEvent ) => void;
		onDragEnd: () => void;
	};
}

/**
 * The row.
 *
 * @param props              Props.
 * @param props.choice
 * @param props.index
 * @param props.count
 * @param props.priced
 * @param props.isDropTarget
 * @param props.onChange
 * @param props.onMove
 * @param props.onRemove
 * @param props.drag
 */
export function ChoiceRow( {
	choice,
	index,
	count,
	priced,
	isDropTarget,
	onChange,
	onMove,
	onRemove,
	drag,
}: ChoiceRowProps ) {
	const n = index + 1;
	return (
		<li
			className={ `kestrel-forms-choices__row${
				isDropTarget ? ' is-drop-target' : ''
			}` }
			onDragOver={ drag.onDragOver }
			onDragLeave={ drag.onDragLeave }
			onDrop={ drag.onDrop }
		>
			<span
				className="kestrel-forms-choices__handle"
				draggable
				onDragStart={ drag.onDragStart }
				onDragEnd={ drag.onDragEnd }
				title={ __( 'Drag to reorder', 'kestrel-forms' ) }
				aria-hidden="true"
			>
				⋮⋮
			</span>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				hideLabelFromVision
				label={ sprintf(
					/* translators: %d: choice number. */
					__( 'Choice %d label', 'kestrel-forms' ),
					n
				) }
				value={ choice.text }
				onChange={ ( text ) =>
					onChange( {
						text,
						// The value follows the label while they were equal.
						value:
							choice.value === choice.text ? text : choice.value,
					} )
				}
			/>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				hideLabelFromVision
				label={ sprintf(
					/* translators: %d: choice number. */
					__( 'Choice %d value', 'kestrel-forms' ),
					n
				) }
				value={ choice.value }
				onChange={ ( value ) => onChange( { value } ) }
			/>
			{ priced && (
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					hideLabelFromVision
					label={ sprintf(
						/* translators: %d: choice number. */
						__( 'Choice %d price', 'kestrel-forms' ),
						n
					) }
					inputMode="decimal"
					value={ choice.price ?? '' }
					onChange={ ( price ) => onChange( { price } ) }
				/>
			) }
			<input
				type="checkbox"
				className="kestrel-forms-choices__default"
				aria-label={ sprintf(
					/* translators: %d: choice number. */
					__( 'Choice %d selected by default', 'kestrel-forms' ),
					n
				) }
				title={ __( 'Selected by default', 'kestrel-forms' ) }
				checked={ Boolean( choice.isSelected ) }
				onChange={ ( e ) =>
					onChange( { isSelected: e.target.checked || undefined } )
				}
			/>
			<Button
				size="small"
				variant="tertiary"
				disabled={ index === 0 }
				label={ sprintf(
					/* translators: %d: choice number. */
					__( 'Move choice %d up', 'kestrel-forms' ),
					n
				) }
				onClick={ () => onMove( index - 1 ) }
			>
				↑
			</Button>
			<Button
				size="small"
				variant="tertiary"
				disabled={ index === count - 1 }
				label={ sprintf(
					/* translators: %d: choice number. */
					__( 'Move choice %d down', 'kestrel-forms' ),
					n
				) }
				onClick={ () => onMove( index + 1 ) }
			>
				↓
			</Button>
			<Button
				size="small"
				variant="tertiary"
				isDestructive
				disabled={ count === 1 }
				label={ sprintf(
					/* translators: %d: choice number. */
					__( 'Remove choice %d', 'kestrel-forms' ),
					n
				) }
				onClick={ onRemove }
			>
				×
			</Button>
		</li>
	);
}
