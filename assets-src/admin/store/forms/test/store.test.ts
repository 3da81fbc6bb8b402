/**
 * The store through a real registry: thunks, resolvers and selectors, with api-fetch mocked.
 */
import apiFetch from '@wordpress/api-fetch';
import { createRegistry } from '@wordpress/data';
import { store } from '..';
import { queryKey } from '../selectors';
import type { StoredForm } from '../types';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
const mockFetch = apiFetch as unknown as jest.Mock;

const stored: StoredForm = {
	id: 3,
	title: 'Order',
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{ id: 2, type: 'email', label: 'Email' },
	],
	status: 'active',
	createdAt: '2024-01-01T00:00:00Z',
	updatedAt: '2024-01-01T00:00:00Z',
	entryCount: 4,
};

function setup() {
	const registry = createRegistry();
	registry.register( store );
	return {
		registry,
		select: () => registry.select( store ),
		dispatch: registry.dispatch( store ),
	};
}

beforeEach( () => mockFetch.mockReset() );

describe( 'kestrel-forms/forms store', () => {
	it( 'resolves a list query with its total from X-WP-Total', async () => {
		mockFetch.mockResolvedValue( {
			json: async () => [ stored ],
			headers: new Map( [ [ 'X-WP-Total', '41' ] ] ),
		} );
		const { registry } = setup();
		const forms = await registry
			.resolveSelect( store )
			.getForms( { search: 'Ord', status: 'trash' } );
		expect( forms ).toEqual( [ stored ] );
		expect( mockFetch.mock.calls[ 0 ][ 0 ] ).toMatchObject( {
			path: '/kestrel-forms/v1/forms?status=trash&page=1&per_page=20&context=edit&search=Ord',
			parse: false,
		} );
		expect(
			registry
				.select( store )
				.getFormsTotal( { search: 'Ord', status: 'trash' } )
		).toBe( 41 );
		expect( queryKey( {} ) ).toBe(
			queryKey( { status: 'active', page: 1 } )
		);
	} );

	it( 'edits, undoes, redoes and knows when changes are unsaved', () => {
		const { select, dispatch } = setup();
		dispatch.openEditor( stored );
		expect( select().isDirty() ).toBe( false );

		dispatch.addField( 'number' );
		expect(
			select()
				.getEditedDefinition()!
				.fields.map( ( f ) => f.type )
		).toEqual( [ 'text', 'email', 'number' ] );
		expect( select().getSelectedField()!.id ).toBe( 3 );
		expect( select().isDirty() ).toBe( true );

		dispatch.updateField( 3, {
			enableCalculation: true,
			calculationFormula: '{:1} * 2',
		} );
		dispatch.moveField( 3, 0 );
		dispatch.duplicateField( 1 );
		expect(
			select()
				.getEditedDefinition()!
				.fields.map( ( f ) => f.id )
		).toEqual( [ 3, 1, 4, 2 ] );

		dispatch.removeField( 4 );
		expect( select().getSelectedFieldId() ).toBeNull();

		for ( let i = 0; i < 5; i++ ) {
			dispatch.undo();
		}
		expect( select().hasUndo() ).toBe( false );
		expect( select().isDirty() ).toBe( false );
		dispatch.redo();
		expect( select().isDirty() ).toBe( true );
		expect( select().hasRedo() ).toBe( true );
	} );

	it( 'saves with PUT and clears the unsaved state', async () => {
		const { select, dispatch } = setup();
		dispatch.openEditor( stored );
		dispatch.updateForm( { title: 'Order form' } );
		mockFetch.mockResolvedValue( { ...stored, title: 'Order form' } );

		await expect( dispatch.saveForm() ).resolves.toBe( true );
		expect( mockFetch ).toHaveBeenCalledWith( {
			path: '/kestrel-forms/v1/forms/3',
			method: 'PUT',
			data: { title: 'Order form', fields: stored.fields },
		} );
		expect( select().isDirty() ).toBe( false );
		expect( select().getForm( 3 )!.title ).toBe( 'Order form' );
	} );

	it( 'puts each error of a 400 next to the field it names', async () => {
		const { select, dispatch } = setup();
		dispatch.openEditor( stored );
		dispatch.updateField( 2, { label: '' } );
		mockFetch.mockRejectedValue( {
			code: 'kestrel_forms_invalid_form',
			message: 'fields[1].label is required',
			data: {
				status: 400,
				errors: [
					{
						path: 'fields[1].label',
						keyword: 'required',
						message: 'fields[1].label is required',
					},
					{
						path: 'currency',
						keyword: 'pattern',
						message: 'currency is wrong',
					},
				],
			},
		} );

		await expect( dispatch.saveForm() ).resolves.toBe( false );
		expect( select().isDirty() ).toBe( true );
		expect( select().getFieldErrors( 2 ) ).toEqual( [
			{
				path: 'fields[1].label',
				keyword: 'required',
				message: 'fields[1].label is required',
				fieldId: 2,
				key: 'label',
			},
		] );
		expect( select().getFieldErrors( 1 ) ).toEqual( [] );
		expect(
			select()
				.getFormErrors()
				.map( ( e ) => e.path )
		).toEqual( [ 'currency' ] );
		expect( select().getSaveError() ).toBeNull();
	} );

	it( 'reports failures that name no field as one message', async () => {
		const { select, dispatch } = setup();
		dispatch.openEditor( stored );
		mockFetch.mockRejectedValue( {
			code: 'kestrel_forms_forbidden',
			message: 'Sorry.',
		} );
		await dispatch.saveForm();
		expect( select().getSaveError() ).toBe( 'Sorry.' );
		expect( select().getSaveErrors() ).toEqual( [] );
	} );

	it( 'duplicates, trashes, restores and deletes through the REST routes', async () => {
		const { select, dispatch } = setup();
		mockFetch.mockResolvedValue( {} );
		await dispatch.duplicateForm( 3 );
		await dispatch.trashForm( 3 );
		await dispatch.restoreForm( 3 );
		dispatch.receiveForm( stored );
		await dispatch.deleteForm( 3 );
		expect(
			mockFetch.mock.calls.map( ( [ o ] ) => `${ o.method } ${ o.path }` )
		).toEqual( [
			'POST /kestrel-forms/v1/forms/3/duplicate',
			'DELETE /kestrel-forms/v1/forms/3',
			'POST /kestrel-forms/v1/forms/3/restore',
			'DELETE /kestrel-forms/v1/forms/3?force=true',
		] );
		expect( select().getForm( 3 ) ).toBeUndefined();
	} );
} );
