/**
 * Issue 13: the payments code loads only on payment pages. form-view (every form) reaches only
 * the generic field-unit mechanism (fields/units.ts, UnitSlot, use-field-units), nothing in
 * fields/payment/: the payment field script provides it all as a unit. Checked on the static
 * import graph of the two entries (type imports erased, as Babel does).
 */
import path from 'node:path';
import { graph, SRC } from '../../../../bundles/test/import-graph';

const LAZY = [
	'forms-ui/fields/payment/PaymentField.tsx',
	'forms-ui/fields/payment/use-payment.ts',
	'forms-ui/fields/payment/adapter.ts',
	'forms-ui/fields/payment/registry.ts',
	'forms-ui/fields/payment/unit.tsx',
];

describe( 'payments code split', () => {
	it( 'form-view reaches the generic unit mechanism, nothing in fields/payment', () => {
		const view = graph( path.join( SRC, 'bundles/form-view.tsx' ) );
		expect( view.has( 'forms-ui/components/Form.tsx' ) ).toBe( true );
		for ( const generic of [
			'forms-ui/fields/units.ts',
			'forms-ui/fields/UnitSlot.tsx',
			'forms-ui/fields/use-field-units.ts',
		] ) {
			expect( view.has( generic ) ).toBe( true );
		}
		expect(
			[ ...view ].filter( ( f ) =>
				f.startsWith( 'forms-ui/fields/payment/' )
			)
		).toEqual( [] );
	} );

	it( 'the payment field script carries it, without the form', () => {
		const field = graph( path.join( SRC, 'bundles/payment-field.ts' ) );
		expect( LAZY.filter( ( f ) => ! field.has( f ) ) ).toEqual( [] );
		// It provides a generic unit, without form-view's slot, hooks, shell or form.
		expect( field.has( 'forms-ui/fields/UnitSlot.tsx' ) ).toBe( false );
		expect( field.has( 'forms-ui/fields/use-field-units.ts' ) ).toBe(
			false
		);
		expect( field.has( 'forms-ui/components/Form.tsx' ) ).toBe( false );
		expect( field.has( 'forms-ui/components/field-parts.tsx' ) ).toBe(
			false
		);
	} );
} );
