/**
 * The session store in Node (no DOM, no React): delays on a fake clock, slices, subscriptions,
 * restore and the initial state.
 */
import type { FormDefinition } from '../../../shared';
import { createFormSession, type FormSession } from '..';
import { fakeClock, type FakeClock } from './fake-clock';

const showIfYes = {
	actionType: 'show' as const,
	logicType: 'all' as const,
	rules: [ { fieldId: '1', operator: 'is', value: 'yes' } ],
};

const logicForm: FormDefinition = {
	title: 'Logic',
	fields: [
		{ id: 1, type: 'text', label: 'Trigger' },
		{ id: 2, type: 'number', label: 'A' },
		{
			id: 3,
			type: 'text',
			label: 'Details',
			defaultValue: 'none',
			conditionalLogic: showIfYes,
		},
		{
			id: 4,
			type: 'number',
			label: 'Double',
			enableCalculation: true,
			calculationFormula: '{A:2} * 2',
		},
		{ id: 5, type: 'text', label: 'Untouched', isRequired: true },
		{ id: 6, type: 'password', label: 'Secret' },
	],
};

const shop: FormDefinition = {
	title: 'Shop',
	currency: 'USD',
	fields: [
		{
			id: 1,
			type: 'product',
			inputType: 'singleproduct',
			label: 'Tea',
			basePrice: '2.50',
		},
		{ id: 2, type: 'total', label: 'Total' },
	],
};

let clock: FakeClock;
const open = ( form: FormDefinition, initial?: object ): FormSession =>
	createFormSession( form, { scheduler: clock.scheduler, initial } );

beforeEach( () => {
	clock = fakeClock();
} );

it( 'runs without a DOM', () => {
	expect( typeof window ).toBe( 'undefined' );
	expect( typeof document ).toBe( 'undefined' );
} );

describe( 'typing delays (spec §9)', () => {
	it( 'updates what a rule reads 300 ms after typing, with the typed value shown at once', () => {
		const session = open( logicForm );
		expect( session.getField( 3 ).concealed ).toBe( true );
		session.change( 1, 'yes', true );
		expect( session.getField( 1 ).value ).toBe( 'yes' );
		clock.advance( 299 );
		expect( session.getField( 3 ).concealed ).toBe( true );
		clock.advance( 1 );
		expect( session.getField( 3 ).concealed ).toBe( false );
	} );

	it( 'runs a formula 345 ms after typing in a field it reads', () => {
		const session = open( logicForm );
		session.change( 2, '4', true );
		clock.advance( 344 );
		expect( session.getField( 4 ).value ).toBe( '0' );
		clock.advance( 1 );
		expect( session.getField( 4 ).value ).toBe( '8' );
		expect( session.getField( 4 ).calculated ).toBe( 8 );
	} );

	it( 'keeps one timer per field: typing in another field never cancels a pending update', () => {
		const session = open( logicForm );
		session.change( 1, 'yes', true );
		clock.advance( 200 );
		session.change( 2, '3', true );
		clock.advance( 100 );
		expect( session.getField( 3 ).concealed ).toBe( false );
		expect( session.getField( 4 ).value ).toBe( '0' );
		clock.advance( 245 );
		expect( session.getField( 4 ).value ).toBe( '6' );
	} );

	it( 'starts a field’s delay again on each keystroke', () => {
		const session = open( logicForm );
		session.change( 1, 'ye', true );
		clock.advance( 250 );
		session.change( 1, 'yes', true );
		clock.advance( 250 );
		expect( session.getField( 3 ).concealed ).toBe( true );
		clock.advance( 50 );
		expect( session.getField( 3 ).concealed ).toBe( false );
	} );

	it( 'applies a change that is not typing, and a commit (leaving the field), at once', () => {
		const session = open( logicForm );
		session.change( 1, 'yes' );
		expect( session.getField( 3 ).concealed ).toBe( false );
		session.change( 2, '5', true );
		session.commit( 2 );
		expect( session.getField( 4 ).value ).toBe( '10' );
		expect( clock.pending() ).toBe( 0 );
	} );

	it( 'puts a field that became hidden back to its default', () => {
		const session = open( logicForm );
		session.change( 1, 'yes' );
		session.change( 3, 'typed' );
		expect( session.getField( 3 ).value ).toBe( 'typed' );
		session.change( 1, 'no' );
		expect( session.getField( 3 ) ).toMatchObject( {
			concealed: true,
			value: 'none',
		} );
	} );
} );

