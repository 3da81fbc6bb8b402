import type { FormDefinition } from '../../../shared';
import { formulaProblem, mergeTag } from '../formula';

const form = ( formula: string, other = '' ): FormDefinition => ( {
	title: 'F',
	fields: [
		{ id: 1, type: 'number', label: 'Count' },
		{ id: 2, type: 'section', label: 'Part' },
		{
			id: 3,
			type: 'number',
			label: 'Result',
			enableCalculation: true,
			calculationFormula: formula,
		},
		{
			id: 4,
			type: 'number',
			label: 'Other',
			enableCalculation: Boolean( other ),
			calculationFormula: other,
		},
	],
} );

describe( 'formulaProblem', () => {
	it( 'accepts formulas over value fields and empty formulas', () => {
		expect(
			formulaProblem( form( '({Count:1} + 2) * 1.5' ), 3 )
		).toBeNull();
		expect( formulaProblem( form( '' ), 3 ) ).toBeNull();
	} );

	it( 'names merge tags of missing or valueless fields', () => {
		expect( formulaProblem( form( '{:1} + {:9} + {Part:2}' ), 3 ) ).toEqual(
			{
				kind: 'unknownField',
				inputIds: [ '9', '2' ],
			}
		);
	} );

	it( 'refuses characters and syntax the parser refuses', () => {
		expect( formulaProblem( form( '{:1} ^ 2' ), 3 ) ).toEqual( {
			kind: 'syntax',
		} );
		expect( formulaProblem( form( '{:1} * (2' ), 3 ) ).toEqual( {
			kind: 'syntax',
		} );
	} );

	it( 'finds cycles through other formulas', () => {
		const problem = formulaProblem( form( '{:4} + 1', '{:3} * 2' ), 3 );
		expect( problem?.kind ).toBe( 'cycle' );
		expect(
			problem?.kind === 'cycle' ? [ ...problem.fieldIds ].sort() : []
		).toEqual( [ 3, 4 ] );
	} );

	it( 'builds merge tags without characters that would break them', () => {
		expect( mergeTag( 'Price {net}: total', '5.2' ) ).toBe(
			'{Price net total:5.2}'
		);
	} );
} );
