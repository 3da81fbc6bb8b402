/**
 * The template gallery's data: every file in plugin/data/templates is offered, and the priced
 * templates total in the engine the visitor runs (the server side: tests/php/unit/Templates).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	evaluateForm,
	initialValues,
	prepareForm,
	priceForm,
} from '../../../forms-engine';
import type { FormValues } from '../../../shared';
import { formTemplates, startingDefinition } from '../templates';

const byId = ( slug: string ) => {
	const template = formTemplates().find( ( t ) => t.slug === slug );
	if ( ! template ) {
		throw new Error( `No template ${ slug }` );
	}
	return template;
};

/**
 * The engine's total (minor units) for the template's values.
 * @param slug
 * @param changes
 */
function totalOf( slug: string, changes: FormValues = {} ): number | undefined {
	const prepared = prepareForm( byId( slug ).definition );
	const values = { ...initialValues( prepared.form ), ...changes };
	const state = priceForm(
		prepared,
		values,
		evaluateForm( prepared, values )
	);
	return state.pricing?.totalMinor;
}

describe( 'form templates', () => {
	it( 'offers every file of plugin/data/templates, each with a name, a description and fields', () => {
		const dir = path.resolve(
			__dirname,
			'../../../../plugin/data/templates'
		);
		const files = fs
			.readdirSync( dir )
			.filter( ( f ) => f.endsWith( '.json' ) )
			.map( ( f ) => f.replace( /\.json$/, '' ) )
			.sort();
		const templates = formTemplates();
		expect( templates.map( ( t ) => t.slug ).sort() ).toEqual( files );
		expect( templates.length ).toBeGreaterThanOrEqual( 6 );
		for ( const t of templates ) {
			expect( t.name ).not.toBe( '' );
			expect( t.description ).not.toBe( '' );
			expect( t.definition.fields.length ).toBeGreaterThan( 0 );
		}
	} );

	it( 'the order form totals its preselected shirt, quantity 1 and standard delivery', () => {
		expect( totalOf( 'order' ) ).toBe( 1995 );
		// Two organic shirts with gift wrap, express delivery: (22 + 3) × 2 + 12.
		expect(
			totalOf( 'order', {
				3: 'Organic cotton tee',
				4: '2',
				5: [ 'Gift wrap' ],
				6: 'Express',
			} )
		).toBe( 6200 );
	} );

	it( 'the donation totals the preset amount, or the donor’s own', () => {
		expect( totalOf( 'donation' ) ).toBe( 2500 );
		expect( totalOf( 'donation', { 1: 'own', 3: '42.50' } ) ).toBe( 4250 );
	} );

	it( 'a new form is a copy under the typed title, else the template’s', () => {
		const order = byId( 'order' );
		const fromOrder = startingDefinition( order, '  ' );
		expect( fromOrder.title ).toBe( 'Order form' );
		expect( fromOrder.fields ).toEqual( order.definition.fields );
		expect( fromOrder.fields ).not.toBe( order.definition.fields );
		expect( startingDefinition( order, 'Shirts' ).title ).toBe( 'Shirts' );
		expect( startingDefinition( null, '' ) ).toEqual( {
			title: 'Untitled form',
			fields: [],
		} );
	} );
} );
