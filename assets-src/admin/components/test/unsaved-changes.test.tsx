import { render } from '@testing-library/react';
import {
	mayLeave,
	popupFeatures,
	useUnsavedChangesWarning,
} from '../unsaved-changes';

function Probe( { dirty }: { dirty: boolean } ) {
	useUnsavedChangesWarning( dirty );
	return null;
}

const unload = () => {
	const event = new Event( 'beforeunload', { cancelable: true } );
	window.dispatchEvent( event );
	return event.defaultPrevented;
};

describe( 'unsaved changes', () => {
	it( 'holds the page only while there are unsaved changes', () => {
		const { rerender, unmount } = render( <Probe dirty={ false } /> );
		expect( unload() ).toBe( false );
		rerender( <Probe dirty /> );
		expect( unload() ).toBe( true );
		rerender( <Probe dirty={ false } /> );
		expect( unload() ).toBe( false );
		rerender( <Probe dirty /> );
		unmount();
		expect( unload() ).toBe( false );
	} );

	it( 'asks before in-app navigation only when dirty', () => {
		const confirm = jest.fn( () => false );
		expect( mayLeave( false, confirm ) ).toBe( true );
		expect( confirm ).not.toHaveBeenCalled();
		expect( mayLeave( true, confirm ) ).toBe( false );
		expect( mayLeave( true, () => true ) ).toBe( true );
	} );

	it( 'centres a 500x300 popup on the available screen', () => {
		expect(
			popupFeatures( {
				availWidth: 1500,
				availHeight: 900,
				availLeft: 100,
				availTop: 0,
			} )
		).toBe(
			'popup=yes,width=500,height=300,left=600,top=300,resizable=yes,scrollbars=yes'
		);
	} );
} );