describe( 'pricing debounce (spec §9: 50 ms)', () => {
	it( 'prices the form 50 ms after the last change, once for a burst', () => {
		const session = open( shop );
		expect( session.getField( 2 ).value ).toBe( '$2.50' );
		const evaluations: unknown[] = [];
		session.subscribe( () =>
			evaluations.push( session.getSnapshot().evaluation?.pricing )
		);
		session.change( '1.3', '2' );
		clock.advance( 30 );
		session.change( '1.3', '3' );
		clock.advance( 30 );
		expect( session.getField( 2 ).value ).toBe( '$2.50' );
		expect( session.getField( 1 ).quantity ).toBe( '3' );
		const before = new Set( evaluations ).size;
		clock.advance( 20 );
		expect( session.getField( 2 ).value ).toBe( '$7.50' );
		// One pricing for the burst: the pricing object changed once.
		expect( new Set( evaluations ).size ).toBe( before + 1 );
	} );
} );

describe( 'flush', () => {
	it( 'applies every pending update now, cancels the timers and returns the fresh evaluation', () => {
		const session = open( logicForm );
		session.change( 1, 'yes', true );
		session.change( 2, '7', true );
		const evaluation = session.flush();
		expect( evaluation?.visible[ 3 ] ).toBe( true );
		expect( evaluation?.calculated[ 4 ] ).toBe( 14 );
		expect( session.getField( 4 ).value ).toBe( '14' );
		expect( clock.pending() ).toBe( 0 );
	} );

	it( 'prices at once', () => {
		const session = open( shop );
		session.change( '1.3', '4' );
		session.flush();
		expect( session.getField( 2 ).value ).toBe( '$10.00' );
		expect( clock.pending() ).toBe( 0 );
	} );
} );

describe( 'errors', () => {
	it( 'shows a submit’s errors with the summary, announces them after the delay, and keeps them in step with typing', () => {
		const session = open( logicForm );
		const check = session.checkSubmit();
		expect( check.ok ).toBe( false );
		expect( session.getField( 5 ).error?.message ).toBe(
			'This field is required.'
		);
		expect( session.getView().summary ).toMatch( /There was a problem/ );
		expect( session.getView().focus ).toEqual( { target: 'summary' } );
		clock.advance( 999 );
		expect( session.getAnnouncement() ).toBe( '' );
		clock.advance( 1 );
		expect( session.getAnnouncement() ).toMatch(
			/There was a problem.*This field is required\./
		);

		const shown = session.getField( 5 ).error;
		session.change( 5, ' ', true );
		expect( session.getField( 5 ).error ).toEqual( shown );
		session.change( 5, 'Ada', true );
		expect( session.getField( 5 ).error ).toBeUndefined();
		// Gone once fixed: the next check shows it again, typing does not.
		session.change( 5, '', true );
		expect( session.getField( 5 ).error ).toBeUndefined();
	} );

	it( 'shows a refused submission’s errors, or its message alone', () => {
		const session = open( logicForm );
		session.showFailure( {
			kind: 'validation',
			message: '',
			errors: { 1: 'Not this.' },
			data: { details: { 1: { code: 'invalid', inputs: [ '1' ] } } },
		} as never );
		expect( session.getField( 1 ).error ).toEqual( {
			message: 'Not this.',
			inputs: [ '1' ],
		} );
		session.showFailure( {
			kind: 'network',
			message: 'You are probably offline.',
		} as never );
		expect( session.getField( 1 ).error ).toBeUndefined();
		expect( session.getView().summary ).toBe( 'You are probably offline.' );
	} );
} );

