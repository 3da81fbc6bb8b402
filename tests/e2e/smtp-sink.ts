/**
 * Reading the mail WordPress sent from the local SMTP sink (scripts/smtp-sink.mjs), for specs on
 * the native stack, whose test must-use plugin points wp_mail() at the sink while it runs.
 *
 *     test.beforeAll( async ( {}, testInfo ) => { sink = await sinkOrSkip( testInfo ); } );
 *     const [ mail ] = await mailTo( sink, 'owner@example.org' );
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect } from '@wordpress/e2e-test-utils-playwright';

const SINK_STATE = path.resolve(
	__dirname,
	'..',
	'..',
	'.cache',
	'smtp-sink',
	'state.json'
);

/** A message as the sink's HTTP API shows it (parts decoded). */
export interface SinkMessage {
	id: string;
	receivedAt: string;
	envelope: { from: string; to: string[] };
	/** Header values by lower-case name, encoded words decoded. */
	headers: Record< string, string >;
	subject: string;
	from: string;
	to: string;
	cc: string;
	replyTo: string;
	text: string | null;
	html: string | null;
}

/**
 * The sink's HTTP API, or why it cannot be used.
 *
 * @return The API's base URL, or the reason.
 */
export async function sinkApi(): Promise<
	{ url: string } | { reason: string }
> {
	let port: number;
	try {
		port = JSON.parse( fs.readFileSync( SINK_STATE, 'utf8' ) ).httpPort;
	} catch {
		return {
			reason: `no SMTP sink running (${ path.relative(
				process.cwd(),
				SINK_STATE
			) } is missing; start it with: node scripts/smtp-sink.mjs --detach)`,
		};
	}
	const url = `http://127.0.0.1:${ port }`;
	try {
		const health = await fetch( `${ url }/health` );
		if ( ! health.ok ) {
			throw new Error( `HTTP ${ health.status }` );
		}
	} catch ( error ) {
		return {
			reason: `the SMTP sink named in its state file does not answer at ${ url } (${ error })`,
		};
	}
	return { url };
}

/**
 * The sink's URL, or a skip of the calling test (or hook) with the reason printed: off the native
 * stack (Playground sends no mail to the sink) or without a running sink. A skip must never read
 * as a pass, so the reason goes to the output as well as to the report.
 *
 * @param testInfo The test's (or beforeAll's) info.
 * @return The sink API's base URL ('' when skipped).
 */
export async function sinkOrSkip( testInfo: TestInfo ): Promise< string > {
	const native = /playwright\.native\.config\.ts$/.test(
		testInfo.config.configFile ?? ''
	);
	const api = native
		? await sinkApi()
		: {
				reason: 'runs on the native stack only (node scripts/e2e.mjs --native); Playground sends no mail to the sink',
			};
	if ( 'reason' in api ) {
		console.log(
			`${ path.basename( testInfo.file ) } skipped: ${ api.reason }`
		);
		testInfo.skip( true, api.reason );
		return '';
	}
	return api.url;
}

/**
 * Waits for mail to one address (envelope recipient: to, cc or bcc) and returns all of it.
 *
 * @param url     Sink API.
 * @param to      Address.
 * @param timeout Milliseconds to wait for the first message.
 */
export async function mailTo(
	url: string,
	to: string,
	timeout = 20_000
): Promise< SinkMessage[] > {
	let found: SinkMessage[] = [];
	await expect
		.poll(
			async () => {
				const response = await fetch(
					`${ url }/messages?to=${ encodeURIComponent( to ) }`
				);
				found = ( await response.json() ) as SinkMessage[];
				return found.length;
			},
			{ message: `mail to ${ to } at the SMTP sink`, timeout }
		)
		.toBeGreaterThan( 0 );
	return found;
}
