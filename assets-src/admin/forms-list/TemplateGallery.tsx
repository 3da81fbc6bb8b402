/**
 * "Add new form": a title and a choice of starting point, a blank form or one of the templates
 * (templates.ts); choosing one creates the form through the REST create route and opens it in
 * the editor.
 */
import { Button, Modal, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FormDefinition } from '../../shared';
import {
	formTemplates,
	startingDefinition,
	type FormTemplate,
} from './templates';

/**
 * @param props          Props.
 * @param props.onCreate Creates the form from the chosen starting definition.
 * @param props.onClose  Closes the gallery.
 */
export function TemplateGallery( {
	onCreate,
	onClose,
}: {
	onCreate: ( definition: FormDefinition ) => Promise< unknown >;
	onClose: () => void;
} ) {
	const [ title, setTitle ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	// One gallery at a time: fixed ids are unique.
	const id = 'kestrel-forms-gallery';
	const choices: Array< {
		key: string;
		name: string;
		description: string;
		template: FormTemplate | null;
	} > = [
		{
			key: 'blank',
			name: __( 'Blank form', 'kestrel-forms' ),
			description: __(
				'Start with no fields and add your own.',
				'kestrel-forms'
			),
			template: null,
		},
		...formTemplates().map( ( t ) => ( {
			key: t.slug,
			name: t.name,
			description: t.description,
			template: t,
		} ) ),
	];

	const choose = async ( template: FormTemplate | null ) => {
		setBusy( true );
		try {
			await onCreate( startingDefinition( template, title ) );
		} finally {
			setBusy( false );
		}
	};

	return (
		<Modal
			title={ __( 'Add new form', 'kestrel-forms' ) }
			onRequestClose={ onClose }
			size="large"
			className="kestrel-forms-gallery"
		>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Form title', 'kestrel-forms' ) }
				help={ __(
					'Optional: a template brings its own title.',
					'kestrel-forms'
				) }
				value={ title }
				onChange={ setTitle }
			/>
			<h2
				className="kestrel-forms-gallery__heading"
				id={ `${ id }-heading` }
			>
				{ __( 'Start from', 'kestrel-forms' ) }
			</h2>
			<ul
				className="kestrel-forms-gallery__cards"
				aria-labelledby={ `${ id }-heading` }
			>
				{ choices.map( ( choice ) => (
					<li
						key={ choice.key }
						className="kestrel-forms-gallery__card"
					>
						<Button
							variant="secondary"
							className="kestrel-forms-gallery__choose"
							aria-describedby={ `${ id }-${ choice.key }` }
							data-template={ choice.key }
							disabled={ busy }
							accessibleWhenDisabled
							onClick={ () => void choose( choice.template ) }
						>
							{ choice.name }
						</Button>
						<p id={ `${ id }-${ choice.key }` }>
							{ choice.description }
						</p>
					</li>
				) ) }
			</ul>
		</Modal>
	);
}
