/**
 * The shared fixtures of tests/fixtures/field-types, one file per type, also run by PHPUnit
 * (tests/php/unit/Domain/FieldTypesFixturesTest.php): browser value → wire, value → issue,
 * defaults, and what rules read, so the twins cannot drift.
 */
import address from '../../../../tests/fixtures/field-types/address.json';
import captcha from '../../../../tests/fixtures/field-types/captcha.json';
import consent from '../../../../tests/fixtures/field-types/consent.json';
import date from '../../../../tests/fixtures/field-types/date.json';
import html from '../../../../tests/fixtures/field-types/html.json';
import multiselect from '../../../../tests/fixtures/field-types/multiselect.json';
import name from '../../../../tests/fixtures/field-types/name.json';
import option from '../../../../tests/fixtures/field-types/option.json';
import page from '../../../../tests/fixtures/field-types/page.json';
import payment from '../../../../tests/fixtures/field-types/payment.json';
import phone from '../../../../tests/fixtures/field-types/phone.json';
import product from '../../../../tests/fixtures/field-types/product.json';
import section from '../../../../tests/fixtures/field-types/section.json';
import shipping from '../../../../tests/fixtures/field-types/shipping.json';
import time from '../../../../tests/fixtures/field-types/time.json';
import total from '../../../../tests/fixtures/field-types/total.json';
import website from '../../../../tests/fixtures/field-types/website.json';
import type {
	FieldDefinition,
	FieldType,
	FieldValue,
	FormDefinition,
	LogicRule,
} from '../../../shared';
import { evaluateForm, prepareForm } from '../../evaluate/evaluate';
import { fieldIssue } from '../../validation/submission';
import { initialValues, toSubmissionValues } from '../../values/initial-values';
import { fieldTypeUnit } from '../registry';

/** One case of a fixture file (see tests/fixtures/field-types/README.md). */
interface FixtureCase {
	name: string;
	field: Record< string, unknown >;
	value: FieldValue;
	wire: Record< string, unknown >;
	/** Other values the browser holds and sends by input id (a product's quantity "1.3"). */
	entered?: Record< string, FieldValue >;
	issue: {
		code: string;
		params?: Record< string, unknown >;
		inputs?: string[];
	} | null;
	initial?: FieldValue;
	rules: Array< LogicRule & { expected: boolean } >;
}

const FILES = [
	address,
	captcha,
	consent,
	date,
	html,
	multiselect,
	name,
	option,
	page,
	payment,
	phone,
	product,
	section,
	shipping,
	time,
	total,
	website,
] as unknown as Array< { type: FieldType; cases: FixtureCase[] } >;

/** The id of the field that shows by the rule under test. */
const TARGET = 999;

function formOf( field: FieldDefinition, rule?: LogicRule ): FormDefinition {
	const fields: FieldDefinition[] = [ field ];
	if ( rule ) {
		fields.push( {
			id: TARGET,
			type: 'text',
			label: 'Shown by the rule',
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ rule ],
			},
		} );
	}
	return { title: 'Fixture', fields };
}

describe.each( FILES )( 'field type $type (shared fixtures)', ( file ) => {
	it( 'has a unit', () => {
		expect( fieldTypeUnit( file.type ) ).toBeDefined();
	} );

	describe.each( file.cases )( '$name', ( fixture ) => {
		const field = fixture.field as unknown as FieldDefinition;

		it( 'submits the wire values', () => {
			expect(
				toSubmissionValues( formOf( field ), {
					[ field.id ]: fixture.value,
				} )
			).toEqual( fixture.wire );
		} );

		it( 'finds the issue', () => {
			const expected = fixture.issue
				? {
						code: fixture.issue.code,
						...( fixture.issue.params ?? {} ),
						...( fixture.issue.inputs
							? { inputs: fixture.issue.inputs }
							: {} ),
					}
				: null;
			// As the server decides: the field's own issue, then what pricing finds on it.
			const form = formOf( field );
			const evaluation = evaluateForm( prepareForm( form ), {
				...fixture.entered,
				[ field.id ]: fixture.value,
			} );
			expect(
				fieldIssue( form, field, fixture.value, evaluation )
			).toEqual( expected );
		} );

		if ( fixture.initial !== undefined ) {
			it( 'starts with the defaults', () => {
				expect( initialValues( formOf( field ) )[ field.id ] ).toEqual(
					fixture.initial
				);
			} );
		}

		if ( ! fixture.rules.length ) {
			return;
		}
		it.each( fixture.rules )(
			'rule $fieldId $operator "$value" is $expected',
			( { expected, ...rule } ) => {
				const evaluation = evaluateForm(
					prepareForm( formOf( field, rule ) ),
					{ ...fixture.entered, [ field.id ]: fixture.value }
				);
				expect( evaluation.visible[ TARGET ] ).toBe( expected );
			}
		);
	} );
} );
