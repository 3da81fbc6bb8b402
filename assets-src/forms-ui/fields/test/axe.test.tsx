/**
 * axe on the new field types as a form renders them (jsdom: no colour contrast), with errors
 * showing and the date picker's calendar and the token list's popup open.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { createHooks } from '@wordpress/hooks';
import axe from 'axe-core';
import type { FormDefinition } from '../../../shared';
import { Form } from '../../components/Form';

const choices = [
	{ text: 'Red', value: 'r' },
	{ text: 'Blue', value: 'b' },
];

const form: FormDefinition & { id: number } = {
	id: 3,
	title: 'New types',
	fields: [
		{
			id: 1,
			type: 'name',
			label: 'Name',
			isRequired: true,
			inputs: [
				{ id: '1.2', choices: [ { text: 'Dr.', value: 'Dr.' } ] },
				{ id: '1.3' },
				{ id: '1.4' },
				{ id: '1.6' },
				{ id: '1.8' },
			],
		},
		{ id: 2, type: 'address', label: 'Address', isRequired: true },
		{ id: 3, type: 'address', label: 'US address', addressType: 'us' },
		{ id: 4, type: 'phone', label: 'Phone', isRequired: true },
		{ id: 5, type: 'date', label: 'Start' },
		{ id: 6, type: 'date', label: 'Birthday', dateType: 'datedropdown' },
		{ id: 7, type: 'date', label: 'End', dateType: 'datefield' },
		{ id: 8, type: 'time', label: 'Arrival' },
		{ id: 9, type: 'website', label: 'Site' },
		{
			id: 10,
			type: 'consent',
			label: 'Consent',
			isRequired: true,
			checkboxLabel: 'I agree.',
			description: 'The terms.',
		},
		{ id: 11, type: 'multiselect', label: 'Colours', choices },
		{
			id: 12,
			type: 'multiselect',
			label: 'Tags',
			choices,
			enableEnhancedUI: true,
		},
	],
};

/**
 * The violations axe finds in the element.
 *
 * @param element The element.
 */
async function violations( element: Element ) {
	const result = await axe.run( element, {
		rules: { 'color-contrast': { enabled: false } },
	} );
	return result.violations.map(
		( v ) => `${ v.id }: ${ v.nodes.map( ( n ) => n.html ).join( ' | ' ) }`
	);
}

beforeAll( () => {
	// jsdom has no canvas; axe then skips what it measures with one (icon ligatures).
	HTMLCanvasElement.prototype.getContext = () => null;
} );

describe( 'the new field types under axe', () => {
	it( 'finds nothing, with the calendar and the token list open', async () => {
		const { container } = render(
			<Form form={ form } submitPath="/p" hooks={ createHooks() } />
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Choose date' } )
		);
		fireEvent.focus( screen.getByRole( 'combobox', { name: 'Tags' } ) );
		expect( await violations( container ) ).toEqual( [] );
	} );
} );
