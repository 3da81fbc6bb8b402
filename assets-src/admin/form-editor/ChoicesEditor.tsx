/**
 * Choices of select, radio, checkbox and pricing fields, with prices and a bulk add
 * ("text|price" per line, as Gravity Forms' choice values: specs/forms-visitor-behaviour.md §3).
 */
import {
	Button,
	CheckboxControl,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { Choice } from '../../shared';

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
	const [ bulk, setBulk ] = useState< string | null >( null );
	const set = ( index: number, patch: Partial< Choice > ) =>
		onChange(
			choices.map( ( c, i ) => ( i === index ? { ...c, ...patch } : c ) )
		);
	return (
		<fieldset className="kestrel-forms-choices">
			<legend>{ __( 'Choices', 'kestrel-forms' ) }</legend>
			{ choices.map( ( choice, index ) => {
				const n = index + 1;
				return (
					<div key={ index } className="kestrel-forms-choices__row">
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ sprintf(
								/* translators: %d: choice number. */
								__( 'Choice %d label', 'kestrel-forms' ),
								n
							) }
							value={ choice.text }
							onChange={ ( text ) =>
								set( index, {
									text,
									// The value follows the label while they were equal.
									value:
										choice.value === choice.text
											? text
											: choice.value,
								} )
							}
						/>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ sprintf(
								/* translators: %d: choice number. */
								__( 'Choice %d value', 'kestrel-forms' ),
								n
							) }
							value={ choice.value }
							onChange={ ( value ) => set( index, { value } ) }
						/>
						{ priced && (
							<TextControl
								__nextHasNoMarginBottom
								__next40pxDefaultSize
								label={ sprintf(
									/* translators: %d: choice number. */
									__( 'Choice %d price', 'kestrel-forms' ),
									n
								) }
								inputMode="decimal"
								value={ choice.price ?? '' }
								onChange={ ( price ) =>
									set( index, { price } )
								}
							/>
						) }
						<CheckboxControl
							__nextHasNoMarginBottom
							label={ sprintf(
								/* translators: %d: choice number. */
								__(
									'Choice %d selected by default',
									'kestrel-forms'
								),
								n
							) }
							checked={ Boolean( choice.isSelected ) }
							onChange={ ( isSelected ) =>
								set( index, {
									isSelected: isSelected || undefined,
								} )
							}
						/>
						<Button
							variant="tertiary"
							isDestructive
							disabled={ choices.length === 1 }
							onClick={ () =>
								onChange(
									choices.filter( ( _c, i ) => i !== index )
								)
							}
						>
							{ sprintf(
								/* translators: %d: choice number. */
								__( 'Remove choice %d', 'kestrel-forms' ),
								n
							) }
						</Button>
					</div>
				);
			} ) }
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
				onClick={ () => setBulk( bulk === null ? '' : null ) }
			>
				{ __( 'Bulk add', 'kestrel-forms' ) }
			</Button>
			{ bulk !== null && (
				<div className="kestrel-forms-choices__bulk">
					<TextareaControl
						__nextHasNoMarginBottom
						label={
							priced
								? __(
										'One choice per line: label|price',
										'kestrel-forms'
									)
								: __( 'One choice per line', 'kestrel-forms' )
						}
						value={ bulk }
						onChange={ setBulk }
					/>
					<Button
						variant="secondary"
						onClick={ () => {
							const added = parseBulkChoices(
								bulk,
								priced,
								choices
							);
							if ( added.length ) {
								onChange( [ ...choices, ...added ] );
							}
							setBulk( null );
						} }
					>
						{ __( 'Add these choices', 'kestrel-forms' ) }
					</Button>
				</div>
			) }
		</fieldset>
	);
}
