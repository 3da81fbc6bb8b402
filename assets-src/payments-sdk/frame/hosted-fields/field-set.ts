/**
 * The state of the frame's inputs and the field events it sends the host (spec §3 card events,
 * §4 "Card message line"; API §4.3): classes, validity and the FIELD_EVENT payloads.
 */
import type {
	AnyFieldName,
	CardBrand,
	CardInputEventName,
	FieldEventPayload,
	FieldState,
	PostalCountry,
} from '../../protocol';
import type { Validity } from '../validation';
import { fieldValidity } from './field-rules';
import type { Field } from './inputs';

/** The inputs of one frame, their brand and focus. */
export class FieldSet {
	brand: CardBrand = 'OTHER_BRAND';
	focused: AnyFieldName | null = null;
	/** Inputs in tab order (also the message-line order). */
	readonly order: Field[];

	/**
	 * @param fields        Inputs by name.
	 * @param postalCountry Country whose postal format applies now.
	 * @param send          Sends a FIELD_EVENT to the host.
	 */
	constructor(
		readonly fields: ReadonlyMap< AnyFieldName, Field >,
		private readonly postalCountry: () => PostalCountry,
		private readonly send: ( payload: FieldEventPayload ) => void
	) {
		this.order = [ ...fields.values() ];
	}

	/**
	 * @param name Field name.
	 */
	get( name: AnyFieldName ): Field | undefined {
		return this.fields.get( name );
	}

	/**
	 * Text of a field ('' when the frame has no such field).
	 *
	 * @param name Field name.
	 */
	value( name: AnyFieldName ): string {
		return this.fields.get( name )?.input.value ?? '';
	}

	/**
	 * Validity of a field's current value.
	 *
	 * @param f Field.
	 */
	validity( f: Field ): Validity {
		return fieldValidity( f.name, f.input.value, {
			brand: this.brand,
			postalCountry: this.postalCountry(),
			now: new Date(),
		} );
	}

	/**
	 * Applies state changes, mirrors them as classes, then sends the events.
	 *
	 * @param f       Field.
	 * @param changes New state values.
	 * @param events  Events to send, each with the previous state.
	 */
	update(
		f: Field,
		changes: Partial< FieldState >,
		events: CardInputEventName[]
	): void {
		const previous = { ...f.state };
		Object.assign( f.state, changes );
		f.input.classList.toggle( 'is-error', f.state.hasErrorClass );
		f.box.classList.toggle( 'is-error', f.state.hasErrorClass );
		f.input.classList.toggle( 'is-focus', f.state.hasFocusClass );
		f.box.classList.toggle( 'is-focus', f.state.hasFocusClass );
		f.input.setAttribute( 'aria-invalid', String( f.state.hasErrorClass ) );
		for ( const e of events ) {
			this.emit( f, e, previous );
		}
	}

	/**
	 * Recomputes a field's validity after its text changed: the error class goes once the
	 * value is valid (or could still become valid while focused) and comes when it cannot.
	 *
	 * @param f Field.
	 */
	refresh( f: Field ): Validity {
		const v = this.validity( f );
		const changes: Partial< FieldState > = {
			isEmpty: f.input.value === '',
			isCompletelyValid: v.valid,
			isPotentiallyValid: v.potentiallyValid,
		};
		const events: CardInputEventName[] = [];
		if (
			f.state.hasErrorClass &&
			( v.valid || ( v.potentiallyValid && f.state.hasFocusClass ) )
		) {
			changes.hasErrorClass = false;
			events.push( 'errorClassRemoved' );
		} else if ( ! f.state.hasErrorClass && ! v.potentiallyValid ) {
			changes.hasErrorClass = true;
			events.push( 'errorClassAdded' );
		}
		this.update( f, changes, events );
		return v;
	}

	/**
	 * Puts a field in error unless it already is.
	 *
	 * @param f Field.
	 */
	markError( f: Field ): void {
		if ( ! f.state.hasErrorClass ) {
			this.update( f, { hasErrorClass: true }, [ 'errorClassAdded' ] );
		}
	}

	private emit(
		f: Field,
		eventType: CardInputEventName,
		previous: FieldState
	): void {
		this.send( {
			eventType,
			field: f.name,
			cardBrand: this.brand,
			postalCodeValue: this.fields.get( 'postalCode' )?.input.value ?? '',
			currentState: { ...f.state },
			previousState: previous,
			errorFields: this.order
				.filter( ( x ) => x.state.hasErrorClass )
				.map( ( x ) => x.name ),
			focusedField: this.focused,
			postalCountry: this.postalCountry(),
		} );
	}
}
