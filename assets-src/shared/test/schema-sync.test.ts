import schema from '../../../plugin/schema/form.schema.json';
import {
	BILLING_KEYS,
	DATE_FORMATS,
	FIELD_TYPES,
	NOTIFICATION_EVENTS,
	NUMBER_FORMATS,
	PAYMENT_METHODS,
} from '../types/form';

describe( 'form types and the JSON Schema', () => {
	it( 'list the same field types', () => {
		expect( [ ...FIELD_TYPES ] ).toEqual( schema.$defs.fieldType.enum );
	} );

	it( 'list the same number formats', () => {
		expect( [ ...NUMBER_FORMATS ] ).toEqual(
			schema.$defs.field.properties.numberFormat.enum
		);
	} );

	it( 'list the same payment methods and billing keys', () => {
		expect( [ ...PAYMENT_METHODS ] ).toEqual(
			schema.$defs.field.properties.methods.items.enum
		);
		expect( [ ...BILLING_KEYS ] ).toEqual(
			Object.keys( schema.$defs.field.properties.billing.properties )
		);
	} );

	it( 'list the same date formats', () => {
		expect( [ ...DATE_FORMATS ] ).toEqual(
			schema.$defs.field.properties.dateFormat.enum
		);
	} );

	it( 'list the same notification events', () => {
		expect( [ ...NOTIFICATION_EVENTS ] ).toEqual(
			schema.$defs.notification.properties.event.enum
		);
	} );
} );
