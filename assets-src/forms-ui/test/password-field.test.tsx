import { act, fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import type { FieldDefinition } from '../../shared';
import { Form } from '../components/Form';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

type MeterWindow = Window & {
	wp?: unknown;
	zxcvbn?: unknown;
};
const win = window as MeterWindow;

/**
 * A stand-in for WordPress's meter with its contract: 5 for a differing, non-empty
 * confirmation, -1 while zxcvbn is missing, else a score from 0 to 4 (here: by length).
 */
const meter = jest.fn(
	( password: string, _list: string[], confirmation: string ) => {
		if ( password !== confirmation && confirmation ) {
			return 5;
		}
		if ( typeof win.zxcvbn !== 'function' ) {
			return -1;
		}
		return Math.min( 4, Math.floor( password.length / 4 ) );
	}
);

function installMeter( withZxcvbn: boolean ) {
	win.wp = {
		passwordStrength: {
			meter,
			userInputDisallowedList: () => [ 'kestrel' ],
		},
	};
	if ( withZxcvbn ) {
		win.zxcvbn = () => ( {} );
	}
}

function renderForm( field: Partial< FieldDefinition > = {} ) {
	return render(
		<Form
			form={ {
				id: 3,
				title: 'Sign up',
				fields: [
					{
						id: 5,
						type: 'password',
						label: 'Password',
						isRequired: true,
						passwordStrengthEnabled: true,
						...field,
					},
				],
			} }
			submitPath="/p"
			hooks={ createHooks() }
		/>
	);
}

const strength = ( container: HTMLElement ) =>
	container.querySelector( '#input_3_5_strength_indicator' ) as HTMLElement;

beforeEach( () => {
	mockedFetch.mockReset();
	mockedFetch.mockReturnValue( new Promise( () => {} ) );
	meter.mockClear();
	delete win.wp;
	delete win.zxcvbn;
} );

describe( 'password field', () => {
	it( 'has a password and a confirmation input with their own labels', () => {
		const { container } = renderForm();
		const first = screen.getByLabelText( 'Enter password' );
		const second = screen.getByLabelText( 'Confirm password' );
		expect( first.id ).toBe( 'input_3_5' );
		expect( second.id ).toBe( 'input_3_5_2' );
		expect( first.getAttribute( 'type' ) ).toBe( 'password' );
		expect( first.getAttribute( 'autocomplete' ) ).toBe( 'new-password' );
		expect(
			screen.getByRole( 'group', { name: 'Password (Required)' } )
		).toBeTruthy();
		expect( strength( container ).getAttribute( 'aria-live' ) ).toBe(
			'polite'
		);
		expect( first.getAttribute( 'aria-describedby' ) ).toBe(
			'input_3_5_strength_indicator'
		);
	} );

	it( 'asks once when passwordConfirmation is false, labelled by the field label', () => {
		renderForm( { passwordConfirmation: false } );
		expect( screen.getByLabelText( 'Password * (Required)' ).id ).toBe(
			'input_3_5'
		);
		expect( screen.queryByLabelText( 'Confirm password' ) ).toBeNull();
	} );

	it( 'shows blank, then unknown while the meter is missing, and mismatch without it', () => {
		const { container } = renderForm();
		expect( strength( container ).textContent ).toBe(
			'Password strength: Strength indicator'
		);
		expect( strength( container ).className ).toContain( 'is-blank' );
		fireEvent.change( screen.getByLabelText( 'Enter password' ), {
			target: { value: 'abc' },
		} );
		expect( strength( container ).className ).toContain( 'is-unknown' );
		expect( strength( container ).textContent ).toBe(
			'Password strength: ?Strength unknown'
		);
		fireEvent.change( screen.getByLabelText( 'Confirm password' ), {
			target: { value: 'abd' },
		} );
		expect( strength( container ).className ).toContain( 'is-mismatch' );
		expect( strength( container ).textContent ).toBe(
			'Password strength: Mismatch'
		);
	} );

	it( "maps the meter's scores to short, bad, good and strong and passes the disallowed list", () => {
		installMeter( true );
		const { container } = renderForm( { passwordConfirmation: false } );
		const input = screen.getByLabelText( 'Password * (Required)' );
		const cases: Array< [ string, string ] > = [
			[ 'abc', 'Very weak' ],
			[ 'abcdefgh', 'Weak' ],
			[ 'abcdefghijkl', 'Medium' ],
			[ 'abcdefghijklmnop', 'Strong' ],
		];
		for ( const [ typed, text ] of cases ) {
			fireEvent.change( input, { target: { value: typed } } );
			expect( strength( container ).textContent ).toBe(
				`Password strength: ${ text }`
			);
		}
		expect( meter ).toHaveBeenLastCalledWith(
			'abcdefghijklmnop',
			[ 'kestrel' ],
			''
		);
		fireEvent.change( input, { target: { value: '' } } );
		expect( strength( container ).className ).toContain( 'is-blank' );
	} );

	it( 'measures again once zxcvbn arrives', () => {
		jest.useFakeTimers();
		try {
			installMeter( false );
			const { container } = renderForm();
			fireEvent.change( screen.getByLabelText( 'Enter password' ), {
				target: { value: 'abcdefghijkl' },
			} );
			expect( strength( container ).className ).toContain( 'is-unknown' );
			win.zxcvbn = () => ( {} );
			act( () => {
				jest.advanceTimersByTime( 300 );
			} );
			expect( strength( container ).textContent ).toBe(
				'Password strength: Medium'
			);
		} finally {
			jest.useRealTimers();
		}
	} );

	it( 'toggles each input between hidden and shown without submitting', () => {
		renderForm();
		const toggle = screen.getByRole( 'button', { name: 'Show password' } );
		const confirmToggle = screen.getByRole( 'button', {
			name: 'Show password confirmation',
		} );
		const input = screen.getByLabelText( 'Enter password' );
		expect( toggle.getAttribute( 'type' ) ).toBe( 'button' );
		expect( toggle.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		fireEvent.click( toggle );
		expect( toggle.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect( input.getAttribute( 'type' ) ).toBe( 'text' );
		expect( confirmToggle.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		expect(
			screen.getByLabelText( 'Confirm password' ).getAttribute( 'type' )
		).toBe( 'password' );
		fireEvent.click( toggle );
		expect( input.getAttribute( 'type' ) ).toBe( 'password' );
		expect( mockedFetch ).not.toHaveBeenCalled();
	} );

	it( 'blocks a submit when required, on a mismatch and below the minimum strength', () => {
		installMeter( true );
		const { container } = renderForm( { minPasswordStrength: 'good' } );
		const submit = screen.getByRole( 'button', { name: 'Submit' } );
		const error = () =>
			container.querySelector( '#validation_message_3_5' )?.textContent;

		fireEvent.click( submit );
		expect( error() ).toBe( 'This field is required.' );

		fireEvent.change( screen.getByLabelText( 'Enter password' ), {
			target: { value: 'abcdefgh' },
		} );
		fireEvent.change( screen.getByLabelText( 'Confirm password' ), {
			target: { value: 'abcdefgX' },
		} );
		expect( error() ).toBe( 'Your passwords do not match.' );
		fireEvent.click( submit );
		expect( error() ).toBe( 'Your passwords do not match.' );

		fireEvent.change( screen.getByLabelText( 'Confirm password' ), {
			target: { value: 'abcdefgh' },
		} );
		fireEvent.click( submit );
		expect( error() ).toBe(
			'Please choose a stronger password (at least: Medium).'
		);
		expect( mockedFetch ).not.toHaveBeenCalled();

		for ( const label of [ 'Enter password', 'Confirm password' ] ) {
			fireEvent.change( screen.getByLabelText( label ), {
				target: { value: 'abcdefghijklmnop' },
			} );
		}
		fireEvent.click( submit );
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.values ).toEqual( {
			5: 'abcdefghijklmnop',
			'5.2': 'abcdefghijklmnop',
		} );
	} );

	it( 'blocks a submit while the strength is still unknown', () => {
		const { container } = renderForm( {
			minPasswordStrength: 'bad',
			passwordConfirmation: false,
		} );
		fireEvent.change( screen.getByLabelText( 'Password * (Required)' ), {
			target: { value: 'whatever-it-is' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect(
			container.querySelector( '#validation_message_3_5' )?.textContent
		).toBe(
			'The password strength is still being checked. Please try again in a moment.'
		);
		expect( mockedFetch ).not.toHaveBeenCalled();
	} );
} );
