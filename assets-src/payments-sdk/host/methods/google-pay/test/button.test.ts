/**
 * The Google Pay button's options and rendering (API §6 GooglePayButtonOptions; wave 2 A.3).
 */
import {
	InvalidConfigurationValueError,
	InvalidOptionError,
} from '../../../errors';
import { buttonOptions, renderButton } from '../button';
import type { GoogleButtonOptions, GooglePaymentsClient } from '../vendor';

describe( 'buttonOptions', () => {
	it( 'defaults to the default colour, static size and long type', () => {
		expect( buttonOptions( undefined ) ).toEqual( {
			buttonColor: 'default',
			buttonSizeMode: 'static',
			buttonType: 'long',
		} );
		expect(
			buttonOptions( {
				buttonColor: 'white',
				buttonSizeMode: 'fill',
				buttonType: 'short',
			} )
		).toEqual( {
			buttonColor: 'white',
			buttonSizeMode: 'fill',
			buttonType: 'short',
		} );
	} );

	it( 'refuses unknown options and values outside their lists', () => {
		expect( () => buttonOptions( { buttonShape: 'pill' } ) ).toThrow(
			InvalidOptionError
		);
		expect( () => buttonOptions( { buttonColor: 'red' } ) ).toThrow(
			new InvalidConfigurationValueError(
				'buttonColor',
				'red',
				'Expected one of: default, black, white.'
			)
		);
		expect( () => buttonOptions( { buttonType: 'buy' } ) ).toThrow(
			InvalidConfigurationValueError
		);
		expect( () => buttonOptions( { buttonSizeMode: 1 } ) ).toThrow(
			InvalidConfigurationValueError
		);
		expect( () => buttonOptions( 'fill' ) ).toThrow(
			InvalidConfigurationValueError
		);
	} );
} );

describe( 'renderButton', () => {
	it( "puts Google's button in a shadow root inside the target; its click bubbles to the target", () => {
		document.body.innerHTML = '<div id="target"></div>';
		const target = document.getElementById( 'target' )!;
		const calls: GoogleButtonOptions[] = [];
		const client = {
			createButton: ( o: GoogleButtonOptions ) => {
				calls.push( o );
				const b = document.createElement( 'button' );
				b.className = 'gpay-button';
				b.addEventListener( 'click', o.onClick );
				return b;
			},
		} as unknown as GooglePaymentsClient;
		const clicks: EventTarget[] = [];
		target.addEventListener( 'click', ( e ) => clicks.push( e.target! ) );
		const rendered = renderButton( target, client, {
			buttonColor: 'black',
			buttonSizeMode: 'fill',
			buttonType: 'short',
		} );
		const root = rendered.host.shadowRoot!;
		expect( calls[ 0 ] ).toMatchObject( {
			buttonColor: 'black',
			buttonSizeMode: 'fill',
			buttonType: 'short',
			buttonRootNode: root,
		} );
		expect( rendered.host.parentElement ).toBe( target );
		expect( rendered.host.style.width ).toBe( '100%' );
		root.querySelector( 'button' )!.click();
		expect( clicks ).toEqual( [ rendered.host ] );
		rendered.remove();
		expect( target.childElementCount ).toBe( 0 );
	} );
} );
