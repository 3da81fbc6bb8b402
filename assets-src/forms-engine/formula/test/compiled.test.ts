import fixtures from '../../../../tests/fixtures/engine/formula.json';
import { evaluateWithTags } from '../compiled';
import { evaluateFormulaRaw } from '../evaluate';
import { substituteMergeTags, type MergeTag } from '../merge-tags';

/**
 * The reference: substitute every tag's number into the text, then read the text.
 *
 * @param formula Formula.
 * @param valueOf Tag values.
 */
const substituted = ( formula: string, valueOf: ( tag: MergeTag ) => number ) =>
	evaluateFormulaRaw( substituteMergeTags( formula, valueOf ) );

/**
 * A small seeded generator (Park–Miller): the same formulas on every run.
 *
 * @param seed Seed (1 to 2^31 − 2).
 */
function random( seed: number ): () => number {
	let state = seed;
	return () => {
		state = ( state * 16807 ) % 2147483647;
		return ( state - 1 ) / 2147483646;
	};
}

const PIECES = [
	'{:1}',
	'{:2}',
	'{Price:3}',
	'{Qty:4.2}',
	'{Opt:5:price}',
	'{Two\nlines:1}',
	'1',
	'25',
	'0.5',
	'.5',
	'3.',
	'..',
	'+',
	'-',
	'*',
	'/',
	'(',
	')',
	' ',
	'\n',
	'x',
	'{nope}',
	'{',
];

const VALUES = [
	0,
	-0,
	1,
	-5,
	2.5,
	-0.125,
	0.1 + 0.2,
	1e-7,
	123456789.123456,
	1e15,
	12345678901234567,
	-1e21,
	Number.NaN,
	Number.POSITIVE_INFINITY,
];

describe( 'evaluateWithTags: the same result as substituting the tags', () => {
	it( 'on the formula fixtures (also run by PHPUnit)', () => {
		for ( const { formula, values } of fixtures.mergeTags ) {
			const lookup = values as Record< string, number >;
			const valueOf = ( tag: MergeTag ) => lookup[ tag.inputId ] ?? 0;
			expect( evaluateWithTags( formula, valueOf ) ).toBe(
				substituted( formula, valueOf )
			);
		}
		for ( const { expression } of fixtures.evaluate ) {
			expect( evaluateWithTags( expression, () => 0 ) ).toBe(
				evaluateFormulaRaw( expression )
			);
		}
	} );

	it( 'on 20,000 generated formulas and tag values', () => {
		let differences = 0;
		const examples: string[] = [];
		const next = random( 20261128 );
		for ( let n = 1; n <= 20000; n++ ) {
			const length = 1 + Math.floor( next() * 9 );
			let formula = '';
			for ( let i = 0; i < length; i++ ) {
				// Mostly well-formed pieces, so that most formulas are valid.
				formula += PIECES[ Math.floor( next() * PIECES.length ) ];
			}
			const values = new Map< string, number >();
			const valueOf = ( tag: MergeTag ) => {
				const key = tag.inputId + ( tag.modifier ?? '' );
				if ( ! values.has( key ) ) {
					values.set(
						key,
						VALUES[ Math.floor( next() * VALUES.length ) ]
					);
				}
				return values.get( key ) as number;
			};
			// The reference first: it draws each tag's value in text order.
			const expected = substituted( formula, valueOf );
			const actual = evaluateWithTags( formula, valueOf );
			if ( ! Object.is( actual, expected ) ) {
				differences++;
				if ( examples.length < 5 ) {
					examples.push(
						`formula ${ n }: ${ JSON.stringify(
							formula
						) } gave ${ actual }, substituting gives ${ expected }`
					);
				}
			}
		}
		expect( examples ).toEqual( [] );
		expect( differences ).toBe( 0 );
	} );

	it( 'reads a tag next to a digit, a point or a tag as the substituted text does', () => {
		const five = () => 5;
		expect( evaluateWithTags( '1{:2}', five ) ).toBe( 15 );
		expect( evaluateWithTags( '{:1}.5', five ) ).toBe( 5.5 );
		expect( evaluateWithTags( '{:1}{:2}', five ) ).toBe( 55 );
		expect( evaluateWithTags( '2*{:1}', () => -5 ) ).toBe( -10 );
		expect( evaluateWithTags( '-{:1}', () => -5 ) ).toBe( 5 );
		expect( evaluateWithTags( '{:1} {:2}', five ) ).toBeNull();
		expect( evaluateWithTags( '{:1} / 0', five ) ).toBe(
			Number.POSITIVE_INFINITY
		);
	} );
} );
