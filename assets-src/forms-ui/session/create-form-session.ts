/**
 * The visitor form's session store (ARCHITECTURE §6 "Visitor form state"): entered values, the
 * engine's evaluation, the page, errors, the summary, the status and the confirmation, with the
 * actions that change them. Framework-free and DOM-free (timers come from the injected
 * scheduler), modelled on final-form's `createForm`: internal state published as frozen
 * snapshots, subscriptions filtered by key (one per field), `batch()` to publish once.
 * React subscribes to it with `useSyncExternalStore` (components/Form.tsx, components/Field.tsx).
 */
import { __, sprintf } from '@wordpress/i18n';
import type {
	Confirmation,
	FieldDefinition,
	FieldValue,
	FormDefinition,
	FormValues,
} from '../../shared';
import {
	evaluateForm,
	fieldIdOf,
	fieldIssue,
	hasInput,
	hasOwnQuantity,
	initialValues,
	priceForm,
	quantityKey,
	toSubmissionValues,
	fromSubmission as engineFromSubmission,
	validateField,
	type Evaluation,
	type PreparedForm,
} from '../../forms-engine';
import { TOTAL_DEBOUNCE_MS, VALIDATION_ANNOUNCE_DELAY_MS } from '../constants';
import { summaryText } from '../messages';
import { fieldError, serverErrors } from '../fields/errors';
import type { FieldError } from '../fields/types';
import type { SubmissionFailure } from '../submit/submit';
import { navigation, pageOf, splitPages } from './pages';
import type {
	FieldSlice,
	FormPage,
	FormSessionOptions,
	FormView,
	FromSubmission,
	LeaveStep,
	Navigation,
	SessionInitial,
	SessionSnapshot,
	SessionStatus,
	SubmissionValues,
	SubmitCheck,
	TimerHandle,
	WireValues,
} from './types';
import {
	evaluateChange,
	ownQuantities,
	prepareOrNull,
	resetNewlyHidden,
	shownValue,
	typingDelay,
	withWireValues,
} from './values';

export interface FormSession {
	/** The form the session runs (the last one given to `setForm`). */
	form: () => FormDefinition;
	/** The engine's prepared form (null: the rules form a cycle). */
	prepared: () => PreparedForm | null;
	/** Calls `listener` after every published change; returns the unsubscribe. */
	subscribe: ( listener: () => void ) => () => void;
	/** The whole state now (frozen; a new object on every change). */
	getSnapshot: () => SessionSnapshot;
	/** Calls `listener` when the field's slice changed; returns the unsubscribe. */
	subscribeField: ( fieldId: number, listener: () => void ) => () => void;
	/** One field's slice (the same object while it is unchanged). */
	getField: ( fieldId: number ) => FieldSlice;
	/** What the form's frame renders (the same object while it is unchanged). */
	getView: () => FormView;
	/** What the live region says now. */
	getAnnouncement: () => string;
	/** What each control shows, by field id. */
	values: () => FormValues;
	/** Runs `fn` and publishes its changes once. */
	batch: ( fn: () => void ) => void;
	/** Another definition of the same form (the editor's preview): entered values stay. */
	setForm: ( form: FormDefinition ) => void;

