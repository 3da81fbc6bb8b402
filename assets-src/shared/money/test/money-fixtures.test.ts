import fixtures from '../../../../tests/fixtures/engine/money.json';
import {
	decimalFromNumber,
	formatMoney,
	formatNumber,
	fromMinorUnits,
	priceFromChoice,
	roundDecimal,
	toMinorUnits,
	toNumber,
	currency,
	type ValueFormat,
} from '..';

describe( 'money fixtures (also run by PHPUnit)', () => {
	it.each( fixtures.decimalFromNumber )(
		'decimalFromNumber( $value )',
		( { value, expected } ) => {
			expect( decimalFromNumber( value ) ).toBe( expected );
		}
	);

	it.each( fixtures.roundDecimal )(
		'roundDecimal( $decimal, $places )',
		( { decimal, places, expected } ) => {
			expect( roundDecimal( decimal, places ) ).toBe( expected );
		}
	);

	it.each( fixtures.minorUnits )(
		'toMinorUnits( $decimal, $decimals )',
		( { decimal, decimals, expected } ) => {
			expect( toMinorUnits( decimal, decimals ) ).toBe( expected );
			expect(
				roundDecimal( fromMinorUnits( expected, decimals ), decimals )
			).toBe( roundDecimal( decimal, decimals ) );
		}
	);

	it.each( fixtures.subtractMoney )(
		'$a - $b in minor units',
		( { a, b, currency: code, expected } ) => {
			const d = currency( code ).decimals;
			const minor =
				toMinorUnits( decimalFromNumber( a ), d ) -
				toMinorUnits( decimalFromNumber( b ), d );
			expect( formatMoney( fromMinorUnits( minor, d ), code ) ).toBe(
				expected
			);
		}
	);

	it.each( fixtures.formatMoney )(
		'formatMoney( $value, $currency )',
		( { value, currency: code, expected } ) => {
			expect( formatMoney( value, code ) ).toBe( expected );
		}
	);

	it.each( fixtures.formatNumber )(
		'formatNumber( $value, $decimals, $format )',
		( c ) => {
			expect(
				formatNumber(
					c.value,
					c.decimals,
					c.format as ValueFormat,
					( c as { currency?: string } ).currency
				)
			).toBe( c.expected );
		}
	);

	it.each( fixtures.toNumber )( 'toNumber( $text, $format )', ( c ) => {
		expect(
			toNumber(
				c.text,
				c.format as ValueFormat,
				( c as { currency?: string } ).currency
			)
		).toBe( c.expected );
	} );

	it.each( fixtures.priceFromChoice )(
		'priceFromChoice( $value )',
		( { value, expected } ) => {
			expect( priceFromChoice( value ) ).toBe( expected );
		}
	);
} );

describe( 'currencies', () => {
	it( 'ships at least 25 currencies with complete configuration', () => {
		const { CURRENCIES } = jest.requireActual( '../all-currencies' );
		const list = Object.values( CURRENCIES ) as Array<
			Record< string, unknown >
		>;
		expect( list.length ).toBeGreaterThanOrEqual( 25 );
		for ( const c of list ) {
			expect( Object.keys( c ).sort() ).toEqual( [
				'code',
				'decimal_separator',
				'decimals',
				'name',
				'symbol_left',
				'symbol_padding',
				'symbol_right',
				'thousand_separator',
			] );
		}
	} );
} );
