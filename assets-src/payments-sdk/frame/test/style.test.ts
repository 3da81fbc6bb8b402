/**
 * Merchant styles inside the frame: the documented 16px maximum font size (API §4.2) caps
 * what renders, while larger computed sizes pass the host's checks.
 */
import { styleToCss } from '../style';

describe( 'styleToCss', () => {
	it( 'caps the input font size at 16px in every unit and keeps other values', () => {
		const css = styleToCss( {
			input: { fontSize: '18px', color: 'red' },
			'@media screen and (max-width: 400px)': {
				input: { fontSize: '1.5em' },
			},
		} );
		expect( css ).toContain(
			'.sq-input { font-size: min(18px, 16px); color: red }'
		);
		expect( css ).toContain( 'font-size: min(1.5em, 16px)' );
	} );

	it( 'drops unknown selectors and unsafe values', () => {
		expect(
			styleToCss( {
				body: { color: 'red' },
				input: { color: 'url(x)', fontSize: '12px;}' },
			} )
		).toBe( '' );
	} );
} );
