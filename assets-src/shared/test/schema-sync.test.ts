import schema from '../../../plugin/schema/form.schema.json';
import { FIELD_TYPES, NUMBER_FORMATS } from '../types/form';

describe( 'form types and the JSON Schema', () => {
	it( 'list the same field types', () => {
		expect( [ ...FIELD_TYPES ] ).toEqual( schema.$defs.fieldType.enum );
	} );

	it( 'list the same number formats', () => {
		expect( [ ...NUMBER_FORMATS ] ).toEqual(
			schema.$defs.field.properties.numberFormat.enum
		);
	} );
} );
