import {
	EDITOR_FORM,
	FRAME_HEIGHT,
	FRAME_READY,
	MAX_FRAME_HEIGHT,
	originOf,
	previewKey,
	readEditorMessage,
	readFrameMessage,
	type PreviewForm,
} from '../protocol';

const form = ( fields: Array< [ number, string ] > ): PreviewForm =>
	( {
		id: 4,
		title: 'T',
		fields: fields.map( ( [ id, type ] ) => ( {
			id,
			type,
			label: `F${ id }`,
		} ) ),
	} ) as unknown as PreviewForm;

describe( 'live preview messages', () => {
	it( 'reads the frame’s ready and height messages, rounding heights up', () => {
		expect( readFrameMessage( { type: FRAME_READY } ) ).toEqual( {
			type: FRAME_READY,
		} );
		expect(
			readFrameMessage( { type: FRAME_HEIGHT, height: 311.2 } )
		).toEqual( { type: FRAME_HEIGHT, height: 312 } );
		expect(
			readFrameMessage( { type: FRAME_HEIGHT, height: 1e9 } )
		).toEqual( { type: FRAME_HEIGHT, height: MAX_FRAME_HEIGHT } );
	} );

	it.each( [
		[ 'another script’s message', { type: 'ready' } ],
		[ 'a string', FRAME_READY ],
		[ 'null', null ],
		[
			'a height that is not a number',
			{ type: FRAME_HEIGHT, height: '300' },
		],
		[ 'a negative height', { type: FRAME_HEIGHT, height: -1 } ],
		[ 'an infinite height', { type: FRAME_HEIGHT, height: Infinity } ],
	] )( 'ignores %s from the frame', ( _name, data ) => {
		expect( readFrameMessage( data ) ).toBeNull();
	} );

	it( 'reads the editor’s form and refuses anything without an id and fields', () => {
		const sent = form( [ [ 1, 'text' ] ] );
		expect(
			readEditorMessage( { type: EDITOR_FORM, form: sent } )
		).toEqual( {
			type: EDITOR_FORM,
			form: sent,
		} );
		expect(
			readEditorMessage( { type: EDITOR_FORM, form: { fields: [] } } )
		).toBeNull();
		expect(
			readEditorMessage( { type: EDITOR_FORM, form: { id: 1 } } )
		).toBeNull();
		expect( readEditorMessage( { type: FRAME_READY } ) ).toBeNull();
	} );

	it( 'starts afresh when a setting changes the shape or the default of a value', () => {
		const date = form( [ [ 1, 'date' ] ] );
		const withType = ( extra: Record< string, unknown > ) => ( {
			...date,
			fields: date.fields.map( ( f ) => ( { ...f, ...extra } ) ),
		} );
		const picker = previewKey( withType( { dateType: 'datepicker' } ) );
		expect(
			previewKey( withType( { dateType: 'datedropdown' } ) )
		).not.toBe( picker );
		expect(
			previewKey(
				withType( { dateType: 'datepicker', dateFormat: 'dmy' } )
			)
		).not.toBe( picker );
		expect(
			previewKey( withType( { dateType: 'datepicker', label: 'When' } ) )
		).toBe( picker );
		const address = form( [ [ 2, 'address' ] ] );
		const texas = {
			...address,
			fields: address.fields.map( ( f ) => ( {
				...f,
				addressType: 'us' as const,
				defaultState: 'Texas',
			} ) ),
		};
		expect( previewKey( texas ) ).not.toBe( previewKey( address ) );
		const named = {
			...address,
			fields: [
				{
					id: 3,
					type: 'name',
					inputs: [ { id: '3.3', defaultValue: 'Ada' } ],
				},
			],
		} as typeof address;
		expect( previewKey( named ) ).toContain( '3.3%3DAda' );
	} );

	it( 'keys the preview by field ids and types, in order', () => {
		const a = form( [
			[ 1, 'text' ],
			[ 2, 'email' ],
		] );
		const relabelled = {
			...a,
			fields: a.fields.map( ( f ) => ( { ...f, label: 'Other' } ) ),
		};
		expect( previewKey( a ) ).toBe( '1%3Atext,2%3Aemail' );
		expect( previewKey( relabelled ) ).toBe( previewKey( a ) );
		expect(
			previewKey(
				form( [
					[ 2, 'email' ],
					[ 1, 'text' ],
				] )
			)
		).not.toBe( previewKey( a ) );
		expect(
			previewKey(
				form( [
					[ 1, 'textarea' ],
					[ 2, 'email' ],
				] )
			)
		).not.toBe( previewKey( a ) );
	} );

	it( 'gives the origin of absolute and relative URLs', () => {
		expect(
			originOf(
				'https://shop.example:8443/?kestrel_forms_preview=3',
				'https://admin.example/wp-admin/'
			)
		).toBe( 'https://shop.example:8443' );
		expect(
			originOf(
				'/?kestrel_forms_preview=3',
				'https://shop.example/wp-admin/'
			)
		).toBe( 'https://shop.example' );
		expect( originOf( 'about:blank', 'https://shop.example/' ) ).toBeNull();
		expect( originOf( 'http://[bad', 'https://shop.example/' ) ).toBeNull();
	} );
} );
