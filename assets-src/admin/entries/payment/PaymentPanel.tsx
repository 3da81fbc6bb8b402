/**
 * The payment of an entry on the entry screen: what was taken and how, its refunds, and the
 * actions the server allows right now (Capture / Void / Refund / Sync, per the answer's
 * `actions`). One action runs at a time: a second click while one is in flight sends nothing.
 * Results and errors are shown beside the buttons and said to screen-reader users (speak()).
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { Button, Notice, Spinner, TextControl } from '@wordpress/components';
import { speak } from '@wordpress/a11y';
import { __, sprintf } from '@wordpress/i18n';
import { messageOf } from '../../store/errors';
import { SiteDate } from '../../components/site-date';
import {
	fetchPayment,
	newRequestKey,
	runPaymentAction,
	type RefundRequest,
} from './api';
import {
	cardText,
	formatMinor,
	inputToMinor,
	minorToInput,
	paymentMethodLabel,
	paymentStatusLabel,
	paymentStatusTone,
} from './labels';
import type { EntryPayment, PaymentAction, PaymentRefund } from './types';

/**
 * @param action An action.
 * @return What is said when it worked.
 */
function doneMessage( action: PaymentAction ): string {
	switch ( action ) {
		case 'capture':
			return __( 'Payment captured.', 'kestrel-forms' );
		case 'void':
			return __( 'Payment voided.', 'kestrel-forms' );
		case 'refund':
			return __( 'Refund sent.', 'kestrel-forms' );
		default:
			return __( 'Payment brought up to date.', 'kestrel-forms' );
	}
}

/**
 * @param props         Props.
 * @param props.entryId The entry.
 */