	/**
	 * A field's value (or a product's quantity input "5.3") changed. `typing`: its dependents
	 * update after the field's typing delay (spec §9), else at once.
	 */
	change: (
		key: number | string,
		value: FieldValue,
		typing?: boolean
	) => void;
	/** The visitor left a field: its pending update applies now. */
	commit: ( fieldId: number ) => void;
	/** Applies every pending update now and returns the fresh evaluation. */
	flush: () => Evaluation | null;
	/** Errors of the visible fields among `fields` (fresh values; the engine's messages). */
	validate: (
		fields: FieldDefinition[],
		evaluation: Evaluation | null
	) => Record< number, FieldError >;
	/**
	 * Next (spec §4): needs a visible Next button and a valid page; `leave` runs the page's
	 * own step (a payment tokenizes) while the form is busy. Synchronous when there is no step.
	 */
	next: ( leave?: LeaveStep ) => void | Promise< void >;
	/** Previous: never blocked. */
	previous: () => void;
	/** Shows a page: errors cleared, focus and the announcement move to it. */
	goTo: ( index: number ) => void;
	/**
	 * Checks what the visitor sees now (the page before the last, else every visible field),
	 * showing the errors: true when the form may be sent.
	 */
	check: () => boolean;
	/** The submit's check: pending updates applied, every visible field validated. */
	checkSubmit: () => SubmitCheck;
	/** What a submission sends: visible fields with inputs, products' own quantities. */
	submissionValues: ( visible?: FieldDefinition[] ) => SubmissionValues;
	/** Puts saved submission values back (a payment draft). */
	restore: ( saved: WireValues ) => void;
	/** Says `text` in the live region after `delay` ms (cleared first: repeats are heard). */
	announce: ( text: string, delay?: number ) => void;
	/** Errors at their fields with the summary, on the first page that has one. */
	setErrors: (
		messages: Record< number, FieldError >,
		heading: string
	) => void;
	/** One field's message, on its page, without the summary (a unit's failure). */
	showFieldError: ( fieldId: number, message: string ) => void;
	/** A refused request: errors at their fields with the summary, or the message alone. */
	showFailure: ( failure: SubmissionFailure ) => void;
	/** A stored submission: a message confirmation replaces the form and is announced. */
	confirm: ( confirmation: Confirmation, spoken?: string ) => void;
	setStatus: ( status: SessionStatus ) => void;
	/** Whether a submission or a page's step is in flight (one at a time). */
	inFlight: () => boolean;
	setInFlight: ( busy: boolean ) => void;
	/** Cancels every timer. */
	destroy: () => void;
}

const NO_ERRORS: Record< number, FieldError > = Object.freeze( {} );

const EMPTY_SLICE: FieldSlice = Object.freeze( {
	value: undefined,
	error: undefined,
	concealed: false,
	calculated: undefined,
	quantity: undefined,
} );

/**
 * The engine's reading of a field from wire values (each unit's `fromSubmission`), the store's
 * default.
 *
 * @param field Field.
 * @param wire  Wire values.
 */
const readWire: FromSubmission = ( field, wire ) =>
	engineFromSubmission( field, wire as SubmissionValues );

/**
 * Creates the session of one visitor form.
 *
 * @param definition The form.
 * @param options    The scheduler, the initial state, the wire reading.
 */
