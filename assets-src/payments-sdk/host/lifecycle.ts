/**
 * The lifecycle every payment method object shares (spec §4 "Payment element lifecycle"):
 * detached → attached → destroyed. Attach only from detached; use before attach or after
 * destroy is an error; destroy is final. Methods without attach (Apple Pay) only use the
 * destroyed state.
 */
import {
	PaymentMethodAlreadyDestroyedError,
	PaymentMethodNotAttachedError,
} from './errors';

/** The three states of spec §4. */
export type LifecycleState = 'detached' | 'attached' | 'destroyed';

/** State of one method object and the checks of spec §4 on it. */
export class Lifecycle {
	state: LifecycleState = 'detached';

	/** @param methodName Name in the error messages ("Card", "GiftCard"). */
	constructor( private readonly methodName: string ) {}

	get attached(): boolean {
		return this.state === 'attached';
	}

	get destroyed(): boolean {
		return this.state === 'destroyed';
	}

	/** Use after destroy is an error (spec §4). */
	assertNotDestroyed(): void {
		if ( this.state === 'destroyed' ) {
			throw new PaymentMethodAlreadyDestroyedError( this.methodName );
		}
	}

	/** Detach, configure and the field calls need an attached element (spec §4). */
	assertAttached(): void {
		this.assertNotDestroyed();
		if ( this.state !== 'attached' ) {
			throw new PaymentMethodNotAttachedError( this.methodName );
		}
	}

	/** Back to detached, unless destroyed (destroy is final, spec §4). */
	toDetached(): void {
		if ( this.state !== 'destroyed' ) {
			this.state = 'detached';
		}
	}
}
