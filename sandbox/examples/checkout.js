/**
 * The example checkout (card.html, gift-card.html): merchant code written against the provider's
 * SDK, so it runs unchanged on ours. The page's <body> says what to take (data-method "card" or
 * "giftCard"), where (data-container), which item (data-item, priced by the merchant server)
 * and for which application and location. Query: ?locale=fr-FR, ?labels=1 (card), ?verify=no.
 */
( function () {
	const page = document.body.dataset;
	const isCard = page.method === 'card';
	const params = new URLSearchParams( window.location.search );
	const status = document.getElementById( 'payment-status' );
	function show( ok, text ) {
		status.className = ok ? 'is-success' : 'is-failure';
		status.textContent = text;
	}
	async function main() {
		if ( ! window.Square ) {
			throw new Error( 'Square.js failed to load properly' );
		}
		const payments = window.Square.payments(
			page.applicationId,
			page.locationId
		);
		window.payments = payments;
		if ( params.get( 'locale' ) ) {
			await payments.setLocale( params.get( 'locale' ) );
		}
		const card = isCard
			? await payments.card(
					params.get( 'labels' ) ? { includeInputLabels: true } : {}
				)
			: await payments.giftCard();
		window.card = card;
		await card.attach( page.container );
		document.body.dataset.ready = 'true';
		document
			.getElementById( 'card-button' )
			.addEventListener( 'click', async ( event ) => {
				event.preventDefault();
				status.className = '';
				status.textContent = '';
				try {
					const result = await card.tokenize();
					if ( result.status !== 'OK' ) {
						show(
							false,
							result.errors.map( ( e ) => e.message ).join( ' ' )
						);
						return;
					}
					// Buyer verification applies to cards (a gift card has no issuer to ask).
					let verificationToken;
					if ( isCard && params.get( 'verify' ) !== 'no' ) {
						const v = await payments.verifyBuyer( result.token, {
							amount: page.amount,
							currencyCode: 'USD',
							intent: 'CHARGE',
							billingContact: {
								givenName: 'Ada',
								familyName: 'Lovelace',
								postalCode: '94103',
							},
						} );
						verificationToken = v && v.token;
					}
					// The item, not an amount: the merchant server prices it.
					const response = await fetch( '/payment', {
						method: 'POST',
						headers: { 'Content-Type': 'application/json' },
						body: JSON.stringify( {
							sourceId: result.token,
							idempotencyKey: crypto.randomUUID(),
							itemId: page.item,
							verificationToken,
						} ),
					} );
					const data = await response.json();
					if ( ! data.success ) {
						show( false, data.errors[ 0 ].detail );
						return;
					}
					const paid = `Payment ${ data.payment.id } ${ data.payment.status }`;
					show(
						true,
						isCard
							? `${ paid }: ${ result.details.card.brand } ending ${ result.details.card.last4 }`
							: `${ paid }: gift card`
					);
				} catch ( e ) {
					show( false, `${ e.name }: ${ e.message }` );
				}
			} );
	}
	main().catch( ( e ) => show( false, `${ e.name }: ${ e.message }` ) );
} )();
