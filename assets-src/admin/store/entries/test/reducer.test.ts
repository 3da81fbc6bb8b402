import { reducer } from '../reducer';
import { INITIAL_STATE } from '../constants';
import type { EntryDetail, ListedEntry } from '../types';

const listed = ( id: number ): ListedEntry => ( {
	id,
	form_id: 1,
	created_at: '2026-01-01T00:00:00Z',
	status: 'active',
	is_read: false,
	is_starred: false,
	values: {},
	display: {},
} );

const detail = ( id: number ): EntryDetail => ( {
	...listed( id ),
	source_url: '',
	user_id: 0,
	user_name: '',
	form_title: 'F',
	fields: [],
	order: null,
	feed_list: [],
	notes: [],
	neighbours: { previous: 0, next: 0 },
} );

describe( 'entries reducer', () => {
	it( 'goes back to page 1 when a filter changes, not when only the page does', () => {
		let state = reducer( INITIAL_STATE, {
			type: 'SET_QUERY',
			query: { page: 3 },
		} );
		expect( state.query.page ).toBe( 3 );
		state = reducer( state, {
			type: 'SET_QUERY',
			query: { search: 'ada' },
		} );
		expect( state.query ).toMatchObject( { page: 1, search: 'ada' } );
		state = reducer( state, { type: 'SET_QUERY', query: { page: 2 } } );
		state = reducer( state, {
			type: 'SET_QUERY',
			query: { search: 'ada' },
		} );
		expect( state.query.page ).toBe( 2 );
	} );

	it( 'stores a page of entries and keeps only selected ids still listed', () => {
		let state = reducer( INITIAL_STATE, {
			type: 'SET_SELECTION',
			ids: [ 1, 2, 2 ],
		} );
		expect( state.selection ).toEqual( [ 1, 2 ] );
		state = reducer( state, { type: 'LIST_REQUEST' } );
		expect( state.list.loading ).toBe( true );
		state = reducer( state, {
			type: 'LIST_SUCCESS',
			items: [ listed( 2 ), listed( 3 ) ],
			total: 12,
			totalPages: 2,
		} );
		expect( state.list ).toMatchObject( {
			ids: [ 2, 3 ],
			total: 12,
			totalPages: 2,
			loading: false,
		} );
		expect( state.selection ).toEqual( [ 2 ] );
	} );

	it( 'keeps server validation messages until the next save or load', () => {
		let state = reducer( INITIAL_STATE, {
			type: 'DETAIL_SUCCESS',
			entry: detail( 4 ),
		} );
		state = reducer( state, { type: 'SAVE_REQUEST' } );
		expect( state.detail.saving ).toBe( true );
		state = reducer( state, {
			type: 'SAVE_FAILURE',
			fieldErrors: { 2: 'Enter a valid email address.' },
		} );
		expect( state.detail ).toMatchObject( {
			saving: false,
			fieldErrors: { 2: 'Enter a valid email address.' },
		} );
		expect( state.detail.entry?.id ).toBe( 4 );
		state = reducer( state, { type: 'SAVE_REQUEST' } );
		expect( state.detail.fieldErrors ).toEqual( {} );
	} );

	it( 'adds and removes notes on the entry on screen', () => {
		let state = reducer( INITIAL_STATE, {
			type: 'NOTE_ADDED',
			note: {
				id: 1,
				user_id: 1,
				user_name: 'a',
				note: 'x',
				created_at: '',
			},
		} );
		expect( state ).toBe( INITIAL_STATE ); // No entry on screen: unchanged.
		state = reducer( state, {
			type: 'DETAIL_SUCCESS',
			entry: detail( 1 ),
		} );
		state = reducer( state, {
			type: 'NOTE_ADDED',
			note: {
				id: 7,
				user_id: 1,
				user_name: 'a',
				note: 'Called',
				created_at: '',
			},
		} );
		expect( state.detail.entry?.notes.map( ( n ) => n.note ) ).toEqual( [
			'Called',
		] );
		state = reducer( state, { type: 'NOTE_REMOVED', id: 7 } );
		expect( state.detail.entry?.notes ).toEqual( [] );
	} );
} );