export function PaymentPanel( { entryId }: { entryId: number } ) {
	// undefined: loading; null: the entry has no payment (nothing is shown).
	const [ payment, setPayment ] = useState< EntryPayment | null | undefined >(
		undefined
	);
	const [ loadError, setLoadError ] = useState( '' );
	const [ busy, setBusy ] = useState< PaymentAction | null >( null );
	// Set synchronously, so that a double click cannot start a second request.
	const inFlight = useRef( false );
	const [ error, setError ] = useState( '' );
	const [ done, setDone ] = useState( '' );
	const [ refunding, setRefunding ] = useState( false );

	useEffect( () => {
		let live = true;
		fetchPayment( entryId ).then(
			( found ) => live && setPayment( found ),
			( failed ) => {
				if ( live ) {
					setPayment( null );
					setLoadError(
						messageOf(
							failed,
							__(
								'The payment could not be loaded.',
								'kestrel-forms'
							)
						)
					);
				}
			}
		);
		return () => {
			live = false;
		};
	}, [ entryId ] );

	const run = async (
		action: PaymentAction,
		refund?: RefundRequest
	): Promise< boolean > => {
		if ( inFlight.current ) {
			return false;
		}
		inFlight.current = true;
		setBusy( action );
		setError( '' );
		setDone( '' );
		try {
			const next = await runPaymentAction( entryId, action, refund );
			if ( next ) {
				setPayment( next );
			}
			const message = doneMessage( action );
			setDone( message );
			speak( message, 'polite' );
			return true;
		} catch ( failed ) {
			const message = messageOf( failed );
			setError( message );
			speak( message, 'assertive' );
			return false;
		} finally {
			inFlight.current = false;
			setBusy( null );
		}
	};

	if ( payment === undefined ) {
		return <Spinner />;
	}
	if ( payment === null ) {
		return loadError ? (
			<Notice status="error" isDismissible={ false }>
				{ loadError }
			</Notice>
		) : null;
	}

	// The server's count also holds back refunds still pending; older answers lack it.
	const remaining = Math.max(
		0,
		payment.refundable_amount ?? payment.amount - payment.refunded_amount
	);
	const card = cardText(
		payment.brand ?? '',
		payment.last4 ?? '',
		payment.method
	);
	const actionButton = (
		action: Exclude< PaymentAction, 'refund' >,
		label: string,
		variant: 'primary' | 'secondary' = 'secondary',
		destructive = false
	) =>
		payment.actions[ action ] && (
			<Button
				variant={ variant }
				isDestructive={ destructive }
				isBusy={ busy === action }
				disabled={ busy !== null }
				accessibleWhenDisabled
				onClick={ () => run( action ) }
			>
				{ label }
			</Button>
		);

	return (
		<section
			className="kestrel-forms-payment"
			aria-labelledby="kestrel-forms-payment-title"
		>
			<h2 id="kestrel-forms-payment-title">
				{ __( 'Payment', 'kestrel-forms' ) }
			</h2>
			<table className="widefat striped kestrel-forms-payment-details">
				<tbody>
					<tr>
						<th scope="row">{ __( 'Status', 'kestrel-forms' ) }</th>
						<td>
							<StatusBadge status={ payment.status } />
						</td>
					</tr>
					<tr>
						<th scope="row">{ __( 'Amount', 'kestrel-forms' ) }</th>
						<td className="kestrel-forms-payment-amount">
							{ formatMinor( payment.amount, payment.currency ) }
							{ payment.refunded_amount > 0 &&
								` · ${ sprintf(
									/* translators: %s: amount refunded, e.g. "$10.00". */
									__( '%s refunded', 'kestrel-forms' ),
									formatMinor(
										payment.refunded_amount,
										payment.currency
									)
								) }` }
						</td>
					</tr>
					<tr>
						<th scope="row">{ __( 'Method', 'kestrel-forms' ) }</th>
						<td>
							{ paymentMethodLabel( payment.method ) }
							{ card && ` · ${ card }` }
						</td>
					</tr>
					<tr>
						<th scope="row">
							{ __( 'Transaction id', 'kestrel-forms' ) }
						</th>
						<td>
							<code>{ payment.provider_payment_id || '—' }</code>
						</td>
					</tr>
					{ payment.receipt_url && (
						<tr>
							<th scope="row">
								{ __( 'Receipt', 'kestrel-forms' ) }
							</th>
							<td>
								<a
									href={ payment.receipt_url }
									target="_blank"
									rel="noopener noreferrer"
								>
									{ __( 'View receipt', 'kestrel-forms' ) }
									<span className="screen-reader-text">
										{ __(
											'(opens in a new tab)',
											'kestrel-forms'
										) }
									</span>
								</a>
							</td>
						</tr>
					) }
					<tr>
						<th scope="row">{ __( 'Mode', 'kestrel-forms' ) }</th>
						<td>
							<span
								className={ `kestrel-forms-badge is-${
									payment.mode === 'production'
										? 'production'
										: 'sandbox'
								}` }
							>
								{ payment.mode === 'production'
									? __( 'Production', 'kestrel-forms' )
									: __( 'Sandbox', 'kestrel-forms' ) }
							</span>
						</td>
					</tr>
					<tr>
						<th scope="row">
							{ __( 'Capture', 'kestrel-forms' ) }
						</th>
						<td>
							{ payment.capture_mode === 'authorize'
								? __(
										'Authorize now, capture later',
										'kestrel-forms'
									)
								: __( 'Charge at once', 'kestrel-forms' ) }
						</td>
					</tr>
					<tr>
						<th scope="row">
							{ __( 'Created', 'kestrel-forms' ) }
						</th>
						<td>
							<SiteDate iso={ payment.created_at } />
						</td>
					</tr>
				</tbody>
			</table>

			{ payment.refunds.length > 0 && <Refunds payment={ payment } /> }

			<div
				className="kestrel-forms-payment-actions"
				style={ { display: 'flex', gap: '8px', margin: '12px 0' } }
			>
				{ actionButton(
					'capture',
					__( 'Capture', 'kestrel-forms' ),
					'primary'
				) }
				{ actionButton(
					'void',
					__( 'Void', 'kestrel-forms' ),
					'secondary',
					true
				) }
				{ payment.actions.refund && remaining > 0 && (
					<Button
						variant="secondary"
						aria-expanded={ refunding }
						aria-controls="kestrel-forms-refund"
						disabled={ busy !== null }
						accessibleWhenDisabled
						onClick={ () => setRefunding( ! refunding ) }
					>
						{ __( 'Refund…', 'kestrel-forms' ) }
					</Button>
				) }
				{ actionButton( 'sync', __( 'Sync', 'kestrel-forms' ) ) }
			</div>

			{ refunding && payment.actions.refund && remaining > 0 && (
				<RefundForm
					key={ remaining }
					payment={ payment }
					remaining={ remaining }
					busy={ busy === 'refund' }
					disabled={ busy !== null }
					onCancel={ () => setRefunding( false ) }
					onRefund={ async ( amount, reason, requestKey ) => {
						if (
							await run( 'refund', {
								amount,
								reason,
								request_key: requestKey,
							} )
						) {
							setRefunding( false );
						}
					} }
				/>
			) }

			{ error && (
				<p className="kestrel-forms-field-error" role="alert">
					{ error }
				</p>
			) }
			{ done && <p className="kestrel-forms-payment-done">{ done }</p> }
		</section>
	);
}

