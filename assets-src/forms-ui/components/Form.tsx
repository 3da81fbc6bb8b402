import {
	useCallback,
	useEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { Hooks } from '@wordpress/hooks';
import type { FormEvent } from 'react';
import type {
	Confirmation,
	FieldDefinition,
	FieldValue,
	FormDefinition,
	FormValues,
	SubmissionValues,
} from '../../shared';
import {
	evaluateForm,
	initialValues,
	fieldIdOf,
	activeFeeds,
	hasInput,
	hasOwnQuantity,
	isCalculated,
	prepareForm,
	priceForm,
	quantityKey,
	reevaluate,
	toSubmissionValues,
	validateField,
	fieldIssue,
	type Evaluation,
	type PreparedForm,
} from '../../forms-engine';
import {
	FORMULA_KEYUP_DELAY_MS,
	LOGIC_KEYUP_DELAY_MS,
	TOTAL_DEBOUNCE_MS,
	VALIDATION_ANNOUNCE_DELAY_MS,
} from '../constants';
import { ids } from '../ids';
import { summaryText } from '../messages';
import {
	getFromForm,
	newSubmissionKey,
	postSubmission,
	postToForm,
	type SubmissionFailure,
} from '../submit/submit';
import { keepRenderToken } from '../submit/render-token';
import { Field } from './Field';
import type {
	CaptchaConfig,
	CaptchaGate,
	FieldError,
	UploadBindings,
} from '../fields/types';
import { fieldError, serverErrors } from '../fields/errors';
import { ErrorSummary } from './ErrorSummary';
import type { UploadRecord } from '../uploads/uploader';
import { newUploadId } from '../uploads/upload-id';
import { AnimationContext } from './reveal';
import {
	errorsOf,
	uploadsOf,
	withSubmission,
	type ServerState,
} from '../server-state';
import { useFieldUnits, type UnitFailure } from '../fields/use-field-units';
import {
	isUnitField,
	type FieldUnits,
	type UnitFormPort,
} from '../fields/units';

export interface FormProps {
	form: FormDefinition & { id: number };
	/** REST path of the submissions endpoint. */
	submitPath: string;
	/** Absolute URL of the same endpoint (for submissions without the page's REST nonce). */
	submitUrl?: string;
	/** The page was rendered for a visitor who is not logged in (perhaps from a cache). */
	anonymous?: boolean;
	/** Absolute URL of the uploads endpoint (file-upload fields; absent in previews). */
	uploadUrl?: string;
	/** The signed time the page printed the form (the server's minimum time to submit). */
	renderToken?: string;
	/** Where a fresh render token is fetched when the page's one is old (cached pages). */
	renderTokenUrl?: string;
	/** Seconds the server accepts a render token. */
	renderTokenMaxAge?: number;
	/** The site's captcha settings for the browser (null: not set up). */
	captcha?: CaptchaConfig | null;
	hooks: Hooks;
	showTitle?: boolean;
	showDescription?: boolean;
	/** Editor preview: renders the form but never submits. */
	preview?: boolean;
	/** Called once after the first render (used to release the reserved space). */
	onMounted?: () => void;
	/** The page's data for this form (what field units read, e.g. their configuration). */
	page?: Record< string, unknown >;
	/** Units by field type that field scripts provide (window.kestrelForms.fields). */
	units?: FieldUnits;
	/** Where the form posts without JavaScript (docs/server-rendering.md §1 `action`). */
	action?: string;
	/** The server's key for this render: a plain post's idempotency (hidden input). */
	submissionKey?: string;
	/** The state the server printed the form in after a plain post (values, errors, page). */
	initial?: ServerState;
	/** Values the visitor typed before the script ran: put back once mounted. */
	typed?: SubmissionValues;
}

type Status = 'idle' | 'submitting' | 'done';

/**
 * A visitor form: renders every field, validates on submit (the server validates again), posts
 * over REST with one request at a time, shows errors inline and in a focused summary, and
 * replaces itself with the confirmation on success.
 *
 * @param props Form props.
 */
export function Form( props: FormProps ) {
	const { form, hooks, preview = false } = props;
	const formId = form.id;
	// The engine: rules and formulas in dependency order (null only for a form with a cycle,
	// which the server refuses to save; such a form shows every field).
	const prepared = useMemo( () => prepareOrNull( form ), [ form ] );
	const [ state, setState ] = useState< {
		entered: FormValues;
		evaluation: Evaluation | null;
	} >( () => {
		// After a plain post: what the visitor sent (docs/server-rendering.md §1).
		const entered = props.initial
			? withSubmission(
					form,
					initialValues( form ),
					props.initial.values
				)
			: initialValues( form );
		return {
			entered,
			evaluation: prepared ? evaluateForm( prepared, entered ) : null,
		};
	} );
	const { evaluation } = state;
	// What each control shows: typed values at once, computed values (formulas, total) as the
	// engine last evaluated them.
	const values: FormValues = { ...( evaluation?.values ?? {} ) };
	for ( const field of form.fields ) {
		if ( ! isComputed( field ) && field.id in state.entered ) {
			values[ field.id ] = state.entered[ field.id ];
		}
	}
	const timers = useRef( new Map< number, number >() );
	const pricingTimer = useRef< number | undefined >( undefined );
	useEffect( () => {
		const pending = timers.current;
		return () => {
			pending.forEach( ( timer ) => window.clearTimeout( timer ) );
			window.clearTimeout( pricingTimer.current );
		};
	}, [] );

	/**
	 * Prices the form 50 ms after the last change that reached the engine (spec §9): a real
	 * debounce, so a burst of changes recomputes products and total once.
	 */
	const schedulePricing = useCallback( () => {
		if ( ! prepared?.hasPricing ) {
			return;
		}
		window.clearTimeout( pricingTimer.current );
		pricingTimer.current = window.setTimeout( () => {
			pricingTimer.current = undefined;
			setState( ( current ) =>
				current.evaluation
					? {
							...current,
							evaluation: priceForm( prepared, current.entered, {
								...current.evaluation,
								values: { ...current.evaluation.values },
							} ),
						}
					: current
			);
		}, TOTAL_DEBOUNCE_MS );
	}, [ prepared ] );

	/**
	 * Re-evaluates a field's dependents now, or after a per-field delay while the visitor types
	 * (spec §9: 300 ms for logic, 345 ms when a formula reads the field). One timer per field:
	 * typing in one field never cancels another's pending update (issue 3, decision 8).
	 */
	const schedule = useCallback(
		( fieldId: number, delay: number ) => {
			window.clearTimeout( timers.current.get( fieldId ) );
			timers.current.delete( fieldId );
			const run = () => {
				setState( ( current ) =>
					evaluateChange( prepared, current, fieldId )
				);
				schedulePricing();
			};
			if ( delay <= 0 ) {
				run();
				return;
			}
			timers.current.set(
				fieldId,
				window.setTimeout( () => {
					timers.current.delete( fieldId );
					run();
				}, delay )
			);
		},
		[ prepared, schedulePricing ]
	);
	const onCommit = useCallback(
		( fieldId: number ) => {
			if ( timers.current.has( fieldId ) ) {
				schedule( fieldId, 0 );
			}
		},
		[ schedule ]
	);
	const isShown = ( id: number ) =>
		! evaluation || evaluation.visible[ id ] !== false;
	const submitShown = ! evaluation || evaluation.submitVisible;
	const [ errors, setErrors ] = useState< Record< number, FieldError > >(
		() => errorsOf( props.initial?.errors )
	);
	const [ summary, setSummary ] = useState< string | null >(
		() => props.initial?.summary ?? null
	);
	const [ status, setStatus ] = useState< Status >( 'idle' );
	const [ confirmation, setConfirmation ] = useState< Confirmation | null >(
		null
	);
	const [ announcement, setAnnouncement ] = useState( '' );
	const inFlight = useRef( false );
	// The signed render time, refreshed when the page came from a cache older than tokens live.
	const [ renderToken ] = useState( () =>
		keepRenderToken( {
			token: props.renderToken,
			url: preview ? undefined : props.renderTokenUrl,
			maxAge: props.renderTokenMaxAge,
		} )
	);
	useEffect( () => {
		renderToken.start();
		return () => renderToken.stop();
	}, [ renderToken ] );
	// The honeypot: people never see or fill it; a bot that does is stored as spam.
	const honeypot = useRef< HTMLInputElement >( null );
	// An invisible captcha runs its challenge on the final submit (spec §4).
	const captchaGate = useRef< CaptchaGate | null >( null );
	const setCaptchaGate = useCallback( ( gate: CaptchaGate | null ) => {
		captchaGate.current = gate;
	}, [] );
	// Uploads: one unique id per form view, the completed files of each field, and which
	// fields still have files in flight (a submit waits for them, spec §5).
	const [ uploadId ] = useState( newUploadId );
	const [ uploadRecords, setUploadRecords ] = useState<
		Record< number, UploadRecord[] >
	>( () => uploadsOf( props.initial?.uploadedFiles ) );
	const busyUploads = useRef( new Set< number >() );
	const uploadUrl = props.uploadUrl;
	const uploadBindings = useMemo< UploadBindings | undefined >(
		() =>
			uploadUrl && ! preview
				? {
						uploadId,
						uploadUrl,
						setRecords: ( fieldId, records ) =>
							setUploadRecords( ( current ) => ( {
								...current,
								[ fieldId ]: records,
							} ) ),
						setBusy: ( fieldId, busy ) => {
							if ( busy ) {
								busyUploads.current.add( fieldId );
							} else {
								busyUploads.current.delete( fieldId );
							}
						},
					}
				: undefined,
		[ uploadId, uploadUrl, preview ]
	);
	// Multi-page forms (spec §2, §4): pages split at page breaks.
	const pages = useMemo( () => splitPages( form.fields ), [ form.fields ] );
	// Fields whose type a unit provides: their hooks on Next and submit, failures at the field.
	// Unit components reach the form through one port (a wallet button checks and submits):
	// a stable object whose methods call this render's closures.
	const live = useRef< Pick<
		UnitFormPort,
		'current' | 'submissionValues' | 'check' | 'submit' | 'restore' | 'fail'
	> | null >( null );
	const listeners = useRef( new Set< () => void >() );
	const { submitPath, submitUrl, anonymous } = props;
	// A sub-resource next to the submissions endpoint (/forms/5/payment-request).
	const sibling = ( address: string, resource: string ) =>
		address.replace( /\/submissions\/?(?=$|\?)/, `/${ resource }` );
	const port = useRef< UnitFormPort >( {
		current: () =>
			live.current?.current() ?? { values: {}, evaluation: null },
		submissionValues: () => live.current?.submissionValues() ?? {},
		check: () => live.current?.check() ?? false,
		submit: () => live.current?.submit(),
		subscribe: ( listener ) => {
			listeners.current.add( listener );
			return () => listeners.current.delete( listener );
		},
		post: ( resource, body ) =>
			postToForm(
				sibling( submitPath, resource ),
				body,
				submitUrl ? sibling( submitUrl, resource ) : undefined,
				anonymous
			),
		get: ( resource ) =>
			getFromForm(
				sibling( submitPath, resource ),
				submitUrl ? sibling( submitUrl, resource ) : undefined,
				anonymous
			),
		restore: ( saved ) =>
			live.current?.restore( saved ) ?? Promise.resolve(),
		submissionKey: ( key ) => {
			if ( key ) {
				submissionKey.current = key;
			}
			return ( submissionKey.current ??= newSubmissionKey() );
		},
		confirm: ( shown ) => showConfirmation.current( shown ),
		fail: ( failure ) => live.current?.fail( failure ),
	} ).current;
	const units = useFieldUnits(
		form,
		props.units ?? {},
		props.page ?? {},
		port
	);
	// A unit may keep one submission key until it is stored: a retry after an unknown
	// outcome (network error) then gets the first answer instead of acting twice.
	const submissionKey = useRef< string | null >( null );
	// Resolves a unit's restore once the form rendered the values it put back.
	const restored = useRef< ( () => void ) | null >( null );
	const summaryRef = useRef< HTMLDivElement >( null );
	const confirmationRef = useRef< HTMLDivElement >( null );
	const announceTimer = useRef< number | undefined >( undefined );

	useEffect( () => {
		if ( props.typed ) {
			void live.current?.restore( props.typed );
		}
		props.onMounted?.();
		return () => window.clearTimeout( announceTimer.current );
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount.
	}, [] );

	// Shows the server's confirmation (a redirect leaves the page); a ref, so the form's port
	// (made once) reaches this render's state setters.
	const showConfirmation = useRef( ( shown: Confirmation ) => {
		setErrors( {} );
		setSummary( null );
		if ( shown.type === 'redirect' ) {
			window.location.assign( shown.url );
			return;
		}
		setConfirmation( shown );
		setStatus( 'done' );
		announce( textOf( shown.message ) );
	} );

	const announce = useCallback( ( text: string, delay = 0 ) => {
		window.clearTimeout( announceTimer.current );
		// Clear first so the same sentence twice in a row is announced again.
		setAnnouncement( '' );
		announceTimer.current = window.setTimeout(
			() => setAnnouncement( text ),
			delay
		);
	}, [] );

	const showErrors = useCallback(
		( messages: Record< number, FieldError >, heading: string ) => {
			const errorPage = pages.findIndex( ( p ) =>
				p.fields.some( ( f ) => messages[ f.id ] )
			);
			if ( errorPage >= 0 ) {
				setPage( errorPage );
			}
			setErrors( messages );
			setSummary( heading );
			// Focus moves at once; the announcement waits (spec §8, §9).
			window.requestAnimationFrame( () => summaryRef.current?.focus() );
			const count = Object.keys( messages ).length;
			announce(
				count
					? `${ heading } ${ Object.values( messages )
							.map( ( e ) => e.message )
							.join( ' ' ) }`
					: heading,
				VALIDATION_ANNOUNCE_DELAY_MS
			);
		},
		[ announce, pages ]
	);

	/**
	 * A unit field's failure: the message at the field, on its page, presented by the unit
	 * (focus, live region); what the visitor typed stays.
	 *
	 * @param failure The field and its message.
	 */
	const showUnitError = ( failure: UnitFailure ) => {
		const id = failure.field.id;
		const index = pages.findIndex( ( p ) =>
			p.fields.some( ( f ) => f.id === id )
		);
		if ( index >= 0 ) {
			setPage( index );
		}
		setErrors( { [ id ]: { message: failure.message } } );
		setSummary( null );
		units.binding( failure.field ).hooks?.present?.( failure.message );
	};

	// Add-on feeds switch on and off with the values (spec §4): announce each change to add-ons.
	const feedsRef = useRef< number[] >( [] );
	useEffect( () => {
		if ( ! prepared || ! evaluation || ! form.feeds?.length ) {
			return;
		}
		const now = activeFeeds( prepared, evaluation );
		const before = feedsRef.current;
		// Deactivations first: a single-feed add-on switches from one feed to the other.
		for ( const feed of form.feeds ) {
			if (
				before.includes( feed.feedId ) &&
				! now.includes( feed.feedId )
			) {
				hooks.doAction( 'kestrel_forms.feed.deactivated', feed, form );
			}
		}
		for ( const feed of form.feeds ) {
			if (
				now.includes( feed.feedId ) &&
				! before.includes( feed.feedId )
			) {
				hooks.doAction( 'kestrel_forms.feed.activated', feed, form );
			}
		}
		feedsRef.current = now;
	}, [ evaluation, prepared, form, hooks ] );

	useEffect( () => {
		if ( confirmation ) {
			confirmationRef.current?.focus();
		}
	}, [ confirmation ] );

	const onChange = useCallback(
		( key: number | string, value: FieldValue, typing = false ) => {
			setState( ( current ) => ( {
				...current,
				entered: { ...current.entered, [ key ]: value },
			} ) );
			schedule(
				fieldIdOf( key ),
				typing ? typingDelay( prepared, fieldIdOf( key ) ) : 0
			);
			// A product's quantity input ("5.3") has no inline error of its own.
			if ( typeof key === 'string' && key.includes( '.' ) ) {
				return;
			}
			const fieldId = fieldIdOf( key );
			// Once a field shows an error, keep it in step with what the visitor types.
			setErrors( ( current ) => {
				if ( ! ( fieldId in current ) ) {
					return current;
				}
				const field = form.fields.find(
					( f ) => f.id === fieldId
				) as FieldDefinition;
				const issue = validateField(
					field,
					value,
					form.currency,
					form.limits
				);
				const next = { ...current };
				if ( issue ) {
					next[ fieldId ] = fieldError( issue, field );
				} else {
					delete next[ fieldId ];
				}
				return next;
			} );
		},
		[ form, prepared, schedule ]
	);

	// Multi-page forms (spec §2, §4): pages split at page breaks; a page whose fields are all
	// hidden, or whose break is hidden by its rules, is skipped.
	const [ page, setPage ] = useState( () =>
		startPage( props.initial?.page, pages.length )
	);
	const pageRef = useRef< HTMLDivElement >( null );
	const pageShown = ( index: number ) => {
		const { breakField, fields } = pages[ index ];
		return (
			( ! breakField || isShown( breakField.id ) ) &&
			fields.some( ( f ) => f.type !== 'hidden' && isShown( f.id ) )
		);
	};
	const shownPages = pages
		.map( ( _, i ) => i )
		.filter( ( i ) => i === page || pageShown( i ) );
	const nextPage = shownPages.find( ( i ) => i > page ) ?? null;
	const previousPage =
		[ ...shownPages ].reverse().find( ( i ) => i < page ) ?? null;
	// The Next button of this page is the one on the break that starts the next page.
	const nextBreak =
		nextPage !== null ? ( pages[ page + 1 ]?.breakField ?? null ) : null;
	const nextShown =
		! nextBreak ||
		! evaluation ||
		evaluation.nextVisible[ nextBreak.id ] !== false;
	const progressType = form.pagination?.type ?? 'steps';

	/**
	 * Applies every pending delayed update at once and returns the fresh evaluation, so a Next
	 * or submit checks what the visitor sees now.
	 */
	const flushPending = (): Evaluation | null => {
		timers.current.forEach( ( timer ) => window.clearTimeout( timer ) );
		timers.current.clear();
		window.clearTimeout( pricingTimer.current );
		const final = prepared ? evaluateForm( prepared, state.entered ) : null;
		if ( final && prepared ) {
			setState( ( current ) => ( {
				entered: resetNewlyHidden(
					prepared,
					current.entered,
					current.evaluation,
					final
				),
				evaluation: final,
			} ) );
		}
		return final;
	};

	/**
	 * Messages for the visible fields with inputs among `fields` that fail validation.
	 *
	 * @param fields Fields to check.
	 * @param final  Fresh evaluation (null: every field counts as visible).
	 */
	const validateVisible = (
		fields: FieldDefinition[],
		final: Evaluation | null
	): Record< number, FieldError > => {
		const messages: Record< number, FieldError > = {};
		for ( const field of fields ) {
			if ( final && final.visible[ field.id ] === false ) {
				continue;
			}
			// The field's own value, then money out of bounds (quantities, prices, total).
			const issue = fieldIssue( form, field, values[ field.id ], final );
			if ( issue ) {
				messages[ field.id ] = fieldError( issue, field );
			}
		}
		return messages;
	};

	const goTo = ( index: number ) => {
		setPage( index );
		setErrors( {} );
		setSummary( null );
		window.requestAnimationFrame( () => pageRef.current?.focus() );
		announce(
			sprintf(
				/* translators: 1: page number, 2: number of pages. */
				__( 'Page %1$d of %2$d', 'kestrel-forms' ),
				shownPages.indexOf( index ) + 1,
				shownPages.length
			)
		);
	};

	const goNext = async () => {
		// Going forward needs a visible, enabled Next button and a valid page (spec §4).
		if ( nextPage === null || ! nextShown || inFlight.current ) {
			return;
		}
		const final = flushPending();
		const messages = validateVisible( pages[ page ].fields, final );
		if ( Object.keys( messages ).length ) {
			showErrors( messages, summaryText() );
			return;
		}
		// Leaving a page with unit fields runs their hooks (a payment tokenizes).
		if ( pages[ page ].fields.some( isUnitField ) ) {
			inFlight.current = true;
			setStatus( 'submitting' );
			const fieldsHere = pages[ page ].fields;
			const step = await units.step(
				'leavePage',
				fieldsHere,
				fieldsHere,
				final,
				values
			);
			inFlight.current = false;
			setStatus( 'idle' );
			if ( ! step.ok ) {
				showUnitError( step );
				return;
			}
		}
		goTo( nextPage );
	};

	const onSubmit = async ( event: FormEvent ) => {
		event.preventDefault();
		// Enter on a page before the last moves to the next page.
		if ( nextBreak ) {
			void goNext();
			return;
		}
		// The ref guards the gap between a click and React disabling the button.
		// A hidden (and so disabled) submit button also blocks Enter in a field (spec §4).
		if ( preview || inFlight.current || ! submitShown ) {
			return;
		}
		const uploading = [ ...busyUploads.current ].some(
			( id ) => evaluation?.visible[ id ] !== false
		);
		if ( uploading ) {
			// eslint-disable-next-line no-alert -- the spec asks for an alert here (§5).
			window.alert(
				__(
					'Please wait for the uploading to complete.',
					'kestrel-forms'
				)
			);
			return;
		}
		// Only what the visitor can see and type is checked and sent; the server recomputes
		// visibility and formulas itself.
		// Pending delayed updates are applied first: validate what the visitor sees now.
		const final = flushPending();
		const visibleFields = form.fields.filter(
			( f ) => ! final || final.visible[ f.id ] !== false
		);
		// Fields without inputs too: pricing reports quantities, lines and the total on them.
		const messages = validateVisible( visibleFields, final );
		if ( Object.keys( messages ).length ) {
			showErrors( messages, summaryText() );
			return;
		}

		const captchaShown = form.fields.some(
			( f ) =>
				f.type === 'captcha' &&
				( ! final || final.visible[ f.id ] !== false )
		);
		if ( captchaShown && captchaGate.current?.mustRun() ) {
			captchaGate.current.run();
			return;
		}

		inFlight.current = true;
		setStatus( 'submitting' );
		// Unit fields add their values (a payment: a fresh single-use token or a kept one).
		// (Forms without one post at once, in the same task as the click.)
		const added = units.fields.length
			? await units.step(
					'beforeSubmit',
					form.fields,
					pages[ page ].fields,
					final,
					values
				)
			: ( { ok: true, values: {} } as const );
		if ( ! added.ok ) {
			inFlight.current = false;
			setStatus( 'idle' );
			showUnitError( added );
			return;
		}
		const active = visibleFields.filter( hasInput );
		announce( __( 'Sending your submission…', 'kestrel-forms' ) );
		// The captcha's answer as the widget holds it now (an invisible one just got it).
		const captchaAnswer = captchaShown ? captchaGate.current?.answer() : '';
		const captchaValues: Record< string, string > = {};
		for ( const field of active ) {
			if ( field.type === 'captcha' && captchaAnswer ) {
				captchaValues[ String( field.id ) ] = captchaAnswer;
			}
		}
		const submissionValues = hooks.applyFilters(
			'kestrel_forms.submission.before',
			{
				...toSubmissionValues( { ...form, fields: active }, values ),
				...ownQuantities( form, visibleFields, state.entered ),
				...captchaValues,
			},
			form
		) as ReturnType< typeof toSubmissionValues >;
		Object.assign( submissionValues, added.values );
		const key = units.keepSubmissionKey()
			? ( submissionKey.current ??= newSubmissionKey() )
			: newSubmissionKey();
		try {
			const refreshing = renderToken.ready();
			if ( refreshing ) {
				await refreshing;
			}
			const send = () =>
				postSubmission(
					props.submitPath,
					{
						values: submissionValues,
						source_url: window.location.href,
						submission_key: key,
						upload_id: uploadId,
						honeypot: honeypot.current?.value ?? '',
						render_token: renderToken.current(),
						uploaded_files: uploadedFiles( active, uploadRecords ),
					},
					props.submitUrl,
					props.anonymous
				);
			// Units may wrap the send (a payment sends again while the server is busy: 409).
			const result = await units.send( send );
			submissionKey.current = null;
			hooks.doAction( 'kestrel_forms.submission.after', result, form );
			showConfirmation.current( result.confirmation );
		} catch ( failure ) {
			const f = failure as SubmissionFailure;
			// A captcha answer counts once: after a refusal the visitor answers again.
			if ( captchaShown ) {
				captchaGate.current?.reset();
			}
			hooks.doAction( 'kestrel_forms.submission.failed', f, form );
			setStatus( 'idle' );
			// A failure a unit claims shows at its field.
			const unitFailure = units.failure( f );
			if ( unitFailure ) {
				showUnitError( unitFailure );
			} else {
				showFailure( f );
			}
		} finally {
			inFlight.current = false;
		}
	};

	/**
	 * A refused request as the form shows it: errors at their fields with the summary, or the
	 * message alone.
	 *
	 * @param f The failure.
	 */
	const showFailure = ( f: SubmissionFailure ) => {
		if ( f.kind === 'validation' ) {
			showErrors(
				serverErrors( f.errors, f.data?.details ),
				f.message || summaryText()
			);
			return;
		}
		showErrors(
			{},
			f.message ||
				__(
					'Your submission could not be sent. Please try again.',
					'kestrel-forms'
				)
		);
	};

	/**
	 * The port's synchronous check: the current page before the last, else every visible field,
	 * as Next and submit check them (errors shown the same way).
	 */
	const checkNow = (): boolean => {
		if ( preview || inFlight.current || ! submitShown ) {
			return false;
		}
		const final = flushPending();
		const checked = nextBreak
			? pages[ page ].fields
			: form.fields.filter(
					( f ) => ! final || final.visible[ f.id ] !== false
				);
		const messages = validateVisible( checked, final );
		if ( Object.keys( messages ).length ) {
			showErrors( messages, summaryText() );
			return false;
		}
		return true;
	};
	live.current = {
		current: () => ( { values, evaluation } ),
		// As a submission sends them: visible fields with inputs, and products' own quantities.
		submissionValues: () => {
			const visibleFields = form.fields.filter( ( f ) =>
				isShown( f.id )
			);
			return {
				...toSubmissionValues(
					{ ...form, fields: visibleFields.filter( hasInput ) },
					values
				),
				...ownQuantities( form, visibleFields, state.entered ),
			};
		},
		check: checkNow,
		submit: () =>
			void onSubmit( { preventDefault: () => {} } as FormEvent ),
		restore: ( saved ) =>
			new Promise( ( resolve ) => {
				restored.current = resolve;
				setState( ( current ) => {
					const entered = restoreValues(
						form,
						current.entered,
						saved
					);
					return {
						entered,
						evaluation: prepared
							? evaluateForm( prepared, entered )
							: null,
					};
				} );
			} ),
		fail: showFailure,
	};
	useEffect( () => {
		listeners.current.forEach( ( listener ) => listener() );
		restored.current?.();
		restored.current = null;
	}, [ state ] );

	const submitting = status === 'submitting';
	const titleId = ids.title( formId );

	return (
		<AnimationContext.Provider value={ !! form.animation }>
			<div className="kestrel-form__wrapper">
				<div
					className="screen-reader-text"
					role="status"
					aria-live="polite"
					aria-atomic="true"
				>
					{ announcement }
				</div>
				{ confirmation?.type === 'message' ? (
					<div
						className="kestrel-form__confirmation"
						tabIndex={ -1 }
						ref={ confirmationRef }
						// Sanitised by the server (wp_kses_post) before it was sent.
						dangerouslySetInnerHTML={ {
							__html: confirmation.message,
						} }
					/>
				) : (
					<form
						className="kestrel-form__form"
						method="post"
						action={ props.action }
						encType={
							form.fields.some( ( f ) => f.type === 'fileupload' )
								? 'multipart/form-data'
								: undefined
						}
						noValidate
						onSubmit={ onSubmit }
						aria-labelledby={
							props.showTitle !== false ? titleId : undefined
						}
						aria-label={
							props.showTitle === false ? form.title : undefined
						}
						aria-busy={ submitting || undefined }
					>
						{ /* What a post without JavaScript needs (docs/server-rendering.md §2); an editor preview never posts. */ }
						{ ! preview && (
							<>
								<input
									type="hidden"
									name="kestrel_form_id"
									value={ formId }
								/>
								<input
									type="hidden"
									name="kestrel_render_token"
									value={ props.renderToken ?? '' }
								/>
								<input
									type="hidden"
									name="kestrel_submission_key"
									value={ props.submissionKey ?? '' }
								/>
								<input
									type="hidden"
									name="kestrel_page"
									value={ page }
								/>
							</>
						) }
						{ /* Enter in a field clicks the first submit button: this one (Next or Submit). */ }
						<button
							type="submit"
							name="kestrel_nav"
							value="default"
							hidden
							tabIndex={ -1 }
							aria-hidden="true"
						/>
						{ form.enableHoneypot !== false && (
							<div
								className="kestrel-form__hp"
								aria-hidden="true"
							>
								<label htmlFor={ `kestrel_hp_${ formId }` }>
									{ __(
										'This field is for validation purposes and should be left unchanged.',
										'kestrel-forms'
									) }
								</label>
								<input
									ref={ honeypot }
									type="text"
									id={ `kestrel_hp_${ formId }` }
									name="kestrel_hp"
									tabIndex={ -1 }
									autoComplete="off"
									defaultValue=""
								/>
							</div>
						) }
						{ uploadBindings && (
							<input
								type="hidden"
								id={ `kestrel_uploaded_files_${ formId }` }
								name="kestrel_uploaded_files"
								value={ JSON.stringify(
									uploadedFiles( form.fields, uploadRecords )
								) }
							/>
						) }
						{ ( props.showTitle !== false ||
							props.showDescription !== false ) && (
							<div className="kestrel-form__header">
								{ props.showTitle !== false && (
									<h2
										className="kestrel-form__title"
										id={ titleId }
									>
										{ form.title }
									</h2>
								) }
								{ props.showDescription !== false &&
									form.description && (
										<p className="kestrel-form__form-description">
											{ form.description }
										</p>
									) }
							</div>
						) }
						{ summary && (
							<ErrorSummary
								formId={ formId }
								heading={ summary }
								fields={ form.fields }
								errors={ errors }
								focusRef={ summaryRef }
							/>
						) }
						{ pages.length > 1 && progressType !== 'none' && (
							<Progress
								formId={ formId }
								type={ progressType }
								position={ shownPages.indexOf( page ) + 1 }
								count={ shownPages.length }
								name={ form.pagination?.pageNames?.[ page ] }
							/>
						) }
						{ pages.map( ( pageFields, index ) => (
							<div
								key={ index }
								className="kestrel-form__fields kestrel-form__page"
								id={ `kestrel_form_page_${ formId }_${ index + 1 }` }
								hidden={ index !== page }
								tabIndex={ -1 }
								ref={ index === page ? pageRef : undefined }
							>
								{ pageFields.fields.map( ( field ) => (
									<Field
										key={ field.id }
										formId={ formId }
										field={ field }
										value={ values[ field.id ] }
										error={ errors[ field.id ]?.message }
										errorInputs={
											errors[ field.id ]?.inputs
										}
										onChange={ onChange }
										onCommit={ onCommit }
										announce={ announce }
										uploads={ uploadBindings }
										captcha={ props.captcha }
										captchaGate={ setCaptchaGate }
										unit={
											isUnitField( field )
												? units.binding( field )
												: undefined
										}
										concealed={ ! isShown( field.id ) }
										currency={ form.currency }
										descriptionPlacement={
											form.descriptionPlacement
										}
										calculated={
											evaluation?.calculated[ field.id ]
										}
										quantity={
											hasOwnQuantity( form, field )
												? String(
														state.entered[
															quantityKey(
																field.id
															)
														] ?? '1'
													)
												: undefined
										}
									/>
								) ) }
							</div>
						) ) }
						<div className="kestrel-form__footer">
							{ previousPage !== null && (
								<button
									type="submit"
									name="kestrel_nav"
									value="previous"
									id={ `form_previous_button_${ formId }_${ pages[ page ].breakField?.id }` }
									className="kestrel-form__previous wp-element-button"
									// While a submission is in flight every button waits.
									disabled={ submitting }
									onClick={ ( event ) => {
										event.preventDefault();
										goTo( previousPage );
									} }
								>
									{ pages[ page ].breakField?.previousButton
										?.text ||
										__( 'Previous', 'kestrel-forms' ) }
								</button>
							) }
							{ nextBreak && (
								<button
									type="submit"
									name="kestrel_nav"
									value="next"
									id={ `form_next_button_${ formId }_${ nextBreak.id }` }
									className="kestrel-form__next wp-element-button"
									// A hidden Next button is also disabled and blocks the page (spec §4).
									hidden={ ! nextShown }
									disabled={ ! nextShown || submitting }
									onClick={ ( event ) => {
										event.preventDefault();
										void goNext();
									} }
								>
									{ nextBreak.nextButton?.text ||
										__( 'Next', 'kestrel-forms' ) }
								</button>
							) }
							<button
								type="submit"
								name="kestrel_nav"
								value="submit"
								id={ ids.submit( formId ) }
								className="kestrel-form__submit wp-element-button"
								// A hidden submit button is also disabled (spec §4); it lives on the last page.
								hidden={ ! submitShown || !! nextBreak }
								disabled={
									submitting || ! submitShown || !! nextBreak
								}
							>
								{ form.button?.text ||
									__( 'Submit', 'kestrel-forms' ) }
							</button>
							{ submitting && (
								<span
									className="kestrel-form__spinner"
									aria-hidden="true"
								/>
							) }
						</div>
					</form>
				) }
			</div>
		</AnimationContext.Provider>
	);
}

/**
 * The page a form starts on: the server's (after a plain post) when it is one of the form's.
 *
 * @param index The server's page index, if any.
 * @param count Number of pages.
 */
function startPage( index: number | undefined, count: number ): number {
	return typeof index === 'number' &&
		Number.isInteger( index ) &&
		index >= 0 &&
		index < count
		? index
		: 0;
}

/**
 * The pages of a form: the fields before the first page break, then after each break.
 *
 * @param fields Fields in order.
 */
function splitPages(
	fields: FieldDefinition[]
): Array< { breakField: FieldDefinition | null; fields: FieldDefinition[] } > {
	const pages: Array< {
		breakField: FieldDefinition | null;
		fields: FieldDefinition[];
	} > = [ { breakField: null, fields: [] } ];
	for ( const field of fields ) {
		if ( field.type === 'page' ) {
			pages.push( { breakField: field, fields: [] } );
		} else {
			pages[ pages.length - 1 ].fields.push( field );
		}
	}
	return pages;
}

/**
 * The progress indicator of a multi-page form: "Step 2 of 3", and a bar for percentage.
 *
 * @param props          Props.
 * @param props.formId   Form id.
 * @param props.type     steps or percentage.
 * @param props.position Current page among the shown pages (1-based).
 * @param props.count    Number of shown pages.
 * @param props.name     The page's name, if any.
 */
function Progress( props: {
	formId: number;
	type: 'steps' | 'percentage';
	position: number;
	count: number;
	name?: string;
} ) {
	const text = sprintf(
		/* translators: 1: step number, 2: number of steps. */
		__( 'Step %1$d of %2$d', 'kestrel-forms' ),
		props.position,
		props.count
	);
	const percent = Math.round( ( props.position / props.count ) * 100 );
	return (
		<div
			className="kestrel-form__progress"
			id={ `kestrel_form_progress_${ props.formId }` }
		>
			<p className="kestrel-form__progress-text">
				{ props.name ? `${ text }: ${ props.name }` : text }
			</p>
			{ props.type === 'percentage' && (
				<div
					className="kestrel-form__progress-bar"
					role="progressbar"
					aria-label={ __( 'Form progress', 'kestrel-forms' ) }
					aria-valuemin={ 0 }
					aria-valuemax={ 100 }
					aria-valuenow={ percent }
				>
					<span style={ { width: `${ percent }%` } } />
				</div>
			) }
		</div>
	);
}

/**
 * The quantity inputs of the visible products that have one, by input id ("5.3").
 *
 * @param form    Form definition.
 * @param active  Visible fields.
 * @param entered Entered values.
 */
function ownQuantities(
	form: FormDefinition,
	active: FieldDefinition[],
	entered: FormValues
): Record< string, string > {
	const out: Record< string, string > = {};
	for ( const field of active ) {
		if ( hasOwnQuantity( form, field ) ) {
			out[ quantityKey( field.id ) ] = String(
				entered[ quantityKey( field.id ) ] ?? '1'
			);
		}
	}
	return out;
}

/**
 * Prepares the engine, or null for a form whose rules form a cycle.
 *
 * @param form Form definition.
 */
function prepareOrNull( form: FormDefinition ): PreparedForm | null {
	try {
		return prepareForm( form );
	} catch {
		return null;
	}
}

/**
 * Re-evaluates the dependents of a changed field and puts fields that just became hidden back
 * to their defaults (spec §4), so they come back with them when shown again.
 *
 * @param prepared           Prepared form, or null.
 * @param current            Entered values and evaluation.
 * @param current.entered    Entered values.
 * @param current.evaluation Evaluation.
 * @param fieldId            Changed field.
 */
function evaluateChange(
	prepared: PreparedForm | null,
	current: { entered: FormValues; evaluation: Evaluation | null },
	fieldId: number
): { entered: FormValues; evaluation: Evaluation | null } {
	if ( ! prepared || ! current.evaluation ) {
		return current;
	}
	const entered: FormValues = { ...current.entered };
	// Products and total follow 50 ms later (schedulePricing).
	const { evaluation } = reevaluate(
		prepared,
		entered,
		current.evaluation,
		fieldId,
		{ deferPricing: true }
	);
	return {
		entered: resetNewlyHidden(
			prepared,
			entered,
			current.evaluation,
			evaluation
		),
		evaluation,
	};
}

/**
 * Puts fields that just became hidden back to their defaults (spec §4), so they come back with
 * them when shown again.
 *
 * @param prepared Prepared form.
 * @param entered  Entered values.
 * @param before   Evaluation before the change.
 * @param after    Evaluation after it.
 */
function resetNewlyHidden(
	prepared: PreparedForm,
	entered: FormValues,
	before: Evaluation | null,
	after: Evaluation
): FormValues {
	const out: FormValues = { ...entered };
	for ( const [ id, shown ] of Object.entries( after.visible ) ) {
		const hiddenId = Number( id );
		if (
			! shown &&
			before?.visible[ hiddenId ] &&
			hiddenId in prepared.defaults
		) {
			out[ hiddenId ] = prepared.defaults[ hiddenId ];
		}
	}
	return out;
}

/**
 * How long typing in a field waits before its dependents update (spec §9).
 *
 * @param prepared Prepared form, or null.
 * @param fieldId  Field being typed in.
 */
function typingDelay( prepared: PreparedForm | null, fieldId: number ): number {
	const readByFormula = (
		prepared?.graph.dependents.get( fieldId ) ?? []
	).some( ( id ) => {
		const dependent = prepared?.byId.get( id );
		return !! dependent && isCalculated( dependent );
	} );
	return readByFormula ? FORMULA_KEYUP_DELAY_MS : LOGIC_KEYUP_DELAY_MS;
}

/**
 * Whether a field's value is computed (formulas, calculated products, the total).
 *
 * @param field Field.
 */
function isComputed( field: FieldDefinition ): boolean {
	return isCalculated( field ) || field.type === 'total';
}

/**
 * The uploaded-files object the submission and the hidden field carry: records keyed
 * `input_{fieldId}`, for the visible upload fields (spec §3).
 *
 * @param fields  Visible fields with inputs.
 * @param records Completed uploads by field id.
 */
function uploadedFiles(
	fields: FieldDefinition[],
	records: Record< number, UploadRecord[] >
): Record< string, UploadRecord[] > {
	const out: Record< string, UploadRecord[] > = {};
	for ( const field of fields ) {
		if ( field.type === 'fileupload' && records[ field.id ]?.length ) {
			out[ `input_${ field.id }` ] = records[ field.id ];
		}
	}
	return out;
}

/**
 * Plain text of a confirmation's HTML, for the screen-reader announcement.
 *
 * @param html Sanitised HTML.
 */
/**
 * The entered values with saved submission values put back (a payment draft): the fields with
 * inputs a visitor types, and products' own quantities; never passwords, cards, captchas,
 * uploads or unit fields (their values are not saved).
 *
 * @param form    Form definition.
 * @param entered The values entered now.
 * @param saved   Saved submission values, keyed as a submission sends them.
 */
function restoreValues(
	form: FormDefinition,
	entered: FormValues,
	saved: Record< string, unknown >
): FormValues {
	const skipped = [ 'password', 'creditcard', 'captcha', 'fileupload' ];
	// Each field as its unit reads it back (a name's inputs "5.3", "5.6" too).
	return withSubmission(
		form,
		entered,
		saved,
		( field ) =>
			hasInput( field ) &&
			! isUnitField( field ) &&
			! skipped.includes( field.type )
	);
}

function textOf( html: string ): string {
	const doc = new window.DOMParser().parseFromString( html, 'text/html' );
	return ( doc.body.textContent ?? '' ).trim();
}
