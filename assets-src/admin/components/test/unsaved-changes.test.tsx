import { render } from '@testing-library/react';
import { mayLeave, useUnsavedChangesWarning } from '../unsaved-changes';

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
} );
