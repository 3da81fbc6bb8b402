import fixtures from '../../../../tests/fixtures/engine/formula.json';
import { evaluateFormula } from '../evaluate';
import { mergeTagsOf, substituteMergeTags } from '../merge-tags';

describe( 'formula fixtures (also run by PHPUnit)', () => {
	it.each( fixtures.evaluate )(
		'evaluateFormula( "$expression" )',
		( { expression, expected } ) => {
			expect( evaluateFormula( expression ) ).toBe( expected );
		}
	);

	it.each( fixtures.mergeTags )(
		'substitutes $formula',
		( { formula, values, expected, result } ) => {
			const lookup = values as Record< string, number >;
			const text = substituteMergeTags(
				formula,
				( tag ) => lookup[ tag.inputId ] ?? 0
			);
			expect( text ).toBe( expected );
			expect( evaluateFormula( text ) ).toBeCloseTo( result, 12 );
		}
	);
} );

describe( 'mergeTagsOf', () => {
	it( 'lists each field or input once, with modifiers', () => {
		expect(
			mergeTagsOf( '{Price:1}*{:3.2}+{Price:1}+{Opt:4:price}' )
		).toEqual( [
			{ inputId: '1', modifier: undefined },
			{ inputId: '3.2', modifier: undefined },
			{ inputId: '4', modifier: 'price' },
		] );
	} );
} );
