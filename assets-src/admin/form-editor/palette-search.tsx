/**
 * The field palette: every field type in its group, added by click or by dragging onto the
 * canvas, with a search box that narrows the buttons to the types whose name (or type slug)
 * contains the words typed.
 */
import { Button, SearchControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { DragEvent } from 'react';
import { FIELD_TYPES, type FieldType } from '../../shared';
import { fieldTypeLabel } from '../store/forms/definition';

/** The drag data type that carries a field type from the palette to the canvas. */
export const TYPE_MIME = 'application/x-kestrel-field-type';

const GROUPS: { label: string; types: FieldType[] }[] = [
	{
		label: __( 'Standard fields', 'kestrel-forms' ),
		types: [
			'text',
			'textarea',
			'email',
			'number',
			'select',
			'radio',
			'checkbox',
			'hidden',
			'section',
			'html',
			'page',
		],
	},
	{
		label: __( 'Advanced fields', 'kestrel-forms' ),
		types: [
			'fileupload',
			'list',
			'repeater',
			'password',
			'creditcard',
			'captcha',
		],
	},
	{
		label: __( 'Pricing fields', 'kestrel-forms' ),
		types: [
			'product',
			'option',
			'quantity',
			'shipping',
			'total',
			'payment',
		],
	},
];

// Every schema type is in the palette exactly once.
const PALETTE_TYPES = GROUPS.flatMap( ( g ) => g.types );
if (
	process.env.NODE_ENV !== 'production' &&
	PALETTE_TYPES.length !== FIELD_TYPES.length
) {
	// eslint-disable-next-line no-console
	console.warn( 'kestrel-forms: the palette misses field types' );
}

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
	const groups = GROUPS.map( ( g ) => ( {
		...g,
		types: g.types.filter( ( t ) => typeMatches( t, search ) ),
	} ) ).filter( ( g ) => g.types.length > 0 );
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
