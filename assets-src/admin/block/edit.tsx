import apiFetch from '@wordpress/api-fetch';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import {
	Disabled,
	PanelBody,
	Placeholder,
	SelectControl,
	Spinner,
	ToggleControl,
} from '@wordpress/components';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { createHooks } from '@wordpress/hooks';
import { __ } from '@wordpress/i18n';
import type { FormDefinition } from '../../shared';
import { Form } from '../../forms-ui';
import contact from '../../../plugin/data/templates/contact.json';

export type FormBlockAttributes = {
	formId: number;
	showTitle: boolean;
	showDescription: boolean;
	/** Only in the inserter's example (block.json `example`): shows a sample form. */
	preview?: boolean;
};

/** The inserter's sample: the contact template (plugin/data/templates), as visitors see it. */
const EXAMPLE_FORM = { ...( contact as unknown as FormDefinition ), id: 0 };

type StoredForm = FormDefinition & { id: number };
type FormSummary = { id: number; title: string };

const PER_PAGE = 100;

/**
 * Every form's id and title, following the pages of the list.
 */
async function loadAllForms(): Promise< FormSummary[] > {
	const all: FormSummary[] = [];
	for ( let page = 1; ; page++ ) {
		const batch = await apiFetch< FormSummary[] >( {
			path: `/kestrel-forms/v1/forms?context=embed&per_page=${ PER_PAGE }&page=${ page }`,
		} );
		all.push( ...batch );
		if ( batch.length < PER_PAGE ) {
			return all;
		}
	}
}

/**
 * Editor UI of the form block: pick a form, then see a live, inert preview rendered by the
 * same components visitors get.
 *
 * @param props               Block edit props.
 * @param props.attributes
 * @param props.setAttributes
 */
export function FormBlockEdit( {
	attributes,
	setAttributes,
}: BlockEditProps< FormBlockAttributes > ) {
	const blockProps = useBlockProps();
	const [ forms, setForms ] = useState< FormSummary[] | null >( null );
	const [ error, setError ] = useState< string | null >( null );
	const [ selected, setSelected ] = useState< StoredForm | null >( null );
	const previewHooks = useMemo( () => createHooks(), [] );
	const example = !! attributes.preview;

	// Every form, page by page (the embed view is open to anyone who can edit posts).
	useEffect( () => {
		if ( example ) {
			return;
		}
		loadAllForms()
			.then( setForms )
			.catch( ( e: { message?: string } ) =>
				setError(
					e.message ??
						__( 'The forms could not be loaded.', 'kestrel-forms' )
				)
			);
	}, [ example ] );

	// The chosen form as visitors get it, for the preview.
	useEffect( () => {
		setSelected( null );
		if ( ! attributes.formId ) {
			return;
		}
		apiFetch< StoredForm >( {
			path: `/kestrel-forms/v1/forms/${ attributes.formId }?context=embed`,
		} )
			.then( setSelected )
			.catch( () => setSelected( null ) );
	}, [ attributes.formId ] );

	const picker = forms && (
		<SelectControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			label={ __( 'Form', 'kestrel-forms' ) }
			value={ String( attributes.formId || '' ) }
			options={ [
				{ label: __( 'Choose a form', 'kestrel-forms' ), value: '' },
				...forms.map( ( f ) => ( {
					label: `${ f.title } (#${ f.id })`,
					value: String( f.id ),
				} ) ),
			] }
			onChange={ ( value: string ) =>
				setAttributes( { formId: Number( value ) || 0 } )
			}
		/>
	);

	if ( example ) {
		return (
			<div { ...blockProps }>
				<Disabled>
					<Form
						form={ EXAMPLE_FORM }
						submitPath=""
						hooks={ previewHooks }
						preview
						showTitle
						showDescription
					/>
				</Disabled>
			</div>
		);
	}

	return (
		<div { ...blockProps }>
			<InspectorControls>
				<PanelBody title={ __( 'Form', 'kestrel-forms' ) }>
					{ picker }
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show title', 'kestrel-forms' ) }
						checked={ attributes.showTitle }
						onChange={ ( showTitle: boolean ) =>
							setAttributes( { showTitle } )
						}
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show description', 'kestrel-forms' ) }
						checked={ attributes.showDescription }
						onChange={ ( showDescription: boolean ) =>
							setAttributes( { showDescription } )
						}
					/>
				</PanelBody>
			</InspectorControls>
			{ selected ? (
				<Disabled>
					<Form
						form={ selected }
						submitPath=""
						hooks={ previewHooks }
						preview
						showTitle={ attributes.showTitle }
						showDescription={ attributes.showDescription }
					/>
				</Disabled>
			) : (
				<Placeholder
					icon="feedback"
					label={ __( 'Kestrel Form', 'kestrel-forms' ) }
				>
					{ error && <p role="alert">{ error }</p> }
					{ ! error && ! forms && <Spinner /> }
					{ forms && forms.length === 0 && (
						<p>
							{ __(
								'There are no forms yet. Create one under Forms.',
								'kestrel-forms'
							) }
						</p>
					) }
					{ forms && forms.length > 0 && picker }
				</Placeholder>
			) }
		</div>
	);
}
