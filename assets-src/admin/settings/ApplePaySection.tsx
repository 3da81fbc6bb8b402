/**
 * Settings → Payments → Apple Pay: this site's domain registration for Apple Pay on the web
 * (`GET /kestrel-forms/v1/settings/apple-pay`, `POST …/register`, which asks the provider with
 * `POST /v2/apple-pay/domains` after WordPress serves its domain-association file at
 * /.well-known/apple-developer-merchantid-domain-association). Shows the status ("Verified",
 * "Pending" or the provider's error) and why Apple Pay cannot show on this site yet.
 */
import apiFetch from '@wordpress/api-fetch';
import { Button } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { messageOf } from '../store/errors';

export const APPLE_PAY_PATH = '/kestrel-forms/v1/settings/apple-pay';

/** What the server answers. */
export interface ApplePayStatus {
	environment: 'sandbox' | 'production';
	domain: string;
	status: 'none' | 'verified' | 'pending' | 'error';
	error: string;
	checkedAt: string;
	/** Why Apple Pay cannot show on this site ('' when nothing the server sees is in the way). */
	reason: string;
}

/**
 * The status in words.
 *
 * @param status The server's answer.
 */
function statusText( status: ApplePayStatus ): string {
	switch ( status.status ) {
		case 'verified':
			return __( 'Verified', 'kestrel-forms' );
		case 'pending':
			return __(
				'Pending: the provider is still checking this domain.',
				'kestrel-forms'
			);
		case 'error':
			return sprintf(
				/* translators: %s: the reason. */
				__( 'Not registered: %s', 'kestrel-forms' ),
				status.error
			);
		default:
			return __( 'Not registered yet.', 'kestrel-forms' );
	}
}

/**
 * The Apple Pay block.
 */
export function ApplePaySection() {
	const [ status, setStatus ] = useState< ApplePayStatus | null >( null );
	const [ failure, setFailure ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	useEffect( () => {
		let live = true;
		apiFetch< ApplePayStatus >( { path: APPLE_PAY_PATH } ).then(
			( answer ) => live && setStatus( answer ),
			( error: unknown ) => live && setFailure( messageOf( error ) )
		);
		return () => {
			live = false;
		};
	}, [] );
	const register = async () => {
		setBusy( true );
		setFailure( '' );
		try {
			setStatus(
				await apiFetch< ApplePayStatus >( {
					path: `${ APPLE_PAY_PATH }/register`,
					method: 'POST',
				} )
			);
		} catch ( error ) {
			setFailure( messageOf( error ) );
		}
		setBusy( false );
	};
	return (
		<section
			className="kestrel-forms-apple-pay"
			aria-labelledby="kestrel-forms-apple-pay-heading"
		>
			<h3 id="kestrel-forms-apple-pay-heading">
				{ __( 'Apple Pay', 'kestrel-forms' ) }
			</h3>
			<p>
				{ __(
					'Apple shows its button only on registered domains. Registering asks the provider to check this site, which serves the provider’s domain-association file for you. Register again after you change the environment or the site’s address.',
					'kestrel-forms'
				) }
			</p>
			{ status && (
				<>
					<p>
						{ __( 'Domain:', 'kestrel-forms' ) }{ ' ' }
						<code>{ status.domain }</code>
					</p>
					<p
						className={ `kestrel-forms-apple-pay__status is-${ status.status }` }
					>
						{ __( 'Status:', 'kestrel-forms' ) }{ ' ' }
						<strong>{ statusText( status ) }</strong>
					</p>
					{ status.reason && (
						<p className="kestrel-forms-apple-pay__reason">
							{ sprintf(
								/* translators: %s: the reason. */
								__(
									'Apple Pay cannot show yet: %s',
									'kestrel-forms'
								),
								status.reason
							) }
						</p>
					) }
				</>
			) }
			<Button
				variant="secondary"
				isBusy={ busy }
				disabled={ busy }
				accessibleWhenDisabled
				onClick={ register }
			>
				{ __( 'Register this domain', 'kestrel-forms' ) }
			</Button>
			{ /* Always in the page, so a new result is announced. */ }
			<p role="status" className="kestrel-forms-apple-pay__result">
				{ busy && __( 'Registering…', 'kestrel-forms' ) }
				{ ! busy && failure }
				{ ! busy &&
					! failure &&
					status?.checkedAt &&
					statusText( status ) }
			</p>
		</section>
	);
}
