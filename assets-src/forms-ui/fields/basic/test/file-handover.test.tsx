/**
 * Files chosen in the basic file input before the scripts took over reach the uploader
 * (file-handover.ts): files it holds are handed over at once; an input whose chooser is open
 * (it has the focus) stays until the visitor chose, cancelled or moved on.
 */
import { act, render } from '@testing-library/react';
import { takeHandedFiles, useFileHandover } from '../file-handover';

/**
 * Shows what the hook answers.
 *
 * @param props         Props.
 * @param props.inputId The basic input's id, or null.
 */
function Probe( { inputId }: { inputId: string | null } ) {
	return <p data-testid="probe">{ String( useFileHandover( inputId ) ) }</p>;
}

/** The server's basic file input, in the page. */
function basicInput(): HTMLInputElement {
	document.body.innerHTML = '<input type="file" id="input_1_5">';
	return document.getElementById( 'input_1_5' ) as HTMLInputElement;
}

/**
 * Puts files into an input, as the file chooser does.
 *
 * @param input The input.
 * @param files The files.
 */
function choose( input: HTMLInputElement, files: File[] ) {
	Object.defineProperty( input, 'files', {
		configurable: true,
		value: files,
	} );
}

const file = new File( [ 'hello' ], 'early.txt', { type: 'text/plain' } );

afterEach( () => {
	takeHandedFiles( 'input_1_5' );
} );

describe( 'handing basic files over', () => {
	it( 'hands over the files the input already holds and lets the uploader take over', () => {
		choose( basicInput(), [ file ] );
		const { getByTestId } = render( <Probe inputId="input_1_5" />, {
			container: document.body.appendChild(
				document.createElement( 'div' )
			),
		} );
		expect( getByTestId( 'probe' ).textContent ).toBe( 'false' );
		expect( takeHandedFiles( 'input_1_5' ) ).toEqual( [ file ] );
		expect( takeHandedFiles( 'input_1_5' ) ).toEqual( [] );
	} );

	it( 'keeps an input whose chooser is open until the visitor chose, then hands the choice over', () => {
		const input = basicInput();
		input.focus();
		const { getByTestId } = render( <Probe inputId="input_1_5" />, {
			container: document.body.appendChild(
				document.createElement( 'div' )
			),
		} );
		expect( getByTestId( 'probe' ).textContent ).toBe( 'true' );
		choose( input, [ file ] );
		act( () => {
			input.dispatchEvent( new Event( 'change' ) );
		} );
		expect( getByTestId( 'probe' ).textContent ).toBe( 'false' );
		expect( takeHandedFiles( 'input_1_5' ) ).toEqual( [ file ] );
	} );

	it.each( [
		[
			'cancels the chooser',
			( input: HTMLInputElement ) =>
				input.dispatchEvent( new Event( 'cancel' ) ),
		],
		[
			'moves to another control',
			() => {
				const other = document.body.appendChild(
					document.createElement( 'input' )
				);
				other.focus();
			},
		],
	] )(
		'lets the uploader take over, with nothing, when the visitor %s',
		( _how, act_ ) => {
			const input = basicInput();
			input.focus();
			const { getByTestId } = render( <Probe inputId="input_1_5" />, {
				container: document.body.appendChild(
					document.createElement( 'div' )
				),
			} );
			expect( getByTestId( 'probe' ).textContent ).toBe( 'true' );
			act( () => act_( input ) );
			expect( getByTestId( 'probe' ).textContent ).toBe( 'false' );
			expect( takeHandedFiles( 'input_1_5' ) ).toEqual( [] );
		}
	);

	it( 'does nothing before hydration, or for an input that is not in use', () => {
		basicInput();
		const { getByTestId, rerender } = render( <Probe inputId={ null } />, {
			container: document.body.appendChild(
				document.createElement( 'div' )
			),
		} );
		expect( getByTestId( 'probe' ).textContent ).toBe( 'false' );
		rerender( <Probe inputId="input_1_5" /> );
		expect( getByTestId( 'probe' ).textContent ).toBe( 'false' );
		expect( takeHandedFiles( 'input_1_5' ) ).toEqual( [] );
	} );
} );
