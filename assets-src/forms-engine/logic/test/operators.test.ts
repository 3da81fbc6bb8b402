import fixtures from '../../../../tests/fixtures/engine/operators.json';
import type { ValueFormat } from '../../../shared/money';
import { valuesMatch } from '../operators';

describe( 'operator fixtures (also run by PHPUnit)', () => {
	it.each( fixtures.cases )( '$values $op "$rule" -> $expected', ( c ) => {
		const format = ( c as { format?: string } ).format as
			ValueFormat | undefined;
		expect( valuesMatch( c.op, c.values, c.rule, format ) ).toBe(
			c.expected
		);
	} );
} );
