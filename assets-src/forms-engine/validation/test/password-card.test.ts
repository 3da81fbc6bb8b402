import cases from '../../../../tests/fixtures/engine/password-card.json';
import type { FieldDefinition } from '../../../shared';
import { toSubmissionValues } from '../../values/initial-values';
import { validateField } from '../validate';
import {
	passwordParts,
	passwordValue,
	strengthFromScore,
	validatePassword,
} from '../password';
import {
	acceptedCardTypes,
	cardValue,
	detectFieldCardType,
	validateCard,
	type CardParts,
} from '../credit-card';

interface FixtureCase {
	name: string;
	field: FieldDefinition;
	parts: Record< string, string >;
	expected: string | null;
	browser?: string | null;
}

describe( 'password and credit card fixtures (also run by PHPUnit)', () => {
	it.each( cases.cases as unknown as FixtureCase[] )(
		'$name',
		( { field, parts, expected, ...rest } ) => {
			const value =
				field.type === 'password'
					? passwordValue( {
							password: parts.password,
							confirmation: parts.confirmation,
							strength: '',
						} )
					: cardValue( parts as unknown as CardParts );
			const want = 'browser' in rest ? rest.browser : expected;
			expect( validateField( field, value )?.code ?? null ).toBe( want );
		}
	);
} );

describe( 'password strength', () => {
	it( 'maps the WordPress meter score as the reference does', () => {
		expect( strengthFromScore( '', 4 ) ).toBe( 'blank' );
		expect( strengthFromScore( 'x', -1 ) ).toBe( 'unknown' );
		expect( strengthFromScore( 'x', 0 ) ).toBe( 'short' );
		expect( strengthFromScore( 'x', 1 ) ).toBe( 'short' );
		expect( strengthFromScore( 'x', 2 ) ).toBe( 'bad' );
		expect( strengthFromScore( 'x', 3 ) ).toBe( 'good' );
		expect( strengthFromScore( 'x', 4 ) ).toBe( 'strong' );
		expect( strengthFromScore( 'x', 5 ) ).toBe( 'mismatch' );
		expect( strengthFromScore( 'x', 7 ) ).toBe( 'short' );
	} );

	const field: FieldDefinition = {
		id: 5,
		type: 'password',
		passwordStrengthEnabled: true,
		minPasswordStrength: 'good',
	};
	const withStrength = ( strength: string ) => [ 'pw', 'pw', strength ];

	it( 'blocks a verdict below the minimum and an unknown one', () => {
		expect( validatePassword( field, withStrength( 'bad' ) ) ).toEqual( {
			code: 'password_strength',
			minimum: 'good',
		} );
		expect( validatePassword( field, withStrength( 'short' ) )?.code ).toBe(
			'password_strength'
		);
		expect( validatePassword( field, withStrength( 'unknown' ) ) ).toEqual(
			{ code: 'password_unchecked' }
		);
		expect( validatePassword( field, withStrength( 'good' ) ) ).toBeNull();
		expect(
			validatePassword( field, withStrength( 'strong' ) )
		).toBeNull();
	} );

	it( 'ignores the verdict when the indicator is off', () => {
		expect(
			validatePassword(
				{ ...field, passwordStrengthEnabled: false },
				withStrength( 'short' )
			)
		).toBeNull();
	} );

	it( 'reads a plain string as the password alone and drops unknown verdicts', () => {
		expect( passwordParts( 'abc' ) ).toEqual( {
			password: 'abc',
			confirmation: '',
			strength: '',
		} );
		expect( passwordParts( [ 'a', 'b', 'nonsense' ] ).strength ).toBe( '' );
	} );
} );

describe( 'credit card', () => {
	const field: FieldDefinition & { cardRules?: unknown } = {
		id: 7,
		type: 'creditcard',
	};

	it( 'detects a type only after 4 digits and only when exactly one type matches', () => {
		expect( detectFieldCardType( field, '4111' ) ).toBe( 'visa' );
		expect( detectFieldCardType( field, '411' ) ).toBeNull();
		expect( detectFieldCardType( field, '5' ) ).toBeNull();
		const ambiguous = {
			...field,
			cardRules: {
				visa: { name: 'Visa', prefixes: [ '4' ] },
				store: { name: 'Store card', prefixes: [ '4111' ] },
			},
		};
		expect( detectFieldCardType( ambiguous, '4111' ) ).toBeNull();
		expect( detectFieldCardType( ambiguous, '4222' ) ).toBe( 'visa' );
	} );

	it( 'accepts the listed types of the rules, or all of them', () => {
		expect( acceptedCardTypes( field ) ).toContain( 'amex' );
		expect(
			acceptedCardTypes( {
				...field,
				creditCards: [ 'mastercard', 'visa', 'nosuchcard' ],
			} )
		).toEqual( [ 'visa', 'mastercard' ] );
	} );

	it( 'validates with the rules the server sent', () => {
		const custom = {
			...field,
			cardRules: { store: { name: 'Store card', prefixes: [ '9999' ] } },
		};
		const value = [ '9999000000000004', '12', '2099', '123', 'Ada' ];
		expect( validateCard( custom, value ) ).toBeNull();
		expect( validateCard( field, value ) ).toEqual( { code: 'card_type' } );
	} );

	it( 'sends the parts under input ids, and a password without its verdict', () => {
		expect(
			toSubmissionValues(
				{
					title: 'T',
					fields: [
						{ id: 5, type: 'password' },
						{
							id: 6,
							type: 'password',
							passwordConfirmation: false,
						},
						{ id: 7, type: 'creditcard' },
					],
				},
				{
					5: [ 'pw', 'pw2', 'strong' ],
					6: [ 'solo', '', 'short' ],
					7: [
						' 4111 1111 1111 1111 ',
						'03',
						'2030',
						'123',
						' Ada ',
					],
				}
			)
		).toEqual( {
			5: 'pw',
			'5.2': 'pw2',
			6: 'solo',
			'7.1': '4111 1111 1111 1111',
			'7.2': [ '03', '2030' ],
			'7.3': '123',
			'7.5': 'Ada',
		} );
	} );
} );