/**
 * A status as text in a coloured badge (the text alone says it: colour is never the only cue).
 *
 * @param props        Props.
 * @param props.status Payment status.
 */
export function StatusBadge( { status }: { status: string } ) {
	return (
		<span
			className={ `kestrel-forms-payment-status is-${ paymentStatusTone( status ) }` }
			data-status={ status }
		>
			{ paymentStatusLabel( status ) }
		</span>
	);
}

/**
 * @param user Who asked for a refund, as the route gives it.
 * @return A name to show.
 */
function refundUser( user: PaymentRefund[ 'user' ] ): string {
	if ( user && typeof user === 'object' ) {
		return user.name;
	}
	return user || __( 'Payment provider', 'kestrel-forms' );
}

/**
 * @param status A refund status.
 * @return Its name.
 */
function refundStatusLabel( status: string ): string {
	const labels: Record< string, string > = {
		pending: __( 'Pending', 'kestrel-forms' ),
		completed: __( 'Completed', 'kestrel-forms' ),
		rejected: __( 'Rejected', 'kestrel-forms' ),
		failed: __( 'Failed', 'kestrel-forms' ),
	};
	return labels[ status ] ?? status;
}

/**
 * The refunds of a payment, oldest first as the route lists them.
 *
 * @param props         Props.
 * @param props.payment Payment.
 */
function Refunds( { payment }: { payment: EntryPayment } ) {
	return (
		<>
			<h3>{ __( 'Refunds', 'kestrel-forms' ) }</h3>
			<table className="widefat striped kestrel-forms-refunds">
				<thead>
					<tr>
						<th scope="col">{ __( 'Amount', 'kestrel-forms' ) }</th>
						<th scope="col">{ __( 'Status', 'kestrel-forms' ) }</th>
						<th scope="col">{ __( 'Reason', 'kestrel-forms' ) }</th>
						<th scope="col">{ __( 'Date', 'kestrel-forms' ) }</th>
						<th scope="col">{ __( 'By', 'kestrel-forms' ) }</th>
					</tr>
				</thead>
				<tbody>
					{ payment.refunds.map( ( refund ) => (
						<tr key={ refund.id }>
							<td>
								{ formatMinor(
									refund.amount,
									payment.currency
								) }
							</td>
							<td>{ refundStatusLabel( refund.status ) }</td>
							<td>{ refund.reason || '—' }</td>
							<td>
								<SiteDate iso={ refund.created_at } />
							</td>
							<td>{ refundUser( refund.user ) }</td>
						</tr>
					) ) }
				</tbody>
			</table>
		</>
	);
}

/**
 * The refund form: amount (the refundable remainder at first) and reason, checked before it is
 * sent; the button says what will be refunded.
 *
 * @param props           Props.
 * @param props.payment   Payment.
 * @param props.remaining Refundable remainder in minor units.
 * @param props.busy      The refund is in flight.
 * @param props.disabled  Some action is in flight.
 * @param props.onCancel  Closes the form.
 * @param props.onRefund  Sends the refund.
 */
