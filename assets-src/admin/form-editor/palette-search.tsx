/**
 * The field palette: every field type in the group its unit in `field-types/` names, added by
 * click or by dragging onto the canvas, with a search box that narrows the buttons to the types
 * whose name (or type slug) contains the words typed.
 */
import { Button, SearchControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { DragEvent } from 'react';
import type { FieldType } from '../../shared';
import { fieldTypeLabel } from '../store/forms/definition';
import { paletteGroups } from './field-types/registry';

/** The drag data type that carries a field type from the palette to the canvas. */
export const TYPE_MIME = 'application/x-kestrel-field-type';

/**
 * Whether a field type matches a search: every word typed is in its name or its slug.
 *
 * @param type   Field type.
 * @param search Search text.
 */
export function typeMatches( type: FieldType, search: string ): boolean {
	const haystack = `${ fieldTypeLabel( type ) } ${ type }`.toLowerCase();
	return search
		.toLowerCase()
		.split( /\s+/ )
		.filter( Boolean )
		.every( ( word ) => haystack.includes( word ) );
}

/**
 * The palette.
 *
 * @param props       Props.
 * @param props.onAdd Adds a field of a type at the end.
 */
export function Palette( { onAdd }: { onAdd: ( type: FieldType ) => void } ) {
	const [ search, setSearch ] = useState( '' );
	const groups = paletteGroups()
		.map( ( g ) => ( {
			...g,
			types: g.types.filter( ( t ) => typeMatches( t, search ) ),
		} ) )
		.filter( ( g ) => g.types.length > 0 );
	return (
		<aside
			className="kestrel-forms-palette"
			aria-label={ __( 'Add fields', 'kestrel-forms' ) }
		>
			<SearchControl
				__nextHasNoMarginBottom
				className="kestrel-forms-palette__search"
				label={ __( 'Search field types', 'kestrel-forms' ) }
				placeholder={ __( 'Search field types', 'kestrel-forms' ) }
				value={ search }
				onChange={ setSearch }
			/>
			{ groups.length === 0 && (
				<p role="status">
					{ sprintf(
						/* translators: %s: search text. */
						__( 'No field type matches “%s”.', 'kestrel-forms' ),
						search
					) }
				</p>
			) }
			{ groups.map( ( group ) => (
				<section key={ group.label }>
					<h2>{ group.label }</h2>
					<div className="kestrel-forms-palette__buttons">
						{ group.types.map( ( type ) => (
							<Button
								key={ type }
								variant="secondary"
								size="compact"
								draggable
								onDragStart={ ( e: DragEvent ) =>
									e.dataTransfer.setData( TYPE_MIME, type )
								}
								onClick={ () => onAdd( type ) }
								aria-label={ sprintf(
									/* translators: %s: field type. */
									__( 'Add %s field', 'kestrel-forms' ),
									fieldTypeLabel( type )
								) }
							>
								{ fieldTypeLabel( type ) }
							</Button>
						) ) }
					</div>
				</section>
			) ) }
		</aside>
	);
}
