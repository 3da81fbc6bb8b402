import numberCases from '../../../../tests/fixtures/engine/number-parse.json';
import fieldCases from '../../../../tests/fixtures/engine/field-validation.json';
import type {
	FieldDefinition,
	FieldValue,
	NumberFormat,
} from '../../../shared';
import { parseNumber } from '../number';
import { validateField } from '../validate';

describe( 'shared fixtures (also run by PHPUnit)', () => {
	it.each( numberCases.cases )(
		'parseNumber( $text, $format ) is $expected',
		( { text, format, expected } ) => {
			expect( parseNumber( text, format as NumberFormat ) ).toBe(
				expected
			);
		}
	);

	it.each( fieldCases.cases )( '$name', ( { field, value, expected } ) => {
		const issue = validateField(
			field as unknown as FieldDefinition,
			value as FieldValue
		);
		expect( issue?.code ?? null ).toBe( expected );
	} );
} );
