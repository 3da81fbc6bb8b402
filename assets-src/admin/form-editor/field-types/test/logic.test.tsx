/**
 * What the logic builder offers for the new types (docs/field-types.md, "Rules"): a name's shown
 * inputs by their ids, a date's ordering operators with a Y-m-d value, a consent's "checked";
 * and the merge-tag picker's tags of a name's and an address's shown inputs.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../../../../shared';
import { mergeTagsFor } from '../../../components/merge-tags';
import { newField, updateField } from '../../../store/forms/definition';
import { describeRules } from '../../LogicBuilder';
import { LogicHarness } from '../../test/editor-harness';
import { logicOperators, logicTargets } from '../logic';

jest.setTimeout( 30000 );

const empty: FormDefinition = { title: 'T', fields: [] };
const form: FormDefinition = {
	title: 'Sign up',
	fields: [
		newField( 'name', 3, empty ),
		newField( 'date', 4, empty ),
		newField( 'consent', 5, empty ),
		{ id: 6, type: 'text', label: 'Notes' },
	],
};

const rule = () =>
	within( screen.getByRole( 'group', { name: 'Rule 1' } ) as HTMLElement );
const optionsOf = ( name: string ) =>
	Array.from(
		( rule().getByRole( 'combobox', { name } ) as HTMLSelectElement )
			.options
	).map( ( o ) => [ o.value, o.textContent ] );

describe( 'rules on the new types', () => {
	it( "offers a name's shown inputs, a date's ordering operators and a consent's checked", async () => {
		const user = userEvent.setup();
		const spy = jest.fn();
		render(
			<LogicHarness form={ form } excludeFieldId={ 6 } spy={ spy } />
		);
		await user.click(
			screen.getByLabelText( 'Conditional logic for this field' )
		);
		// The first target is the name's first shown input, not the whole name.
		expect( spy ).toHaveBeenLastCalledWith(
			expect.objectContaining( {
				rules: [ { fieldId: '3.3', operator: 'is', value: '' } ],
			} )
		);
		expect( optionsOf( 'Field' ) ).toEqual( [
			[ '3.3', 'Name (First)' ],
			[ '3.6', 'Name (Last)' ],
			[ '4', 'Date (4)' ],
			[ '5', 'Consent (5)' ],
		] );
		expect( optionsOf( 'Operator' ).map( ( [ v ] ) => v ) ).toEqual( [
			'is',
			'isnot',
			'contains',
			'starts_with',
			'ends_with',
		] );
		await user.selectOptions(
			rule().getByRole( 'combobox', { name: 'Operator' } ),
			'starts_with'
		);

		// A date: is, is not, greater than, less than; the value a Y-m-d text. "starts with"
		// is not a date operator, so it falls back to "is".
		await user.selectOptions(
			rule().getByRole( 'combobox', { name: 'Field' } ),
			'4'
		);
		expect( optionsOf( 'Operator' ) ).toEqual( [
			[ 'is', 'is' ],
			[ 'isnot', 'is not' ],
			[ '>', 'greater than' ],
			[ '<', 'less than' ],
		] );
		expect( spy ).toHaveBeenLastCalledWith(
			expect.objectContaining( {
				rules: [ { fieldId: '4', operator: 'is', value: '' } ],
			} )
		);
		const value = rule().getByRole( 'textbox', { name: 'Value' } );
		expect( value.getAttribute( 'aria-describedby' ) ).toBeTruthy();
		expect( screen.getByText( /YYYY-MM-DD/ ) ).toBeTruthy();
		await user.selectOptions(
			rule().getByRole( 'combobox', { name: 'Operator' } ),
			'>'
		);
		await user.type( value, '2026-01-01' );
		expect( spy ).toHaveBeenLastCalledWith(
			expect.objectContaining( {
				rules: [ { fieldId: '4', operator: '>', value: '2026-01-01' } ],
			} )
		);

		// A consent: is / is not "checked" ("1").
		await user.selectOptions(
			rule().getByRole( 'combobox', { name: 'Field' } ),
			'5'
		);
		expect( optionsOf( 'Operator' ).map( ( [ v ] ) => v ) ).toEqual( [
			'is',
			'isnot',
		] );
		expect( optionsOf( 'Value' ) ).toEqual( [
			[ '', '(empty)' ],
			[ '1', 'checked' ],
		] );
		await user.selectOptions(
			rule().getByRole( 'combobox', { name: 'Value' } ),
			'1'
		);
		expect( spy ).toHaveBeenLastCalledWith(
			expect.objectContaining( {
				rules: [ { fieldId: '5', operator: 'is', value: '1' } ],
			} )
		);
	} );

	it( 'reads rules in words with the input and value names', () => {
		expect(
			describeRules(
				[
					{ fieldId: '3.6', operator: 'is', value: 'Lovelace' },
					{ fieldId: '5', operator: 'is', value: '1' },
				],
				form
			)
		).toBe( 'Name (Last) is "Lovelace"; Consent (5) is "checked"' );
	} );

	it( 'follows what the name shows: a shown middle name is a target, a simple name is one', () => {
		const withMiddle = updateField( form, 3, {
			inputs: form.fields[ 0 ].inputs!.map( ( i ) =>
				i.id === '3.4'
					? { ...i, isHidden: false, customLabel: 'Middle name' }
					: i
			),
		} );
		expect(
			logicTargets( withMiddle.fields[ 0 ] ).map( ( t ) => t.label )
		).toEqual( [ 'Name (First)', 'Name (Middle name)', 'Name (Last)' ] );
		const simple = { ...form.fields[ 0 ], nameFormat: 'simple' as const };
		expect( logicTargets( simple ) ).toEqual( [
			{ id: '3', label: 'Name (3)' },
		] );
		// Types without their own operators keep every operator.
		expect( logicOperators( form.fields[ 3 ] ) ).toHaveLength( 7 );
	} );
} );

describe( 'merge tags of the new types', () => {
	it( "offer a name's and an address's whole value and each shown input", () => {
		const withAddress: FormDefinition = {
			...form,
			fields: [
				...form.fields,
				{ ...newField( 'address', 7, empty ), addressType: 'us' },
			],
		};
		const tags = mergeTagsFor( withAddress, 'text' ).map( ( t ) => t.tag );
		expect( tags ).toEqual(
			expect.arrayContaining( [
				'{Name:3}',
				'{Name:3.3}',
				'{Name:3.6}',
				'{Address:7}',
				'{Address:7.1}',
				'{Address:7.5}',
			] )
		);
		// Hidden inputs (prefix, middle, suffix) and a US address's fixed country are not offered.
		expect( tags ).not.toContain( '{Name:3.2}' );
		expect( tags ).not.toContain( '{Name:3.4}' );
		expect( tags ).not.toContain( '{Address:7.6}' );
		expect(
			mergeTagsFor( withAddress, 'text' ).find(
				( t ) => t.tag === '{Address:7.5}'
			)?.label
		).toBe( 'Address (7): ZIP Code' );
	} );
} );
