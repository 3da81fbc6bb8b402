import fixtures from '../../../../tests/fixtures/engine/feeds.json';
import type { FormDefinition, FormValues } from '../../../shared';
import { evaluateForm, prepareForm } from '../../evaluate/evaluate';
import { activeFeeds, feedTriggers } from '../feeds';

describe( 'feed fixtures (also run by PHPUnit)', () => {
	it.each( fixtures.scenarios )( '$name', ( scenario ) => {
		const prepared = prepareForm(
			scenario.form as unknown as FormDefinition
		);
		const entered: FormValues = {};
		for ( const step of scenario.steps ) {
			Object.assign( entered, step.set );
			expect(
				activeFeeds( prepared, evaluateForm( prepared, entered ) )
			).toEqual( step.expect );
		}
	} );

	it( 'lists the fields feed rules read', () => {
		const form = fixtures.scenarios[ 0 ].form as unknown as FormDefinition;
		expect( [ ...feedTriggers( form.feeds ?? [] ) ].sort() ).toEqual( [
			1, 2,
		] );
	} );
} );
