/**
 * Page navigation in the session store (spec §2, §4), in Node on a fake clock.
 */
import type { FormDefinition } from '../../../shared';
import { createFormSession, type FormSession } from '..';
import { fakeClock, type FakeClock } from './fake-clock';

const trip: FormDefinition = {
	title: 'Trip',
	fields: [
		{ id: 1, type: 'text', label: 'Name', isRequired: true },
		{ id: 2, type: 'text', label: 'Plan' },
		{
			id: 3,
			type: 'page',
			nextButton: {
				text: 'Onwards',
				conditionalLogic: {
					actionType: 'hide',
					logicType: 'all',
					rules: [ { fieldId: '2', operator: 'is', value: 'stop' } ],
				},
			},
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ { fieldId: '2', operator: 'is', value: 'more' } ],
			},
		},
		{ id: 4, type: 'text', label: 'Extras', isRequired: true },
		{ id: 5, type: 'page' },
		{ id: 6, type: 'text', label: 'Comment' },
		{ id: 7, type: 'payment', label: 'Pay' },
	],
};

let clock: FakeClock;
let session: FormSession;

beforeEach( () => {
	clock = fakeClock();
	session = createFormSession( trip, { scheduler: clock.scheduler } );
} );

it( 'blocks Next on an invalid page, shows the errors there and announces them later', () => {
	session.next();
	expect( session.getView() ).toMatchObject( {
		page: 0,
		focus: { target: 'summary' },
	} );
	expect( session.getField( 1 ).error?.message ).toBe(
		'This field is required.'
	);
	clock.advance( 1000 );
	expect( session.getAnnouncement() ).toMatch( /This field is required\./ );
} );

it( 'skips a page its rule hides, goes back past it, and announces each page', () => {
	session.change( 1, 'Ada' );
	session.change( 2, 'go' );
	expect( session.getView().shownPages ).toEqual( [ 0, 2 ] );
	session.next();
	expect( session.getView() ).toMatchObject( {
		page: 2,
		errors: {},
		summary: null,
		focus: { target: 'page' },
		previousPage: 0,
		nextBreak: null,
	} );
	clock.advance( 0 );
	expect( session.getAnnouncement() ).toBe( 'Page 2 of 2' );
	session.previous();
	expect( session.getView().page ).toBe( 0 );
	clock.advance( 0 );
	expect( session.getAnnouncement() ).toBe( 'Page 1 of 2' );
} );

it( 'shows a page its rule reveals, and validates it before the next', () => {
	session.change( 1, 'Ada' );
	session.change( 2, 'more' );
	session.next();
	expect( session.getView().page ).toBe( 1 );
	session.next();
	expect( session.getView().page ).toBe( 1 );
	expect( session.getField( 4 ).error ).toBeDefined();
	session.change( 4, 'Boots' );
	expect( session.getField( 4 ).error ).toBeUndefined();
	session.next();
	expect( session.getView().page ).toBe( 2 );
} );

it( 'stays while the Next button is hidden by its rule', () => {
	session.change( 1, 'Ada' );
	session.change( 2, 'stop' );
	expect( session.getView().nextShown ).toBe( false );
	session.next();
	expect( session.getView().page ).toBe( 0 );
} );

it( 'applies pending typing before it decides (a rule that reveals the next page)', () => {
	session.change( 1, 'Ada' );
	session.change( 2, 'more', true );
	session.next();
	expect( session.getView().page ).toBe( 1 );
	expect( clock.pending() ).toBe( 1 ); // The page's announcement only.
} );

it( 'runs the page’s step while busy, and moves on only when it succeeds', async () => {
	session.change( 1, 'Ada' );
	let finish: ( ok: boolean ) => void = () => {};
	const step = jest.fn(
		() => new Promise< boolean >( ( resolve ) => ( finish = resolve ) )
	);
	const leaving = session.next( step );
	expect( step ).toHaveBeenCalledWith(
		trip.fields.slice( 0, 2 ),
		expect.objectContaining( { visible: expect.any( Object ) } ),
		expect.objectContaining( { 1: 'Ada' } )
	);
	expect( session.getView().status ).toBe( 'submitting' );
	expect( session.inFlight() ).toBe( true );
	// One at a time: a second Next waits for the first.
	session.next( step );
	expect( step ).toHaveBeenCalledTimes( 1 );
	finish( false );
	await leaving;
	expect( session.getView() ).toMatchObject( { status: 'idle', page: 0 } );

	const again = session.next( () => Promise.resolve( true ) );
	await again;
	expect( session.getView().page ).toBe( 2 );
} );

it( 'opens the page of a field whose error it shows', () => {
	session.change( 2, 'more' );
	session.setErrors( { 4: { message: 'No.' } }, 'Problem' );
	expect( session.getView().page ).toBe( 1 );
	session.goTo( 0 );
	session.showFieldError( 7, 'Card declined.' );
	expect( session.getView() ).toMatchObject( { page: 2, summary: null } );
	expect( session.getField( 7 ).error ).toEqual( {
		message: 'Card declined.',
	} );
} );

it( 'checks the page before the last, else every visible field', () => {
	expect( session.check() ).toBe( false );
	session.change( 1, 'Ada' );
	expect( session.check() ).toBe( true );
	session.goTo( 2 );
	expect( session.check() ).toBe( true );
	session.change( 2, 'more' );
	// Page 2 now shows and its required field is empty.
	expect( session.check() ).toBe( false );
	expect( session.getView().page ).toBe( 1 );
} );

it( 'shows a message confirmation and announces it', () => {
	session.confirm( { type: 'message', message: '<p>Thanks</p>' }, 'Thanks' );
	clock.advance( 0 );
	expect( session.getView() ).toMatchObject( {
		status: 'done',
		confirmation: { type: 'message', message: '<p>Thanks</p>' },
	} );
	expect( session.getAnnouncement() ).toBe( 'Thanks' );
} );