export function createFormSession(
	definition: FormDefinition,
	options: FormSessionOptions
): FormSession {
	const { scheduler } = options;
	// Each field as its unit reads it back (a name's inputs "5.3", "5.6" too).
	const fromSubmission = options.fromSubmission ?? readWire;

	let form = definition;
	let prepared = prepareOrNull( form );
	let pages = splitPages( form.fields );
	let byId = new Map( form.fields.map( ( f ) => [ f.id, f ] ) );
	let ownQuantity = new Set(
		form.fields
			.filter( ( f ) => hasOwnQuantity( form, f ) )
			.map( ( f ) => f.id )
	);

	let state = Object.freeze(
		initialState( form, prepared, pages, options.initial, fromSubmission )
	);
	let published = state;
	let depth = 0;
	let formChanged = false;
	/**
	 * The fields whose slices can differ from the published ones: those the updates since the
	 * last publish named, or every field ('all') after an update that did not say.
	 */
	let touched: Set< number > | 'all' = new Set();

	const listeners = new Set< () => void >();
	const fieldListeners = new Map< number, Set< () => void > >();
	const slices = new Map< number, FieldSlice >();
	for ( const field of form.fields ) {
		slices.set( field.id, sliceOf( field, state ) );
	}
	let view = viewOf( state, undefined );
	let valuesCache: { of: SessionSnapshot | null; values: FormValues } = {
		of: null,
		values: {},
	};

	const typingTimers = new Map< number, TimerHandle >();
	let pricingTimer: TimerHandle | undefined;
	let announceTimer: TimerHandle | undefined;
	let busy = false;

	/**
	 * A field's slice for a state: the cached object while its parts are unchanged.
	 *
	 * @param field Field.
	 * @param s     State.
	 */
	function sliceOf( field: FieldDefinition, s: SessionSnapshot ): FieldSlice {
		const id = field.id;
		const value = shownValue( field, s );
		const error = s.errors[ id ];
		const concealed =
			!! s.evaluation && s.evaluation.visible[ id ] === false;
		const calculated = s.evaluation?.calculated[ id ];
		const quantity = ownQuantity.has( id )
			? String( s.entered[ quantityKey( id ) ] ?? '1' )
			: undefined;
		const cached = slices.get( id );
		if (
			cached &&
			cached.value === value &&
			cached.error === error &&
			cached.concealed === concealed &&
			cached.calculated === calculated &&
			cached.quantity === quantity
		) {
			return cached;
		}
		return Object.freeze( {
			value,
			error,
			concealed,
			calculated,
			quantity,
		} );
	}

	/**
	 * The frame's view for a state: the cached object while its parts are unchanged.
	 *
	 * @param s      State.
	 * @param before The view before (undefined: none yet).
	 */
	function viewOf(
		s: SessionSnapshot,
		before: FormView | undefined
	): FormView {
		const nav = navigation( pages, s.page, s.evaluation );
		const next: FormView = {
			pages,
			page: s.page,
			status: s.status,
			summary: s.summary,
			errors: s.errors,
			confirmation: s.confirmation,
			focus: s.focus,
			...nav,
		};
		if ( before && sameView( before, next ) ) {
			return before;
		}
		return Object.freeze( next );
	}

	function publish() {
		while ( published !== state ) {
			const now = state;
			published = now;
			const changed: number[] = [];
			const candidates =
				formChanged || touched === 'all'
					? form.fields.map( ( field ) => field.id )
					: touched;
			formChanged = false;
			touched = new Set();
			for ( const id of candidates ) {
				const field = byId.get( id );
				if ( ! field ) {
					continue;
				}
				const slice = sliceOf( field, now );
				if ( slice !== slices.get( id ) ) {
					slices.set( id, slice );
					changed.push( id );
				}
			}
			view = viewOf( now, view );
			for ( const id of changed ) {
				fieldListeners.get( id )?.forEach( ( listener ) => listener() );
			}
			listeners.forEach( ( listener ) => listener() );
		}
	}

	/**
	 * Puts a new state in place, published at once or at the end of the batch.
	 *
	 * @param patch  What changes.
	 * @param fields The only fields whose slices the patch can change (the rest of the form
	 *               keeps its slices without being looked at: a change in a large form costs
	 *               what it touched); every field when absent.
	 */
	function update(
		patch: Partial< SessionSnapshot >,
		fields?: Iterable< number >
	) {
		const before = state;
		state = Object.freeze( { ...state, ...patch } );
		if (
			state.entered !== before.entered ||
			state.evaluation !== before.evaluation ||
			state.errors !== before.errors
		) {
			if ( ! fields ) {
				touched = 'all';
			} else if ( touched !== 'all' ) {
				for ( const id of fields ) {
					touched.add( id );
				}
			}
		}
		if ( depth === 0 ) {
			publish();
		}
	}

	function batch( fn: () => void ) {
		depth++;
		try {
			fn();
		} finally {
			depth--;
			if ( depth === 0 ) {
				publish();
			}
		}
	}

	const values = (): FormValues => {
		if ( valuesCache.of === state ) {
			return valuesCache.values;
		}
		const out: FormValues = { ...( state.evaluation?.values ?? {} ) };
		for ( const field of form.fields ) {
			const value = shownValue( field, state );
			if ( value !== undefined ) {
				out[ field.id ] = value;
			}
		}
		valuesCache = { of: state, values: out };
		return out;
	};

	const isShown = ( id: number, evaluation = state.evaluation ) =>
		! evaluation || evaluation.visible[ id ] !== false;

	/**
	 * Prices the form 50 ms after the last change that reached the engine (spec §9): a real
	 * debounce, so a burst of changes recomputes products and total once.
	 */
	function schedulePricing() {
		if ( ! prepared?.hasPricing ) {
			return;
		}
		const engine = prepared;
		scheduler.clearTimeout( pricingTimer );
		pricingTimer = scheduler.setTimeout( () => {
			pricingTimer = undefined;
			if ( state.evaluation ) {
				update( {
					evaluation: priceForm( engine, state.entered, {
						...state.evaluation,
						values: { ...state.evaluation.values },
					} ),
				} );
			}
		}, TOTAL_DEBOUNCE_MS );
	}

	/**
	 * Re-evaluates a field's dependents now, or after its delay while the visitor types. One
	 * timer per field: typing in one field never cancels another's pending update (issue 3,
	 * decision 8).
	 *
	 * @param fieldId Field.
	 * @param delay   Milliseconds (0: now).
	 */
	function schedule( fieldId: number, delay: number ) {
		scheduler.clearTimeout( typingTimers.get( fieldId ) );
		typingTimers.delete( fieldId );
		const run = () => {
			const { next, fields } = evaluateChange( prepared, state, fieldId );
			update( next, fields );
			schedulePricing();
		};
		if ( delay <= 0 ) {
			run();
			return;
		}
		typingTimers.set(
			fieldId,
			scheduler.setTimeout( () => {
				typingTimers.delete( fieldId );
				run();
			}, delay )
		);
	}

	function clearTimers() {
		typingTimers.forEach( ( timer ) => scheduler.clearTimeout( timer ) );
		typingTimers.clear();
		scheduler.clearTimeout( pricingTimer );
		pricingTimer = undefined;
	}

	const flush = (): Evaluation | null => {
		clearTimers();
		const final = prepared ? evaluateForm( prepared, state.entered ) : null;
		if ( final && prepared ) {
			update( {
				entered: resetNewlyHidden(
					prepared,
					state.entered,
					state.evaluation,
					final
				),
				evaluation: final,
			} );
		}
		return final;
	};

	const validate = (
		fields: FieldDefinition[],
		evaluation: Evaluation | null
	): Record< number, FieldError > => {
		const shown = values();
		const messages: Record< number, FieldError > = {};
		for ( const field of fields ) {
			if ( ! isShown( field.id, evaluation ) ) {
				continue;
			}
			// The field's own value, then money out of bounds (quantities, prices, total).
			const issue = fieldIssue(
				form,
				field,
				shown[ field.id ],
				evaluation
			);
			if ( issue ) {
				messages[ field.id ] = fieldError( issue, field );
			}
		}
		return messages;
	};

	const announce = ( text: string, delay = 0 ) => {
		scheduler.clearTimeout( announceTimer );
		// Clear first so the same sentence twice in a row is announced again.
		update( { announcement: '' } );
		announceTimer = scheduler.setTimeout( () => {
			announceTimer = undefined;
			update( { announcement: text } );
		}, delay );
	};

	const setErrors = (
		messages: Record< number, FieldError >,
		heading: string
	) => {
		const errorPage = pages.findIndex( ( p ) =>
			p.fields.some( ( f ) => messages[ f.id ] )
		);
		batch( () => {
			update( {
				page: errorPage >= 0 ? errorPage : state.page,
				errors: messages,
				summary: heading,
				// Focus moves at once; the announcement waits (spec §8, §9).
				focus: { target: 'summary' },
			} );
			const texts = Object.values( messages ).map( ( e ) => e.message );
			announce(
				texts.length ? `${ heading } ${ texts.join( ' ' ) }` : heading,
				VALIDATION_ANNOUNCE_DELAY_MS
			);
		} );
	};

	const current = (): Navigation =>
		navigation( pages, state.page, state.evaluation );

	const goTo = ( index: number ) => {
		const { shownPages } = current();
		batch( () => {
			update( {
				page: index,
				errors: NO_ERRORS,
				summary: null,
				focus: { target: 'page' },
			} );
			announce(
				sprintf(
					/* translators: 1: page number, 2: number of pages. */
					__( 'Page %1$d of %2$d', 'kestrel-forms' ),
					shownPages.indexOf( index ) + 1,
					shownPages.length
				)
			);
		} );
	};

	const next = async ( leave?: LeaveStep ) => {
		// Going forward needs a visible, enabled Next button and a valid page (spec §4).
		const before = current();
		if ( before.nextPage === null || ! before.nextShown || busy ) {
			return;
		}
		flush();
		// Pending typing may show or hide pages and the button: decide on what shows now.
		const { nextPage: target, nextShown } = current();
		if ( target === null || ! nextShown ) {
			return;
		}
		// The fresh evaluation flush() published.
		const final = state.evaluation;
		const fields = pages[ state.page ].fields;
		const messages = validate( fields, final );
		if ( Object.keys( messages ).length ) {
			setErrors( messages, summaryText() );
			return;
		}
		// Leaving a page with unit fields runs their hooks (a payment tokenizes).
		const step = leave?.( fields, final, values() );
		if ( step ) {
			busy = true;
			update( { status: 'submitting' } );
			let ok = false;
			try {
				ok = await step;
			} finally {
				busy = false;
				update( { status: 'idle' } );
			}
			if ( ! ok ) {
				return;
			}
		}
		goTo( target );
	};

	const visibleFields = ( evaluation: Evaluation | null ) =>
		form.fields.filter( ( f ) => isShown( f.id, evaluation ) );

	const session: FormSession = {
		form: () => form,
		prepared: () => prepared,
		subscribe: ( listener ) => {
			listeners.add( listener );
			return () => listeners.delete( listener );
		},
		getSnapshot: () => state,
		subscribeField: ( fieldId, listener ) => {
			let set = fieldListeners.get( fieldId );
			if ( ! set ) {
				set = new Set();
				fieldListeners.set( fieldId, set );
			}
			set.add( listener );
			return () => {
				set?.delete( listener );
			};
		},
		getField: ( fieldId ) => slices.get( fieldId ) ?? EMPTY_SLICE,
		getView: () => view,
		getAnnouncement: () => published.announcement,
		values,
		batch,
		setForm: ( edited ) => {
			if ( edited === form ) {
				return;
			}
			form = edited;
			prepared = prepareOrNull( form );
			pages = splitPages( form.fields );
			byId = new Map( form.fields.map( ( f ) => [ f.id, f ] ) );
			ownQuantity = new Set(
				form.fields
					.filter( ( f ) => hasOwnQuantity( form, f ) )
					.map( ( f ) => f.id )
			);
			clearTimers();
			formChanged = true;
			update( {
				evaluation: prepared
					? evaluateForm( prepared, state.entered )
					: null,
				page: Math.min( state.page, pages.length - 1 ),
			} );
		},

		change: ( key, value, typing = false ) => {
			const fieldId = fieldIdOf( key );
			batch( () => {
				update( { entered: { ...state.entered, [ key ]: value } }, [
					fieldId,
				] );
				schedule(
					fieldId,
					typing ? typingDelay( prepared, fieldId ) : 0
				);
				// A product's quantity input ("5.3") has no inline error of its own. Once a
				// field shows an error, it keeps in step with what the visitor types.
				const field = byId.get( fieldId );
				if (
					( typeof key === 'string' && key.includes( '.' ) ) ||
					! field ||
					! ( fieldId in state.errors )
				) {
					return;
				}
				const issue = validateField(
					field,
					value,
					form.currency,
					form.limits
				);
				const errors = { ...state.errors };
				if ( issue ) {
					errors[ fieldId ] = fieldError( issue, field );
				} else {
					delete errors[ fieldId ];
				}
				update( { errors }, [ fieldId ] );
			} );
		},
		commit: ( fieldId ) => {
			if ( typingTimers.has( fieldId ) ) {
				schedule( fieldId, 0 );
			}
		},
		flush,
		validate,
		next,
		previous: () => {
			const { previousPage } = current();
			if ( previousPage !== null ) {
				goTo( previousPage );
			}
		},
		goTo,
		check: () => {
			const { nextBreak, submitShown } = current();
			if ( busy || ! submitShown ) {
				return false;
			}
			const final = flush();
			const checked = nextBreak
				? pages[ state.page ].fields
				: visibleFields( final );
			const messages = validate( checked, final );
			if ( Object.keys( messages ).length ) {
				setErrors( messages, summaryText() );
				return false;
			}
			return true;
		},
		checkSubmit: () => {
			// Pending delayed updates are applied first: validate what the visitor sees now.
			const final = flush();
			const visible = visibleFields( final );
			// Fields without inputs too: pricing reports quantities, lines and the total on them.
			const messages = validate( visible, final );
			if ( Object.keys( messages ).length ) {
				setErrors( messages, summaryText() );
				return { ok: false };
			}
			return { ok: true, evaluation: final, visible };
		},
		submissionValues: ( visible = visibleFields( state.evaluation ) ) => ( {
			...toSubmissionValues(
				{ ...form, fields: visible.filter( hasInput ) },
				values()
			),
			...ownQuantities( form, visible, state.entered ),
		} ),
		restore: ( saved ) => {
			const entered = withWireValues(
				form,
				state.entered,
				saved,
				fromSubmission
			);
			update( {
				entered,
				evaluation: prepared ? evaluateForm( prepared, entered ) : null,
				restores: state.restores + 1,
			} );
		},
		announce,
		setErrors,
		showFieldError: ( fieldId, message ) => {
			const index = pageOf( pages, fieldId );
			update( {
				page: index >= 0 ? index : state.page,
				errors: { [ fieldId ]: { message } },
				summary: null,
			} );
		},
		showFailure: ( failure ) => {
			if ( failure.kind === 'validation' ) {
				setErrors(
					serverErrors( failure.errors, failure.data?.details ),
					failure.message || summaryText()
				);
				return;
			}
			setErrors(
				{},
				failure.message ||
					__(
						'Your submission could not be sent. Please try again.',
						'kestrel-forms'
					)
			);
		},
		confirm: ( confirmation, spoken = '' ) => {
			batch( () => {
				update( { errors: NO_ERRORS, summary: null } );
				if ( confirmation.type === 'message' ) {
					update( { confirmation, status: 'done' } );
					announce( spoken );
				}
			} );
		},
		setStatus: ( status ) => update( { status } ),
		inFlight: () => busy,
		setInFlight: ( flag ) => {
			busy = flag;
		},
		destroy: () => {
			clearTimers();
			scheduler.clearTimeout( announceTimer );
			announceTimer = undefined;
		},
	};
	return session;
}

