/**
 * Site-local dates: a site in Auckland (UTC+13 in March, +12 in July) with the formats d/m/Y
 * and H:i reads its entries' UTC times as its own clock shows them.
 */
import { render } from '@testing-library/react';
import { SiteDate, relativeTime, siteDateTime } from '../site-date';
import { inAuckland } from './auckland';

beforeAll( inAuckland );

describe( 'siteDateTime', () => {
	it( "shows the site's local date and time in its formats, summer and winter", () => {
		expect( siteDateTime( '2026-03-15T10:00:00Z' ) ).toBe(
			'15/03/2026 23:00'
		);
		// A UTC time late in the day is already tomorrow in Auckland.
		expect( siteDateTime( '2026-07-01T13:30:00Z' ) ).toBe(
			'02/07/2026 01:30'
		);
	} );

	it( 'gives the relative time beside, never instead', () => {
		expect(
			relativeTime( '2026-03-15T10:00:00Z', '2026-03-15T10:05:00Z' )
		).toBe( '5 minutes ago' );
		const { container } = render(
			<SiteDate iso="2026-03-15T10:00:00Z" relative />
		);
		const time = container.querySelector( 'time' ) as HTMLElement;
		expect( time.getAttribute( 'datetime' ) ).toBe(
			'2026-03-15T10:00:00Z'
		);
		expect( time.textContent ).toMatch( /^15\/03\/2026 23:00 \(.+ ago\)$/ );
	} );
} );
