/**
 * Helpers of the journey spec (tests/e2e/journey.spec.ts): an axe scan of a whole document that
 * reports the violations touching our markup, what a visitor can reach with the Tab key, and the
 * site-local time the admin screens should show.
 */
import fs from 'node:fs';
import type { Frame, Locator, Page } from '@playwright/test';
import { dateI18n } from '@wordpress/date';

/** Our markup: the visitor form and the admin apps (WordPress core's own markup is not ours). */
export const OUR_MARKUP = [
	'.kestrel-form',
	'#kestrel-forms-admin',
	'#kestrel-forms-entries-app',
	'.wp-block-kestrel-forms-form',
];

/**
 * axe violations (WCAG 2.0/2.1 A and AA and best practices, every impact) with at least one node
 * inside our markup, each as "rule (impact): help at targets", as accessibility.spec.ts reports
 * them. The whole document is scanned, so page-level rules (duplicate ids, landmarks, heading
 * order) count too.
 *
 * @param target The page, or a frame (the block editor's canvas).
 * @return Violations, none when clean.
 */
export async function axeViolations(
	target: Page | Frame
): Promise< string[] > {
	await target.addScriptTag( {
		content: fs.readFileSync(
			require.resolve( 'axe-core/axe.min.js' ),
			'utf8'
		),
	} );
	return target.evaluate( async ( ours ) => {
		// @ts-expect-error -- axe is injected above.
		const run = await window.axe.run( document, {
			runOnly: {
				type: 'tag',
				values: [
					'wcag2a',
					'wcag2aa',
					'wcag21a',
					'wcag21aa',
					'best-practice',
				],
			},
		} );
		const isOurs = ( selector: string ) => {
			const el = document.querySelector( selector );
			return !! el && ours.some( ( s ) => el.closest( s ) );
		};
		return (
			run.violations as Array< {
				id: string;
				impact: string;
				help: string;
				nodes: Array< {
					target: string[];
					failureSummary?: string;
				} >;
			} >
		 )
			.map( ( v ) => ( {
				...v,
				nodes: v.nodes.filter( ( n ) =>
					isOurs( n.target.join( ' ' ) )
				),
			} ) )
			.filter( ( v ) => v.nodes.length > 0 )
			.map(
				( v ) =>
					`${ v.id } (${ v.impact }): ${ v.help } at ${ v.nodes
						.map( ( n ) => n.target.join( ' ' ) )
						.join( ', ' ) } [${ (
						v.nodes[ 0 ].failureSummary ?? ''
					).replace( /\s+/g, ' ' ) }]`
			);
	}, OUR_MARKUP );
}

/**
 * What the Tab key reaches in a form: focus is put on the form element itself, then Tab is
 * pressed until focus leaves the form; each stop is named by the field it belongs to
 * ("field_12_3") or, outside fields, by its id or tag.
 *
 * @param page Page.
 * @param form The form's root (`#kestrel-form-N`).
 * @return The stops in order.
 */
export async function tabStops(
	page: Page,
	form: Locator
): Promise< string[] > {
	await form.evaluate( ( el ) => {
		const html = el as HTMLElement;
		html.setAttribute( 'tabindex', '-1' );
		html.focus();
		html.removeAttribute( 'tabindex' );
	} );
	const stops: string[] = [];
	for ( let i = 0; i < 60; i++ ) {
		await page.keyboard.press( 'Tab' );
		const stop = await form.evaluate( ( el ) => {
			const active = el.ownerDocument.activeElement;
			if ( ! active || ! el.contains( active ) ) {
				return null;
			}
			const field = active.closest( '[id^="field_"]' );
			return field ? field.id : active.id || active.tagName.toLowerCase();
		} );
		if ( stop === null ) {
			break;
		}
		stops.push( stop );
	}
	return stops;
}

/**
 * A UTC time as the site shows it: in its time zone and its PHP-style date and time formats,
 * formatted by @wordpress/date like the admin screens (and like wp_date() on the server).
 *
 * @param iso      ISO 8601 time, or "Y-m-d H:i:s" in UTC.
 * @param format   PHP-style format, e.g. "F j, Y g:i a".
 * @param timeZone IANA zone.
 */
export function siteLocalTime(
	iso: string,
	format: string,
	timeZone: string
): string {
	const utc = /Z|[+-]\d\d:?\d\d$/.test( iso )
		? iso
		: `${ iso.replace( ' ', 'T' ) }Z`;
	return dateI18n( format, utc, timeZone );
}

/**
 * A 1×1 PNG, the visitor's "design".
 * @param name
 */
export function png( name: string ) {
	return {
		name,
		mimeType: 'image/png',
		buffer: Buffer.from(
			'89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f30000000049454e44ae426082',
			'hex'
		),
	};
}
