/**
 * Choices of select, radio, checkbox and pricing fields: compact rows (choices/ChoiceRow) that
 * reorder by drag or by their move buttons, prices, and a bulk add with preset lists
 * (choices/BulkAdd; "text|price" per line, as Gravity Forms' choice values:
 * specs/forms-visitor-behaviour.md §3).
 */
import { Button } from '@wordpress/components';
import { useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { DragEvent } from 'react';
import type { Choice } from '../../shared';
import { BulkAdd } from './choices/BulkAdd';
import { ChoiceRow } from './choices/ChoiceRow';
import { moveItem } from './list-order';

/**
 * Choices from bulk text: one per line, "text" or "text|price". Blank lines are skipped, and so
 * is a line whose value another choice (listed or earlier in the text) already has: a submitted
 * value must name one choice. A price that is not a plain number ("abc", "5,50") is not read:
 * the whole line becomes the label and the price 0.00, for the admin to correct.
 *
 * @param text     Lines.
 * @param priced   Whether prices are read.
 * @param existing Choices the field already has.
 */
export function parseBulkChoices(
	text: string,
	priced: boolean,
	existing: Choice[] = []
): Choice[] {
	const taken = new Set( existing.map( ( c ) => c.value ) );
	return text
		.split( /\r?\n/ )
		.map( ( line ) => line.trim() )
		.filter( Boolean )
		.map( ( line ): Choice => {
			const bar = line.lastIndexOf( '|' );
			const price = bar >= 0 ? line.slice( bar + 1 ).trim() : '';
			if ( priced && bar >= 0 && /^-?\d+(\.\d+)?$/.test( price ) ) {
				const label = line.slice( 0, bar ).trim();
				return { text: label, value: label, price };
			}
			return priced
				? { text: line, value: line, price: '0.00' }
				: { text: line, value: line };
		} )
		.filter( ( choice ) => {
			if ( choice.value === '' || taken.has( choice.value ) ) {
				return false;
			}
			taken.add( choice.value );
			return true;
		} );
}

export interface ChoicesEditorProps {
	choices: Choice[];
	priced: boolean;
	onChange: ( choices: Choice[] ) => void;
	error?: string;
}

/**
 * The editor.
 *
 * @param props          Props.
 * @param props.choices
 * @param props.priced
 * @param props.onChange
 * @param props.error
 */
export function ChoicesEditor( {
	choices,
	priced,
	onChange,
	error,
}: ChoicesEditorProps ) {
	const [ bulk, setBulk ] = useState( false );
	const [ dropIndex, setDropIndex ] = useState< number | null >( null );
	const dragged = useRef< number | null >( null );
	const set = ( index: number, patch: Partial< Choice > ) =>
		onChange(
			choices.map( ( c, i ) => ( i === index ? { ...c, ...patch } : c ) )
		);
	const dragHandlers = ( index: number ) => ( {
		onDragStart: ( event: DragEvent ) => {
			dragged.current = index;
			event.dataTransfer.effectAllowed = 'move';
			// Firefox starts a drag only with data.
			event.dataTransfer.setData( 'text/plain', String( index ) );
		},
		onDragOver: ( event: DragEvent ) => {
			if ( dragged.current === null ) {
				return;
			}
			event.preventDefault();
			setDropIndex( index );
		},
		onDragLeave: () => setDropIndex( null ),
		onDrop: ( event: DragEvent ) => {
			event.preventDefault();
			const from = dragged.current;
			dragged.current = null;
			setDropIndex( null );
			if ( from !== null && from !== index ) {
				onChange( moveItem( choices, from, index ) );
			}
		},
		onDragEnd: () => {
			dragged.current = null;
			setDropIndex( null );
		},
	} );
	return (
		<fieldset className="kestrel-forms-choices">
			<legend>{ __( 'Choices', 'kestrel-forms' ) }</legend>
			<div
				className={ `kestrel-forms-choices__head${
					priced ? ' is-priced' : ''
				}` }
				aria-hidden="true"
			>
				<span />
				<span>{ __( 'Label', 'kestrel-forms' ) }</span>
				<span>{ __( 'Value', 'kestrel-forms' ) }</span>
				{ priced && <span>{ __( 'Price', 'kestrel-forms' ) }</span> }
				<span title={ __( 'Selected by default', 'kestrel-forms' ) }>
					{ __( 'Default', 'kestrel-forms' ) }
				</span>
			</div>
			<ol
				className={ `kestrel-forms-choices__list${
					priced ? ' is-priced' : ''
				}` }
			>
				{ choices.map( ( choice, index ) => (
					<ChoiceRow
						key={ index }
						choice={ choice }
						index={ index }
						count={ choices.length }
						priced={ priced }
						isDropTarget={ dropIndex === index }
						onChange={ ( patch ) => set( index, patch ) }
						onMove={ ( to ) =>
							onChange( moveItem( choices, index, to ) )
						}
						onRemove={ () =>
							onChange(
								choices.filter( ( _c, i ) => i !== index )
							)
						}
						drag={ dragHandlers( index ) }
					/>
				) ) }
			</ol>
			{ error && <p className="kestrel-forms-error">{ error }</p> }
			<Button
				variant="secondary"
				onClick={ () => {
					const text = sprintf(
						/* translators: %d: choice number. */
						__( 'Choice %d', 'kestrel-forms' ),
						choices.length + 1
					);
					onChange( [
						...choices,
						priced
							? { text, value: text, price: '0.00' }
							: { text, value: text },
					] );
				} }
			>
				{ __( 'Add choice', 'kestrel-forms' ) }
			</Button>{ ' ' }
			<Button
				variant="tertiary"
				aria-expanded={ bulk }
				onClick={ () => setBulk( ! bulk ) }
			>
				{ __( 'Bulk add', 'kestrel-forms' ) }
			</Button>
			{ bulk && (
				<BulkAdd
					priced={ priced }
					onAdd={ ( text ) => {
						const added = parseBulkChoices( text, priced, choices );
						if ( added.length ) {
							onChange( [ ...choices, ...added ] );
						}
						setBulk( false );
					} }
					onReplace={ ( text ) => {
						const next = parseBulkChoices( text, priced );
						// A choice field keeps at least one choice.
						if ( next.length ) {
							onChange( next );
						}
						setBulk( false );
					} }
				/>
			) }
		</fieldset>
	);
}
