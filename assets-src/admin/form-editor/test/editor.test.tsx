import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { render, screen } from '@testing-library/react';
import { store } from '../../store/forms';
import { Editor } from '../Editor';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

it( 'opens the stored form in the editor', async () => {
	( apiFetch as unknown as jest.Mock ).mockResolvedValue( {
		id: 3,
		title: 'Order',
		fields: [ { id: 1, type: 'text', label: 'Name' } ],
		status: 'active',
		createdAt: '',
		updatedAt: '',
		entryCount: 0,
	} );
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<Editor
				config={ {
					formId: 3,
					preview: false,
					listUrl: '/l',
					entriesUrl: '/e',
					shortcodeTag: 'kestrel_form',
				} }
			/>
		</RegistryProvider>
	);
	expect(
		await screen.findByRole( 'heading', { name: 'Edit form: Order' } )
	).toBeTruthy();
} );
