/**
 * Bulk add: paste one choice per line ("label|price" on priced fields), or start from a preset
 * list (choices/presets.ts) and edit it, then add the lines after the choices or replace them.
 */
import { Button, SelectControl, TextareaControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { choicePresets } from './presets';

/**
 * The box.
 *
 * @param props           Props.
 * @param props.priced    Prices are read ("label|price").
 * @param props.onAdd     Called with the text to add after the choices.
 * @param props.onReplace Called with the text to replace the choices with.
 */
export function BulkAdd( {
	priced,
	onAdd,
	onReplace,
}: {
	priced: boolean;
	onAdd: ( text: string ) => void;
	onReplace: ( text: string ) => void;
} ) {
	const [ text, setText ] = useState( '' );
	const presets = choicePresets();
	return (
		<div className="kestrel-forms-choices__bulk">
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Preset list', 'kestrel-forms' ) }
				value=""
				options={ [
					{
						value: '',
						label: __( 'Choose a list…', 'kestrel-forms' ),
					},
					...presets.map( ( p ) => ( {
						value: p.id,
						label: p.label,
					} ) ),
				] }
				onChange={ ( id ) => {
					const preset = presets.find( ( p ) => p.id === id );
					if ( preset ) {
						setText( preset.items.join( '\n' ) );
					}
				} }
			/>
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
				rows={ 8 }
				value={ text }
				onChange={ setText }
			/>
			<Button variant="secondary" onClick={ () => onAdd( text ) }>
				{ __( 'Add these choices', 'kestrel-forms' ) }
			</Button>{ ' ' }
			<Button variant="tertiary" onClick={ () => onReplace( text ) }>
				{ __( 'Replace the choices with these', 'kestrel-forms' ) }
			</Button>
		</div>
	);
}
