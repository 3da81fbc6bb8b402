import { editor, forms, lists, EMPTY_EDITOR, type Action } from '../reducer';
import type { StoredForm } from '../types';

const stored = ( id: number, title = `Form ${ id }` ): StoredForm => ( {
	id,
	title,
	fields: [ { id: 1, type: 'text', label: 'Name' } ],
	status: 'active',
	createdAt: '2024-01-01T00:00:00Z',
	updatedAt: '2024-01-01T00:00:00Z',
	entryCount: 2,
} );

const open = ( form = stored( 7 ) ) =>
	editor( EMPTY_EDITOR, { type: 'OPEN_EDITOR', form } );

describe( 'editor reducer', () => {
	it( 'opens a form without its read-only keys and with nothing unsaved', () => {
		const state = open();
		expect( state.formId ).toBe( 7 );
		expect( state.present ).toEqual( {
			title: 'Form 7',
			fields: [ { id: 1, type: 'text', label: 'Name' } ],
		} );
		expect( state.present ).toBe( state.saved );
	} );

	it( 'records edits and undoes and redoes them', () => {
		let state = open();
		const first = { ...state.present!, title: 'A' };
		const second = { ...first, title: 'B' };
		state = editor( state, { type: 'EDIT_DEFINITION', definition: first } );
		state = editor( state, {
			type: 'EDIT_DEFINITION',
			definition: second,
		} );
		expect( state.past ).toHaveLength( 2 );

		state = editor( state, { type: 'UNDO' } );
		expect( state.present ).toBe( first );
		state = editor( state, { type: 'UNDO' } );
		expect( state.present ).toBe( state.saved );
		expect( editor( state, { type: 'UNDO' } ) ).toBe( state );

		state = editor( state, { type: 'REDO' } );
		expect( state.present ).toBe( first );
		expect( state.future ).toEqual( [ second ] );

		// A new edit drops what could be redone.
		const third = { ...first, title: 'C' };
		state = editor( state, { type: 'EDIT_DEFINITION', definition: third } );
		expect( state.future ).toEqual( [] );
		expect( editor( state, { type: 'REDO' } ) ).toBe( state );
	} );

	it( 'coalesces consecutive edits with the same key into one undo step', () => {
		let state = open();
		const base = state.present!;
		for ( const title of [ 'H', 'He', 'Hey' ] ) {
			state = editor( state, {
				type: 'EDIT_DEFINITION',
				definition: { ...base, title },
				key: 'title',
			} );
		}
		state = editor( state, {
			type: 'EDIT_DEFINITION',
			definition: { ...state.present!, description: 'x' },
			key: 'description',
		} );
		expect( state.past ).toHaveLength( 2 );
		state = editor( state, { type: 'UNDO' } );
		expect( state.present!.title ).toBe( 'Hey' );
		state = editor( state, { type: 'UNDO' } );
		expect( state.present ).toBe( base );
	} );

	it( 'a successful save marks what was sent as saved; errors are kept until the next save', () => {
		let state = open();
		const sent = { ...state.present!, title: 'Sent' };
		state = editor( state, { type: 'EDIT_DEFINITION', definition: sent } );
		state = editor( state, { type: 'SAVE_START' } );
		expect( state.isSaving ).toBe( true );
		const errors = [
			{
				path: 'fields[0].label',
				keyword: 'required',
				message: 'm',
				fieldId: 1,
				key: 'label',
			},
		];
		state = editor( state, { type: 'SAVE_FINISH', errors } );
		expect( state.isSaving ).toBe( false );
		expect( state.saved ).not.toBe( sent );
		expect( state.errors ).toBe( errors );

		state = editor( state, { type: 'SAVE_START' } );
		state = editor( state, { type: 'SAVE_FINISH', saved: sent } );
		expect( state.saved ).toBe( sent );
		expect( state.errors ).toEqual( [] );
	} );

	it( 'ignores edits while no form is open', () => {
		const action: Action = {
			type: 'EDIT_DEFINITION',
			definition: { title: 'x', fields: [] },
		};
		expect( editor( EMPTY_EDITOR, action ) ).toBe( EMPTY_EDITOR );
	} );
} );

describe( 'forms and lists reducers', () => {
	it( 'stores a list page by its key and forgets deleted forms everywhere', () => {
		const received: Action = {
			type: 'RECEIVE_FORMS',
			key: 'k',
			forms: [ stored( 1 ), stored( 2 ) ],
			total: 12,
		};
		let byId = forms( {}, received );
		let byKey = lists( {}, received );
		expect( Object.keys( byId ) ).toEqual( [ '1', '2' ] );
		expect( byKey.k ).toEqual( { ids: [ 1, 2 ], total: 12 } );

		byId = forms( byId, { type: 'FORGET_FORM', id: 1 } );
		byKey = lists( byKey, { type: 'FORGET_FORM', id: 1 } );
		expect( Object.keys( byId ) ).toEqual( [ '2' ] );
		expect( byKey.k ).toEqual( { ids: [ 2 ], total: 11 } );
	} );
} );
