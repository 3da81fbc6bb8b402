/**
 * The issuing country of the card being typed, from the provider's BIN lookup (spec §7
 * /v2/tokenization/product-information): only the first 6 digits are sent, once per BIN;
 * answers for a BIN that is no longer typed are ignored. The postal code format follows it
 * (protocol postalCountryFor).
 */

export class IssuingCountry {
	private bin = '';
	private country: string | null = null;
	private pending: Promise< void > = Promise.resolve();
	private readonly cache = new Map< string, Promise< string | null > >();

	/**
	 * @param lookup   Asks the provider for a BIN's country (null: unknown).
	 * @param onChange Called when the known country changes.
	 */
	constructor(
		private readonly lookup: ( bin: string ) => Promise< string | null >,
		private readonly onChange: () => void
	) {}

	/** Country of the current BIN, null while unknown. */
	get current(): string | null {
		return this.country;
	}

	/** Settles when the lookup of the current BIN has answered (or failed). */
	settled(): Promise< void > {
		return this.pending;
	}

	/**
	 * Follows the typed number.
	 *
	 * @param digits Digits of the card number typed so far.
	 */
	update( digits: string ): void {
		const bin = digits.length >= 6 ? digits.slice( 0, 6 ) : '';
		if ( bin === this.bin ) {
			return;
		}
		this.bin = bin;
		// The previous BIN's country no longer applies.
		this.set( null );
		if ( ! bin ) {
			this.pending = Promise.resolve();
			return;
		}
		let answer = this.cache.get( bin );
		if ( ! answer ) {
			answer = this.lookup( bin ).then(
				( country ) => country ?? null,
				() => {
					// Not cached: a later retype of this BIN asks again.
					this.cache.delete( bin );
					return null;
				}
			);
			this.cache.set( bin, answer );
		}
		this.pending = answer.then( ( country ) => {
			if ( this.bin === bin ) {
				this.set( country );
			}
		} );
	}

	private set( country: string | null ): void {
		if ( country !== this.country ) {
			this.country = country;
			this.onChange();
		}
	}
}
