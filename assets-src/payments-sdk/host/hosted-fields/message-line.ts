/**
 * The line below a card or gift card frame (spec §2, §4 "Card message line"): the first field
 * in error in the order cardNumber, expirationDate, cvv, postalCode, else the focused field's
 * helper text; the wrapper's sq-error / sq-focus classes (focus removed after 50 ms).
 */
import {
	CLASS_REMOVAL_DELAY_MS,
	errorText,
	postalCountryOf,
	textsFor,
	type AnyFieldName,
	type FieldEventPayload,
	type Locale,
	type PostalCountry,
} from '../../protocol';

/** What the line shows, read at each render. */
export interface MessageLineState {
	/** The frame's last field event. */
	lastField: FieldEventPayload | null;
	/** A tokenize found several invalid fields: "Fix the highlighted errors." (spec §5). */
	fixErrors: boolean;
	/** Postal country the frame validates with (card's issuing country, else the locale's). */
	postalCountry: PostalCountry | null;
	locale: Locale;
	/** String overrides ("error.cvv", "helper.cvv"). */
	overrides: Readonly< Record< string, string > >;
	/** The element's style option: the .message-text colours apply to this host DOM. */
	style: Record< string, unknown >;
}

/** The message line of one mounted element. */
export class MessageLine {
	private focusTimer: unknown = null;

	/**
	 * @param wrapper .sq-card-wrapper of the element.
	 * @param element .sq-card-message.
	 * @param fields  Fields of the element, in message-line order.
	 */
	constructor(
		private readonly wrapper: HTMLElement,
		readonly element: HTMLElement,
		private readonly fields: readonly AnyFieldName[]
	) {}

	/** @param s What to show. */
	render( s: MessageLineState ): void {
		const p = s.lastField;
		const errorField = p?.errorFields.find( ( f ) =>
			this.fields.includes( f )
		);
		const t = textsFor( s.locale );
		const override = ( key: string ): string | undefined =>
			s.overrides[ key ];
		if ( errorField && s.fixErrors ) {
			this.element.textContent = t.fixErrors;
			this.element.classList.add( 'sq-card-message-error' );
		} else if ( errorField ) {
			this.element.textContent =
				override( `error.${ errorField }` ) ??
				errorText(
					s.locale,
					errorField,
					s.postalCountry ?? postalCountryOf( s.locale )
				);
			this.element.classList.add( 'sq-card-message-error' );
		} else {
			this.element.textContent = p?.focusedField
				? ( override( `helper.${ p.focusedField }` ) ??
					t.helper[ p.focusedField ] )
				: '';
			this.element.classList.remove( 'sq-card-message-error' );
		}
		this.wrapper.classList.toggle( 'sq-error', Boolean( errorField ) );
		// The message line is host DOM: its allowed styles (.message-text) apply here.
		const style = s.style as Record<
			string,
			Record< string, string > | undefined
		>;
		this.element.style.color =
			( errorField
				? style[ '.message-text.is-error' ]?.color
				: style[ '.message-text' ]?.color ) ?? '';
		if ( p?.focusedField ) {
			clearTimeout( this.focusTimer as number );
			this.wrapper.classList.add( 'sq-focus' );
		} else {
			// Removed after 50 ms, so moving between inputs does not flicker (spec §4).
			const wrapper = this.wrapper;
			clearTimeout( this.focusTimer as number );
			this.focusTimer = setTimeout(
				() => wrapper.classList.remove( 'sq-focus' ),
				CLASS_REMOVAL_DELAY_MS
			);
		}
	}
}
