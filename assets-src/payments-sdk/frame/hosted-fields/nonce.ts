/**
 * The nonce request of the card and gift card frames (spec §7 POST /v2/card-nonce,
 * REQUEST_CARD_NONCE_IF_VALID_FORM): the body, and what a refusal becomes — an Invalid reply
 * for field refusals, else a TokenizationError for the host.
 */
import {
	providerErrors,
	type AnyFieldName,
	type ConfigurePayload,
	type NonceReply,
} from '../../protocol';
import { tokenizationError } from '../link';
import { digitsOf, parseExpiry } from '../validation';
import type { FieldSet } from './field-set';

/** Provider codes that refuse one field's value (spec §5): the result is Invalid, not an error. */
const FIELD_VALIDATION_CODES: ReadonlySet< string > = new Set( [
	'INVALID_CARD_NUMBER',
	'INVALID_EXPIRATION_DATE',
	'INVALID_CVV',
	'INVALID_POSTAL_CODE',
] );

/**
 * Body of POST /v2/card-nonce. The card number leaves the frame only here.
 *
 * @param kind       card or giftCard.
 * @param set        The frame's inputs.
 * @param config     The host's configuration (application, location, session).
 * @param websiteUrl The merchant page (the frame's referrer).
 */
export function nonceRequestBody(
	kind: 'card' | 'giftCard',
	set: FieldSet,
	config: ConfigurePayload | null,
	websiteUrl: string | undefined
): Record< string, unknown > {
	// What every nonce request names: the application, location and session.
	const request = {
		client_id: config?.applicationId,
		location_id: config?.locationId,
		session_id: config?.sessionId,
	};
	if ( kind === 'giftCard' ) {
		return {
			...request,
			gift_card_data: {
				number: digitsOf( set.value( 'giftCardNumber' ) ),
			},
		};
	}
	const expiry = parseExpiry( set.value( 'expirationDate' ) );
	return {
		...request,
		website_url: websiteUrl,
		card_data: {
			number: digitsOf( set.value( 'cardNumber' ) ),
			exp_month: expiry?.month,
			exp_year: expiry?.year,
			cvv: set.value( 'cvv' ),
			billing_postal_code: set.value( 'postalCode' ).trim(),
		},
	};
}

/**
 * What a failed nonce request means for the host. The provider's field refusals put their
 * fields in error; when every refusal is a field's, the reply is Invalid like the frame's own
 * checks; otherwise (or for a failure without provider errors) it throws a TokenizationError.
 *
 * @param error What the request threw.
 * @param set   The frame's inputs.
 */
export function nonceFailure( error: unknown, set: FieldSet ): NonceReply {
	const errors = providerErrors( error );
	if ( ! errors ) {
		throw tokenizationError( [
			{ type: 'UNKNOWN', message: ( error as Error ).message },
		] );
	}
	// The provider's own field checks (spec §5 codes): its fields show in error.
	for ( const e of errors ) {
		const f = e.field ? set.get( e.field as AnyFieldName ) : undefined;
		if ( f ) {
			set.markError( f );
		}
	}
	// Only field validation refusals: an Invalid result, as the frame's own checks.
	if (
		errors.length &&
		errors.every(
			( e ) =>
				FIELD_VALIDATION_CODES.has( e.code ) &&
				set.fields.has( e.field as AnyFieldName )
		)
	) {
		return {
			valid: false,
			errors: errors.map( ( e ) => ( {
				field: e.field as AnyFieldName,
				type: e.code,
				message: e.detail,
			} ) ),
		};
	}
	throw tokenizationError(
		errors.map( ( e ) => ( {
			type: e.code,
			message: e.detail,
			field: e.field,
		} ) )
	);
}
