/**
 * A date, a time or a name in a formula is text, not a number: it counts 0, as any text that is
 * no number does (the twin is FieldTypesFormulaTest in PHPUnit).
 */
import type { FormDefinition } from '../../../shared';
import { evaluateForm, prepareForm } from '../../evaluate/evaluate';

const form: FormDefinition = {
	title: 'Formula',
	fields: [
		{ id: 1, type: 'date', label: 'Date' },
		{ id: 2, type: 'name', label: 'Name' },
		{ id: 3, type: 'time', label: 'Time' },
		{
			id: 4,
			type: 'number',
			label: 'Sum',
			enableCalculation: true,
			calculationFormula: '{:1} + {:2} + {:2.3} + {:3} + 1',
		},
	],
};

describe( 'new field types in formulas', () => {
	it( 'reads a date, a time and a name as text (0), one input that is a number as that number', () => {
		const evaluation = evaluateForm( prepareForm( form ), {
			1: '02/28/2026',
			2: [ '', '7', '', 'Smith', '' ],
			3: [ '10', '30', 'pm' ],
		} );
		expect( evaluation.calculated[ 4 ] ).toBe( 8 );
	} );
} );
