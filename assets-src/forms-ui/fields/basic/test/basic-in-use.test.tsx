/**
 * A basic control in use when the scripts take over stays until the visitor is done with it
 * (basic-in-use.ts). Files chosen in the basic file input reach the uploader: files it holds
 * are handed over at once; an input whose chooser is open (it has the focus) stays until the
 * visitor chose, cancelled or moved on. A field being typed in stays until the focus or the
 * pointer goes elsewhere or the form is submitted, and then hands over what was typed.
 */
import { act, render } from '@testing-library/react';
import type { FieldDefinition } from '../../../../shared';
import { PasswordField } from '../../password/PasswordField';
import { takeHandedFiles, useBasicInUse } from '../basic-in-use';

/**
 * Shows what the hook answers.
 *
 * @param props         Props.
 * @param props.inputId The basic input's id, or null.
 */
function Probe( { inputId }: { inputId: string | null } ) {
	const inUse = useBasicInUse(
		inputId ? { rootId: 'field_1_5', fileInputId: inputId } : null,
		() => {}
	);
	return <p data-testid="probe">{ String( inUse ) }</p>;
}

/** The server's basic file input, in the page. */
function basicInput(): HTMLInputElement {
	document.body.innerHTML =
		'<form><div id="field_1_5"><input type="file" id="input_1_5"></div></form>';
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

describe( 'a field being typed in', () => {
	/**
	 * Shows what the hook answers for a text-like field, and counts the handovers.
	 *
	 * @param props          Props.
	 * @param props.handOver Called to hand over what was typed.
	 */
	function TypedProbe( { handOver }: { handOver: () => void } ) {
		const inUse = useBasicInUse( { rootId: 'field_1_6' }, handOver );
		return <p data-testid="typed">{ String( inUse ) }</p>;
	}

	/** The server's basic password inputs, the first focused. */
	function typing() {
		document.body.innerHTML = `<form><div id="field_1_6"><input id="input_1_6"><input id="input_1_6_2"></div><button id="send">Send</button></form>`;
		( document.getElementById( 'input_1_6' ) as HTMLInputElement ).focus();
	}

	it.each( [
		[
			'the focus moves out of the field',
			() => document.getElementById( 'send' )?.focus(),
		],
		[
			'a click lands elsewhere (a tap on Send, which Safari does not focus)',
			() =>
				document
					.getElementById( 'send' )
					?.dispatchEvent( new Event( 'click', { bubbles: true } ) ),
		],
		[
			'the form is submitted',
			() =>
				document.querySelector( 'form' )?.dispatchEvent(
					new Event( 'submit', {
						bubbles: true,
						cancelable: true,
					} )
				),
		],
	] )( 'stays while typed in, and hands over once %s', ( _when, leave ) => {
		typing();
		const handOver = jest.fn();
		const { getByTestId } = render( <TypedProbe handOver={ handOver } />, {
			container: document.body.appendChild(
				document.createElement( 'div' )
			),
		} );
		expect( getByTestId( 'typed' ).textContent ).toBe( 'true' );
		// Moving within the field keeps it.
		act( () => document.getElementById( 'input_1_6_2' )?.focus() );
		expect( getByTestId( 'typed' ).textContent ).toBe( 'true' );
		expect( handOver ).not.toHaveBeenCalled();
		act( () => {
			leave();
		} );
		expect( getByTestId( 'typed' ).textContent ).toBe( 'false' );
		expect( handOver ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'stays when a touch only scrolls the page (a pointerdown without a click)', () => {
		typing();
		const handOver = jest.fn();
		const { getByTestId } = render( <TypedProbe handOver={ handOver } />, {
			container: document.body.appendChild(
				document.createElement( 'div' )
			),
		} );
		act( () => {
			document.body.dispatchEvent(
				new Event( 'pointerdown', { bubbles: true } )
			);
		} );
		expect( getByTestId( 'typed' ).textContent ).toBe( 'true' );
		expect( handOver ).not.toHaveBeenCalled();
	} );

	it( 'does not stay when the visitor is elsewhere', () => {
		typing();
		document.getElementById( 'send' )?.focus();
		const handOver = jest.fn();
		const { getByTestId } = render( <TypedProbe handOver={ handOver } />, {
			container: document.body.appendChild(
				document.createElement( 'div' )
			),
		} );
		expect( getByTestId( 'typed' ).textContent ).toBe( 'false' );
		expect( handOver ).not.toHaveBeenCalled();
	} );
} );

describe( 'a password typed into the basic inputs', () => {
	it( 'is read with its confirmation, and not at all when the wire has none', () => {
		const field = {
			id: 6,
			type: 'password',
			label: 'Password',
		} as FieldDefinition;
		expect( PasswordField.fromBasic?.( field, {} ) ).toBeUndefined();
		expect(
			PasswordField.fromBasic?.( field, { 6: 'Secret', '6.2': 'Secret' } )
		).toEqual( [ 'Secret', 'Secret', '' ] );
	} );
} );
