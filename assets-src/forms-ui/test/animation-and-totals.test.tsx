import { act, fireEvent, render } from '@testing-library/react';
import { createHooks } from '@wordpress/hooks';
import type { FormDefinition } from '../../shared';
import { Form } from '../components/Form';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );

const ruleOn1 = {
	actionType: 'show' as const,
	logicType: 'all' as const,
	rules: [ { fieldId: '1', operator: 'is', value: 'yes' } ],
};

function logicForm( animation: boolean ): FormDefinition & { id: number } {
	return {
		id: 4,
		title: 'Animated',
		animation,
		fields: [
			{ id: 1, type: 'text', label: 'Show?' },
			{
				id: 2,
				type: 'text',
				label: 'Details',
				conditionalLogic: ruleOn1,
			},
		],
	};
}

/** A fake Web Animations API: records each call and finishes when told. */
function fakeAnimate() {
	const calls: Array< {
		keyframes: Keyframe[];
		options: KeyframeAnimationOptions;
		animation: {
			playState: string;
			onfinish: ( () => void ) | null;
			cancel: jest.Mock;
		};
	} > = [];
	const animate = jest.fn(
		( keyframes: Keyframe[], options: KeyframeAnimationOptions ) => {
			const animation = {
				playState: 'running',
				onfinish: null as ( () => void ) | null,
				cancel: jest.fn(),
			};
			calls.push( { keyframes, options, animation } );
			return animation;
		}
	);
	return { animate, calls };
}

function setMatchMedia( reduce: boolean ) {
	window.matchMedia = jest.fn( ( query: string ) => ( {
		matches: reduce && query.includes( 'reduce' ),
		media: query,
		onchange: null,
		addListener: jest.fn(),
		removeListener: jest.fn(),
		addEventListener: jest.fn(),
		removeEventListener: jest.fn(),
		dispatchEvent: jest.fn(),
	} ) ) as unknown as typeof window.matchMedia;
}

function type( element: Element, value: string ) {
	fireEvent.change( element, { target: { value } } );
	fireEvent.blur( element );
}

describe( 'show/hide animation (spec §9: 400 ms linear)', () => {
	let fake: ReturnType< typeof fakeAnimate >;
	beforeEach( () => {
		fake = fakeAnimate();
		( HTMLElement.prototype as unknown as { animate: unknown } ).animate =
			fake.animate;
		setMatchMedia( false );
	} );
	afterEach( () => {
		delete ( HTMLElement.prototype as unknown as { animate?: unknown } )
			.animate;
	} );

	it( 'does not animate the first pass', () => {
		render(
			<Form
				form={ logicForm( true ) }
				submitPath="/x"
				hooks={ createHooks() }
			/>
		);
		expect( fake.animate ).not.toHaveBeenCalled();
	} );

	it( 'slides a field in and out over 400 ms, linear; a hide keeps it in the layout until the slide ends while its input is disabled at once', () => {
		const { container } = render(
			<Form
				form={ logicForm( true ) }
				submitPath="/x"
				hooks={ createHooks() }
			/>
		);
		const wrapper = container.querySelector( '#field_4_2' ) as HTMLElement;
		const input = container.querySelector(
			'#input_4_2'
		) as HTMLInputElement;
		const trigger = container.querySelector( '#input_4_1' ) as Element;
		expect( wrapper.hidden ).toBe( true );

		type( trigger, 'yes' );
		expect( wrapper.hidden ).toBe( false );
		expect( input.disabled ).toBe( false );
		expect( fake.calls ).toHaveLength( 1 );
		expect( fake.calls[ 0 ].options ).toMatchObject( {
			duration: 400,
			easing: 'linear',
		} );
		expect( fake.calls[ 0 ].keyframes[ 0 ] ).toMatchObject( {
			height: '0px',
		} );

		type( trigger, 'no' );
		// The reveal was still running: it is cancelled and the hide starts.
		expect( fake.calls[ 0 ].animation.cancel ).toHaveBeenCalled();
		expect( fake.calls ).toHaveLength( 2 );
		expect( fake.calls[ 1 ].keyframes[ 1 ] ).toMatchObject( {
			height: '0px',
		} );
		expect( input.disabled ).toBe( true );
		expect( input.tabIndex ).toBe( -1 );
		expect( wrapper.hidden ).toBe( false );

		act( () => {
			fake.calls[ 1 ].animation.playState = 'finished';
			fake.calls[ 1 ].animation.onfinish?.();
		} );
		expect( wrapper.hidden ).toBe( true );
	} );

	it( 'does not animate under prefers-reduced-motion', () => {
		setMatchMedia( true );
		const { container } = render(
			<Form
				form={ logicForm( true ) }
				submitPath="/x"
				hooks={ createHooks() }
			/>
		);
		const wrapper = container.querySelector( '#field_4_2' ) as HTMLElement;
		type( container.querySelector( '#input_4_1' ) as Element, 'yes' );
		expect( wrapper.hidden ).toBe( false );
		type( container.querySelector( '#input_4_1' ) as Element, 'no' );
		expect( wrapper.hidden ).toBe( true );
		expect( fake.animate ).not.toHaveBeenCalled();
	} );

	it( 'does not animate when the form does not enable animation', () => {
		const { container } = render(
			<Form
				form={ logicForm( false ) }
				submitPath="/x"
				hooks={ createHooks() }
			/>
		);
		type( container.querySelector( '#input_4_1' ) as Element, 'yes' );
		type( container.querySelector( '#input_4_1' ) as Element, 'no' );
		expect(
			( container.querySelector( '#field_4_2' ) as HTMLElement ).hidden
		).toBe( true );
		expect( fake.animate ).not.toHaveBeenCalled();
	} );
} );

describe( 'switching animation in the live preview', () => {
	it( 'keeps the inputs (and the focus) when the form starts or stops sliding', () => {
		const hooks = createHooks();
		const { container, rerender } = render(
			<Form
				form={ logicForm( false ) }
				submitPath="/x"
				hooks={ hooks }
				preview
			/>
		);
		const input = container.querySelector( '#input_4_1' ) as HTMLElement;
		input.focus();
		for ( const animation of [ true, false ] ) {
			act( () =>
				rerender(
					<Form
						form={ logicForm( animation ) }
						submitPath="/x"
						hooks={ hooks }
						preview
					/>
				)
			);
			expect( [
				input.isConnected,
				input.ownerDocument.activeElement,
			] ).toEqual( [ true, input ] );
		}
	} );
} );

describe( 'total recalculation (spec §9: 50 ms debounce)', () => {
	const pricingForm: FormDefinition & { id: number } = {
		id: 6,
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

	beforeEach( () => jest.useFakeTimers() );
	afterEach( () => jest.useRealTimers() );

	it( 'updates the total 50 ms after the last change, once for a burst of changes', () => {
		const { container } = render(
			<Form
				form={ pricingForm }
				submitPath="/x"
				hooks={ createHooks() }
			/>
		);
		const total = container.querySelector( '#input_6_2' ) as HTMLElement;
		const quantity = container.querySelector(
			'#input_6_1_3'
		) as HTMLInputElement;
		expect( total.textContent ).toBe( '$2.50' );

		type( quantity, '2' );
		act( () => {
			jest.advanceTimersByTime( 30 );
		} );
		type( quantity, '3' );
		act( () => {
			jest.advanceTimersByTime( 30 );
		} );
		// 60 ms after the first change but only 30 ms after the last: not yet.
		expect( total.textContent ).toBe( '$2.50' );
		act( () => {
			jest.advanceTimersByTime( 20 );
		} );
		expect( total.textContent ).toBe( '$7.50' );
	} );
} );
