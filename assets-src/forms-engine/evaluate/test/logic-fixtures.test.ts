import fixtures from '../../../../tests/fixtures/engine/logic.json';
import type { FormDefinition, FormValues } from '../../../shared';
import {
	evaluateForm,
	prepareForm,
	reevaluate,
	type Evaluation,
} from '../evaluate';
import { DependencyCycleError } from '../graph';

type Step = {
	set: Record< string, string | string[] >;
	expect: Partial< Record< keyof Evaluation, unknown > >;
};

function pick( evaluation: Evaluation, expected: Step[ 'expect' ] ) {
	const out: Record< string, unknown > = {};
	for ( const key of Object.keys( expected ) as Array< keyof Evaluation > ) {
		const actual = evaluation[ key ];
		if ( typeof actual === 'object' && actual !== null ) {
			out[ key ] = Object.fromEntries(
				Object.keys( expected[ key ] as object ).map( ( k ) => [
					k,
					( actual as Record< string, unknown > )[ k ],
				] )
			);
		} else {
			out[ key ] = actual;
		}
	}
	return out;
}

function cycleOf( form: FormDefinition ): number[] {
	try {
		prepareForm( form );
		return [];
	} catch ( e ) {
		return e instanceof DependencyCycleError ? e.fieldIds : [ -1 ];
	}
}

describe( 'logic and formula fixtures (also run by PHPUnit)', () => {
	describe.each( fixtures.scenarios )( '$name', ( scenario ) => {
		it( 'full evaluation after each step', () => {
			const prepared = prepareForm(
				scenario.form as unknown as FormDefinition
			);
			const entered: FormValues = {};
			for ( const step of scenario.steps as Step[] ) {
				Object.assign( entered, step.set );
				expect(
					pick( evaluateForm( prepared, entered ), step.expect )
				).toEqual( step.expect );
			}
		} );

		it( 'incremental evaluation equals full evaluation', () => {
			const prepared = prepareForm(
				scenario.form as unknown as FormDefinition
			);
			const entered: FormValues = {};
			let current = evaluateForm( prepared, entered );
			for ( const step of scenario.steps as Step[] ) {
				for ( const [ id, value ] of Object.entries( step.set ) ) {
					entered[ Number( id ) ] = value;
					current = reevaluate(
						prepared,
						entered,
						current,
						Number( id )
					).evaluation;
				}
				expect( current ).toEqual( evaluateForm( prepared, entered ) );
			}
		} );
	} );

	it.each( fixtures.cycles )( 'cycles: $name', ( { form, expected } ) => {
		expect( cycleOf( form as unknown as FormDefinition ) ).toEqual(
			expected
		);
	} );
} );

describe( 'reevaluate', () => {
	it( 'evaluates only the dependents of a change', () => {
		const fields = Array.from( { length: 50 }, ( _, i ) => ( {
			id: i + 1,
			type: 'text' as const,
			conditionalLogic:
				i % 2 === 1
					? {
							actionType: 'show' as const,
							logicType: 'all' as const,
							rules: [
								{
									fieldId: String( i ),
									operator: 'is',
									value: 'x',
								},
							],
						}
					: null,
		} ) );
		const prepared = prepareForm( { title: 'T', fields } );
		const before = evaluateForm( prepared, {} );
		const { nodes, evaluation } = reevaluate(
			prepared,
			{ 1: 'x' },
			before,
			1
		);
		expect( nodes ).toHaveLength( 2 );
		expect( evaluation.visible[ 2 ] ).toBe( true );
	} );
} );