function RefundForm( {
	payment,
	remaining,
	busy,
	disabled,
	onCancel,
	onRefund,
}: {
	payment: EntryPayment;
	remaining: number;
	busy: boolean;
	disabled: boolean;
	onCancel: () => void;
	onRefund: ( amount: number, reason: string, requestKey: string ) => void;
} ) {
	const [ amount, setAmount ] = useState(
		minorToInput( remaining, payment.currency )
	);
	// One key per refund submission: kept while the owner sends the same amount again (a double
	// click, a retry after an error), new once the amount is edited; the form closes (and starts
	// over with a new key) after a success.
	const requestKey = useRef< string | null >( null );
	const [ reason, setReason ] = useState( '' );
	const [ problem, setProblem ] = useState( '' );
	const minor = inputToMinor( amount, payment.currency );

	const check = (): string => {
		if ( minor === null ) {
			return sprintf(
				/* translators: %s: an example amount, e.g. "10.00". */
				__( 'Enter an amount such as %s.', 'kestrel-forms' ),
				minorToInput( remaining, payment.currency )
			);
		}
		if ( minor <= 0 ) {
			return __( 'The refund must be more than zero.', 'kestrel-forms' );
		}
		if ( minor > remaining ) {
			return sprintf(
				/* translators: %s: the most that can be refunded, e.g. "$20.00". */
				__( 'You can refund at most %s.', 'kestrel-forms' ),
				formatMinor( remaining, payment.currency )
			);
		}
		return '';
	};

	const submit = () => {
		const found = check();
		setProblem( found );
		if ( found ) {
			speak( found, 'assertive' );
			return;
		}
		requestKey.current ??= newRequestKey();
		onRefund( minor as number, reason.trim(), requestKey.current );
	};

	return (
		<form
			id="kestrel-forms-refund"
			className="kestrel-forms-refund-form"
			onSubmit={ ( event ) => {
				event.preventDefault();
				if ( ! disabled ) {
					submit();
				}
			} }
		>
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ sprintf(
					/* translators: %s: currency code, e.g. "USD". */
					__( 'Refund amount (%s)', 'kestrel-forms' ),
					payment.currency
				) }
				help={ sprintf(
					/* translators: %s: the most that can be refunded, e.g. "$20.00". */
					__( 'Up to %s.', 'kestrel-forms' ),
					formatMinor( remaining, payment.currency )
				) }
				inputMode="decimal"
				value={ amount }
				onChange={ ( value ) => {
					if ( value !== amount ) {
						requestKey.current = null;
					}
					setAmount( value );
					setProblem( '' );
				} }
				aria-invalid={ problem ? true : undefined }
				aria-describedby={
					problem ? 'kestrel-forms-refund-problem' : undefined
				}
			/>
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Reason (optional)', 'kestrel-forms' ) }
				value={ reason }
				maxLength={ 190 }
				onChange={ setReason }
			/>
			{ problem && (
				<p
					id="kestrel-forms-refund-problem"
					className="kestrel-forms-field-error"
				>
					{ problem }
				</p>
			) }
			<p style={ { display: 'flex', gap: '8px' } }>
				<Button
					variant="primary"
					isDestructive
					type="submit"
					isBusy={ busy }
					disabled={ disabled }
					accessibleWhenDisabled
				>
					{ minor !== null && minor > 0
						? sprintf(
								/* translators: %s: amount, e.g. "$10.00". */
								__( 'Confirm refund of %s', 'kestrel-forms' ),
								formatMinor( minor, payment.currency )
							)
						: __( 'Confirm refund', 'kestrel-forms' ) }
				</Button>
				<Button variant="tertiary" onClick={ onCancel }>
					{ __( 'Cancel', 'kestrel-forms' ) }
				</Button>
			</p>
		</form>
	);
}
