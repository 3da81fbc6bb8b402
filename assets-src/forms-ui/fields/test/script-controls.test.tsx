/**
 * A field whose control ships in a script of its own (script-controls.ts): before the script
 * ran, the field shows its label and "Loading…"; once the script provides the control, the same
 * field renders it. The module registry is reset so that no control is provided yet (the test
 * setup provides them all), and React is taken from the fresh registry too.
 */
import type * as Testing from '@testing-library/react';
import type * as Element from '@wordpress/element';
import type * as Registry from '../script-controls';
import type * as Slot from '../ScriptControl';
import type { FieldProps } from '../types';

// At the top, once: Testing Library registers its cleanup hooks when it is first required.
jest.resetModules();
const testing: typeof Testing = require( '@testing-library/react' );
const element: typeof Element = require( '@wordpress/element' );
const registry: typeof Registry = require( '../script-controls' );
const slot: typeof Slot = require( '../ScriptControl' );

const props = ( type: 'fileupload' | 'text' ): FieldProps => ( {
	formId: 1,
	field: { id: 4, type, label: 'Attachment', isRequired: true },
	value: undefined,
	onChange: () => {},
} );

it( 'shows the label and a placeholder until the script provides the control', () => {
	const { render, screen, act } = testing;
	const { createElement } = element;
	render( createElement( slot.ScriptControl, props( 'fileupload' ) ) );
	expect( screen.getByRole( 'status' ).textContent ).toBe( 'Loading…' );
	expect( document.body.textContent ).toContain( 'Attachment' );

	const Upload = ( p: FieldProps ) =>
		createElement( 'p', { 'data-testid': 'upload' }, p.field.label );
	act( () => registry.provideControls( { fileupload: Upload } ) );
	expect( screen.getByTestId( 'upload' ).textContent ).toBe( 'Attachment' );
	expect( screen.queryByRole( 'status' ) ).toBeNull();
} );

it( 'keeps the first control given for a type', () => {
	const first = () => null;
	registry.provideControls( { date: first } );
	registry.provideControls( { date: () => null } );
	expect( registry.scriptControl( 'date' ) ).toBe( first );
} );

it( 'knows which types ship apart', () => {
	expect( registry.isScriptControlType( 'fileupload' ) ).toBe( true );
	expect( registry.isScriptControlType( 'address' ) ).toBe( true );
	expect( registry.isScriptControlType( 'text' ) ).toBe( false );
} );
