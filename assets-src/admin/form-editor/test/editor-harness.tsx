/**
 * Test helper (not a test): a real forms store with a form open in the editor, and components
 * rendered from the edited definition as Editor.tsx renders them, so every change goes through
 * the store and comes back as props; or the whole editor on a fresh store.
 */
import { createRegistry, RegistryProvider, useSelect } from '@wordpress/data';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useState } from '@wordpress/element';
import type { ConditionalLogic, FormDefinition } from '../../../shared';
import type { AdminConfig } from '../../config';
import { store } from '../../store/forms';
import { Editor } from '../Editor';
import { LogicBuilder } from '../LogicBuilder';

/**
 * The whole editor of form 3 on a fresh registry; it loads the form through the REST API, which
 * the test mocks.
 *
 * @param config Config beyond the defaults (no preview, list /l, entries /e).
 */
export function renderEditor( config: Partial< AdminConfig > = {} ) {
	const registry = createRegistry();
	registry.register( store );
	const result = render(
		<RegistryProvider value={ registry }>
			<Editor
				config={ {
					formId: 3,
					preview: false,
					listUrl: '/l',
					entriesUrl: '/e',
					shortcodeTag: 'kestrel_form',
					...config,
				} }
			/>
		</RegistryProvider>
	);
	return { ...result, registry };
}

/**
 * Opens a definition in the editor of a fresh registry and renders what `view` makes of it.
 *
 * @param definition The form.
 * @param view       Renders from the edited definition.
 */
export function renderWithForm(
	definition: FormDefinition,
	view: ( form: FormDefinition ) => ReactElement
) {
	const registry = createRegistry();
	registry.register( store );
	registry.dispatch( store ).openEditor( {
		...definition,
		id: 3,
		status: 'active',
		createdAt: '',
		updatedAt: '',
		entryCount: 0,
	} );
	function Edited() {
		const form = useSelect(
			( select ) => select( store ).getEditedDefinition(),
			[]
		);
		return form ? view( form ) : null;
	}
	const result = render(
		<RegistryProvider value={ registry }>
			<Edited />
		</RegistryProvider>
	);
	return {
		...result,
		registry,
		/** The edited definition now. */
		edited: (): FormDefinition =>
			registry.select( store ).getEditedDefinition()!,
	};
}

/**
 * A logic builder holding its logic, as a field's settings hold it.
 *
 * @param props                The builder's form, the field it belongs to, a spy.
 * @param props.form           The form the rules read.
 * @param props.excludeFieldId The field whose logic it is.
 * @param props.spy            Sees every change.
 */
export function LogicHarness( {
	form,
	excludeFieldId,
	spy,
}: {
	form: FormDefinition;
	excludeFieldId: number;
	spy: ( l: ConditionalLogic | null ) => void;
} ) {
	const [ logic, setLogic ] = useState< ConditionalLogic | null >( null );
	return (
		<LogicBuilder
			subject="this field"
			form={ form }
			excludeFieldId={ excludeFieldId }
			logic={ logic }
			onChange={ ( next ) => {
				spy( next );
				setLogic( next );
			} }
		/>
	);
}
