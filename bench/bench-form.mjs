/**
 * The generated form of the engine benchmarks (bench/engine.mjs in Node, bench/engine-dom.mjs
 * in Chromium): 1,000 fields, 500 rules and 100 formulas.
 *
 * - Fields 1..400: number inputs.
 * - Fields 401..900: text fields, each shown by one rule `{field} > 5`; field 400 + k reads
 *   input k (k in 1..400), and field 800 + k reads it too for k in 1..100.
 * - Fields 901..1000: calculated numbers, formula i reads inputs 1 + (7i mod 400) and
 *   1 + (13i mod 400) plus the previous formula (a chain of 100).
 */

/** Number of number inputs (fields 1..INPUT_COUNT). */
export const INPUT_COUNT = 400;

/** Id of the first text field shown by a rule (it reads input 1). */
export const FIRST_RULE_FIELD = INPUT_COUNT + 1;

/** Id of the first calculated number. */
export const FIRST_FORMULA_FIELD = 901;

/**
 * The inputs formula `index` (0..99) reads.
 *
 * @param {number} index Formula index.
 * @return {number[]} Input field ids.
 */
export function formulaInputs( index ) {
	return [
		1 + ( ( index * 7 ) % INPUT_COUNT ),
		1 + ( ( index * 13 ) % INPUT_COUNT ),
	];
}

/**
 * The generated form definition.
 *
 * @param {string} [title] Form title.
 * @return {{title: string, fields: Object[]}} Form definition.
 */
export function generateForm( title = 'Bench' ) {
	const fields = [];
	for ( let i = 1; i <= INPUT_COUNT; i++ ) {
		fields.push( { id: i, type: 'number', label: `Input ${ i }` } );
	}
	for ( let i = 0; i < 500; i++ ) {
		fields.push( {
			id: FIRST_RULE_FIELD + i,
			type: 'text',
			label: `Shown ${ i }`,
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [
					{
						fieldId: String( 1 + ( i % INPUT_COUNT ) ),
						operator: '>',
						value: '5',
					},
				],
			},
		} );
	}
	for ( let i = 0; i < 100; i++ ) {
		const [ a, b ] = formulaInputs( i );
		const previous =
			i === 0 ? '' : ` + {:${ FIRST_FORMULA_FIELD + i - 1 }}`;
		fields.push( {
			id: FIRST_FORMULA_FIELD + i,
			type: 'number',
			label: `Formula ${ i }`,
			enableCalculation: true,
			calculationFormula: `{:${ a }} * {:${ b }}${ previous }`,
			calculationRounding: 2,
		} );
	}
	return { title, fields };
}

/**
 * The value at percentile `p` of an ascending array (nearest rank, as the benchmarks print it).
 *
 * @param {number[]} sorted Ascending values.
 * @param {number}   p      Percentile, 0..100.
 * @return {number} Value.
 */
export const percentile = ( sorted, p ) =>
	sorted[
		Math.min( sorted.length - 1, Math.floor( ( p / 100 ) * sorted.length ) )
	];
