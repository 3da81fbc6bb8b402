/**
 * What the submission tests under concurrency share (submissions.test.mjs, payments.test.mjs):
 * one form for the test file, made in before() under raised rate limits and deleted in after(),
 * with submit() to its public route; rounds of submissions that carry one submission key each,
 * started together; a test's debug log that must stay quiet.
 */
import { after, before } from 'node:test';
import {
	assertQuietLog,
	createForm,
	debugLogFromNow,
	deleteForm,
	raiseRateLimits,
	rest,
	tag,
	together,
} from './helpers.mjs';

/**
 * One form for the test file. Registers before() (raise the rate limits, `setUp`, make the
 * form) and after() (delete the form, restore the limits, `tearDown`).
 *
 * @param {Object}   definition       The form as the REST API takes it.
 * @param {Object}   [hooks]          More set-up around the form.
 * @param {Function} [hooks.setUp]    Runs before the form is made.
 * @param {Function} [hooks.tearDown] Runs after the form is deleted and the limits restored.
 * @return {{ id: number|undefined, submit: (body: Object) => Promise<Object> }} The form (its id
 *     once before() ran) and a submission to it.
 */
export function formForFile( definition, { setUp, tearDown } = {} ) {
	const form = {
		id: undefined,
		submit: ( body ) =>
			rest( 'POST', `/kestrel-forms/v1/forms/${ form.id }/submissions`, {
				body,
			} ),
	};
	let restoreLimits;
	before( async () => {
		restoreLimits = raiseRateLimits();
		await setUp?.();
		form.id = await createForm( definition );
	} );
	after( async () => {
		await deleteForm( form.id );
		restoreLimits?.();
		await tearDown?.();
	} );
	return form;
}

/**
 * Rounds of `count` requests started together, each round with its own submission key
 * (`<prefix>-<tag>-r<round>`).
 *
 * @param {Object}   options        Options.
 * @param {number}   options.rounds How many rounds.
 * @param {number}   options.count  Requests per round.
 * @param {string}   options.prefix Key prefix.
 * @param {Function} options.send   ( key ) => Promise of an answer of rest().
 * @param {Function} options.check  ( answers, round, key ) => void, after each round.
 */
export async function sameKeyRounds( { rounds, count, prefix, send, check } ) {
	for ( let round = 1; round <= rounds; round++ ) {
		const key = `${ prefix }-${ tag() }-r${ round }`;
		await check( await together( count, () => send( key ) ), round, key );
	}
}

/**
 * Runs `fn`, then asserts that the debug log written meanwhile is quiet.
 *
 * @param {string}   what Named in the failure.
 * @param {Function} fn   The test's body.
 */
export async function quietly( what, fn ) {
	const log = debugLogFromNow();
	await fn();
	assertQuietLog( log.read(), what );
}