/**
 * The state a session starts in: the form's defaults, or what the server printed after a
 * plain post.
 *
 * @param form     Form.
 * @param prepared Prepared form.
 * @param pages    Its pages.
 * @param initial  The server's state, if any.
 * @param read     Wire → browser value.
 */
function initialState(
	form: FormDefinition,
	prepared: PreparedForm | null,
	pages: FormPage[],
	initial: SessionInitial | undefined,
	read: FromSubmission
): SessionSnapshot {
	const defaults = initialValues( form );
	const entered = initial?.values
		? withWireValues( form, defaults, initial.values, read )
		: defaults;
	const errors: Record< number, FieldError > = {};
	for ( const [ id, error ] of Object.entries( initial?.errors ?? {} ) ) {
		errors[ Number( id ) ] = error.inputs?.length
			? { message: error.message, inputs: [ ...error.inputs ] }
			: { message: error.message };
	}
	const page = Math.trunc( initial?.page ?? 0 );
	return {
		entered,
		evaluation: prepared ? evaluateForm( prepared, entered ) : null,
		page: page >= 0 && page < pages.length ? page : 0,
		errors: Object.keys( errors ).length ? errors : NO_ERRORS,
		summary: initial?.summary ?? null,
		status: 'idle',
		confirmation: null,
		announcement: '',
		focus: null,
		restores: 0,
	};
}

/**
 * Whether two views show the same.
 *
 * @param a A view.
 * @param b Another.
 */
function sameView( a: FormView, b: FormView ): boolean {
	return (
		a.pages === b.pages &&
		a.page === b.page &&
		a.status === b.status &&
		a.summary === b.summary &&
		a.errors === b.errors &&
		a.confirmation === b.confirmation &&
		a.focus === b.focus &&
		a.nextPage === b.nextPage &&
		a.previousPage === b.previousPage &&
		a.nextBreak === b.nextBreak &&
		a.nextShown === b.nextShown &&
		a.submitShown === b.submitShown &&
		a.shownPages.length === b.shownPages.length &&
		a.shownPages.every( ( p, i ) => p === b.shownPages[ i ] )
	);
}