describe( 'slices and subscriptions', () => {
	it( 'keeps the slice of a field no change touched, and tells only the fields that changed', () => {
		const session = open( logicForm );
		const untouched = session.getField( 5 );
		const told: number[] = [];
		for ( const id of [ 1, 2, 3, 4, 5 ] ) {
			session.subscribeField( id, () => told.push( id ) );
		}
		const trigger = session.getField( 1 );
		session.change( 1, 'yes' );
		expect( session.getField( 5 ) ).toBe( untouched );
		expect( session.getField( 1 ) ).not.toBe( trigger );
		expect( told.sort() ).toEqual( [ 1, 3 ] );

		told.length = 0;
		session.change( 2, '2' );
		expect( told.sort() ).toEqual( [ 2, 4 ] );
		expect( session.getField( 5 ) ).toBe( untouched );
	} );

	it( 'looks again only at the fields a change touched, and misses none of them', () => {
		// A form where one change reaches far: a chain of formulas, a rule that hides a field
		// with a default (reset when hidden), a product with its own quantity and the total.
		const form: FormDefinition = {
			title: 'Reach',
			currency: 'USD',
			fields: [
				...logicForm.fields,
				{
					id: 7,
					type: 'number',
					label: 'Chain',
					enableCalculation: true,
					calculationFormula: '{:4} + {:2}',
				},
				{
					id: 8,
					type: 'number',
					label: 'Chain end',
					enableCalculation: true,
					calculationFormula: '{:7} * 3',
					conditionalLogic: showIfYes,
				},
				{
					id: 9,
					type: 'product',
					inputType: 'singleproduct',
					label: 'Tea',
					basePrice: '2.50',
				},
				{ id: 10, type: 'total', label: 'Total' },
			],
		};
		const session = open( form );
		const ids = form.fields.map( ( field ) => field.id );
		const changes: Array< [ number | string, string ] > = [
			[ 1, 'yes' ],
			[ 2, '4' ],
			[ 3, 'typed' ],
			[ 1, 'no' ],
			[ '9.3', '3' ],
			[ 2, '-1.5' ],
			[ 1, 'yes' ],
			[ 5, 'x' ],
		];
		// A copy of the definition (the same object would be ignored) makes the session
		// evaluate afresh and look at every field: a slice a change missed would come back as a
		// new object with other parts. Before the pricing debounce, the total is left out: a
		// fresh evaluation prices at once.
		const looksAtEveryField = ( beforePricing: boolean ) => {
			const checked = ids.filter(
				( id ) => ! beforePricing || id !== 10
			);
			const published = checked.map( ( id ) => session.getField( id ) );
			session.setForm( { ...form } );
			checked.forEach( ( id, index ) =>
				expect( [ id, session.getField( id ) ] ).toEqual( [
					id,
					published[ index ],
				] )
			);
		};
		for ( const [ key, value ] of changes ) {
			session.change( key, value );
			// Before the debounce too: its update looks at every field anyway.
			looksAtEveryField( true );
			clock.advance( 50 );
			looksAtEveryField( false );
		}
		expect( session.getField( 8 ).concealed ).toBe( false );
		// Hidden by the rule, it went back to its default, which it shows again.
		expect( session.getField( 3 ).value ).toBe( 'none' );
	} );

	it( 'keeps the view while typing changes nothing the frame shows', () => {
		const session = open( logicForm );
		const view = session.getView();
		session.change( 2, '9', true );
		clock.advance( 345 );
		expect( session.getView() ).toBe( view );
	} );

	it( 'calls a listener on each change until it unsubscribes', () => {
		const session = open( logicForm );
		const listener = jest.fn();
		const unsubscribe = session.subscribe( listener );
		const fieldListener = jest.fn();
		const unsubscribeField = session.subscribeField( 1, fieldListener );
		session.change( 1, 'a' );
		expect( listener ).toHaveBeenCalledTimes( 1 );
		expect( fieldListener ).toHaveBeenCalledTimes( 1 );
		unsubscribe();
		unsubscribeField();
		session.change( 1, 'b' );
		expect( listener ).toHaveBeenCalledTimes( 1 );
		expect( fieldListener ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'publishes a batch once, with frozen snapshots', () => {
		const session = open( logicForm );
		const listener = jest.fn();
		session.subscribe( listener );
		session.batch( () => {
			session.change( 1, 'yes' );
			session.change( 2, '1' );
		} );
		expect( listener ).toHaveBeenCalledTimes( 1 );
		expect( Object.isFrozen( session.getSnapshot() ) ).toBe( true );
		expect( Object.isFrozen( session.getField( 1 ) ) ).toBe( true );
	} );

	it( 'stops its timers when destroyed', () => {
		const session = open( logicForm );
		session.change( 1, 'yes', true );
		session.announce( 'Hello', 100 );
		session.destroy();
		expect( clock.pending() ).toBe( 0 );
	} );
} );

describe( 'restore and the initial state', () => {
	it( 'puts saved submission values back (never a password) and evaluates them', () => {
		const session = open( logicForm );
		session.restore( { 1: 'yes', 2: '3', 3: 'back', 6: 'secret' } );
		expect( session.getField( 1 ).value ).toBe( 'yes' );
		expect( session.getField( 3 ) ).toMatchObject( {
			value: 'back',
			concealed: false,
		} );
		expect( session.getField( 4 ).value ).toBe( '6' );
		expect( session.getField( 6 ).value ).toBe( '' );
		expect( session.getSnapshot().restores ).toBe( 1 );
	} );

	it( 'starts from the server’s state after a plain post', () => {
		const session = open(
			{
				...logicForm,
				fields: [
					...logicForm.fields,
					{ id: 7, type: 'page' },
					{ id: 8, type: 'text', label: 'Later' },
				],
			},
			{
				values: { 1: 'yes', 2: '5', 8: 'later' },
				errors: { 5: { message: 'This field is required.' } },
				summary: 'There was a problem.',
				page: 1,
			}
		);
		expect( session.getField( 3 ).concealed ).toBe( false );
		expect( session.getField( 4 ).value ).toBe( '10' );
		expect( session.getField( 8 ).value ).toBe( 'later' );
		expect( session.getField( 5 ).error?.message ).toBe(
			'This field is required.'
		);
		expect( session.getView() ).toMatchObject( {
			page: 1,
			summary: 'There was a problem.',
			previousPage: 0,
			nextPage: null,
		} );
	} );

	it( 'reads the wire through the injected conversion', () => {
		const fromSubmission = jest.fn( ( field: { id: number } ) =>
			field.id === 1 ? 'converted' : undefined
		);
		const session = createFormSession( logicForm, {
			scheduler: clock.scheduler,
			initial: { values: { '1.1': 'x' } },
			fromSubmission,
		} );
		expect( session.getField( 1 ).value ).toBe( 'converted' );
		expect( fromSubmission ).toHaveBeenCalledWith(
			expect.objectContaining( { id: 1 } ),
			{ '1.1': 'x' }
		);
	} );

	it( 'ignores a page the form does not have', () => {
		expect( open( logicForm, { page: 4 } ).getView().page ).toBe( 0 );
	} );
} );

describe( 'submission values', () => {
	it( 'sends the visible fields with inputs (no formula) and products’ own quantities', () => {
		const session = open( logicForm );
		session.change( 1, 'no' );
		session.change( 2, '2' );
		expect( session.submissionValues() ).toEqual( {
			1: 'no',
			2: '2',
			5: '',
			6: '',
			'6.2': '',
		} );
		const shopping = open( shop );
		shopping.change( '1.3', '2' );
		expect( shopping.submissionValues() ).toMatchObject( { '1.3': '2' } );
	} );
} );
