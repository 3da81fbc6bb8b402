import apiFetch from '@wordpress/api-fetch';
import { screen } from '@testing-library/react';
import { renderEditor } from './editor-harness';

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
	renderEditor();
	expect(
		await screen.findByRole( 'heading', { name: 'Edit form: Order' } )
	).toBeTruthy();
} );
