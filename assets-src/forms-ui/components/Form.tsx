import {
	useCallback,
	useEffect,
	useMemo,
	useRef,
	useState,
	useSyncExternalStore,
} from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { Hooks } from '@wordpress/hooks';
import type { FormEvent, ReactNode } from 'react';
import type {
	Confirmation,
	FieldDefinition,
	FormDefinition,
	SubmissionValues,
} from '../../shared';
import { activeFeeds, hasInput } from '../../forms-engine';
import { scriptControl } from '../fields/script-controls';
import { ids } from '../ids';
import {
	getFromForm,
	newSubmissionKey,
	postSubmission,
	postToForm,
	type SubmissionFailure,
} from '../submit/submit';
import { keepRenderToken } from '../submit/render-token';
import { SessionField } from './Field';
import type {
	CaptchaConfig,
	CaptchaGate,
	UploadBindings,
} from '../fields/types';
import { ErrorSummary } from './ErrorSummary';
import type { UploadRecord } from '../uploads/uploader';
import { newUploadId } from '../uploads/upload-id';
import { AnimationContext } from './reveal';
import { DescriptionPlacement } from './field-parts';
import { useFieldUnits, type UnitFailure } from '../fields/use-field-units';
import {
	isUnitField,
	type FieldUnits,
	type UnitFormPort,
} from '../fields/units';
import {
	createFormSession,
	type FormSession,
	type Scheduler,
} from '../session';
import { uploadsOf, type ServerState } from '../server-state';

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
	/** Where the form starts: the server's state after a plain post (`data.state`). */
	initial?: ServerState;
	/** Values the visitor typed before the script ran: put back once mounted. */
	typed?: SubmissionValues;
}

/**
 * The window's timers, looked up at each call (tests install fake timers after rendering).
 */
const windowScheduler: Scheduler = {
	setTimeout: ( callback, delay ) => window.setTimeout( callback, delay ),
	clearTimeout: ( handle ) =>
		window.clearTimeout( handle as number | undefined ),
};

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
	// The form's state lives in its session (values, evaluation, page, errors, submission):
	// this component renders it and does what needs the DOM (focus, announcements, units,
	// captcha, uploads). Each field subscribes to its own slice (SessionField).
	const [ session ] = useState( () =>
		createFormSession( form, {
			scheduler: windowScheduler,
			initial: props.initial,
		} )
	);
	// The editor's preview sends edited definitions of the same form: values stay.
	useEffect( () => session.setForm( form ), [ session, form ] );
	useEffect( () => () => session.destroy(), [ session ] );
	// The same snapshot on the server and while hydrating: the first render is the page's markup.
	const view = useSyncExternalStore(
		session.subscribe,
		session.getView,
		session.getView
	);
	const { errors, summary, status, confirmation, page, pages } = view;
	const { shownPages, previousPage, nextBreak, nextShown, submitShown } =
		view;
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
	// Fields whose type a unit provides: their hooks on Next and submit, failures at the field.
	// Unit components reach the form through one port (a wallet button checks and submits):
	// a stable object whose methods call this render's closures.
	const live = useRef< Pick< UnitFormPort, 'check' | 'submit' > | null >(
		null
	);
	const listeners = useRef( new Set< () => void >() );
	const { submitPath, submitUrl, anonymous } = props;
	// A sub-resource next to the submissions endpoint (/forms/5/payment-request).
	const sibling = ( address: string, resource: string ) =>
		address.replace( /\/submissions\/?(?=$|\?)/, `/${ resource }` );
	const port = useRef< UnitFormPort >( {
		current: () => ( {
			values: session.values(),
			evaluation: session.getSnapshot().evaluation,
		} ),
		submissionValues: () => session.submissionValues(),
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
			new Promise( ( resolve ) => {
				restored.current = resolve;
				session.restore( saved );
			} ),
		submissionKey: ( key ) => {
			if ( key ) {
				submissionKey.current = key;
			}
			return ( submissionKey.current ??= newSubmissionKey() );
		},
		confirm: ( shown ) => showConfirmation.current( shown ),
		fail: ( failure ) => session.showFailure( failure ),
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

	useEffect( () => {
		if ( props.typed ) {
			void port.restore( props.typed );
			// Secrets are never put back from wire values; a password typed into this page
			// before the scripts ran is the visitor's own, and its control reads it.
			for ( const field of form.fields ) {
				const typed = scriptControl( field.type )?.fromBasic?.(
					field,
					props.typed
				);
				if ( typed !== undefined ) {
					session.change( field.id, typed );
				}
			}
		}
		props.onMounted?.();
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount.
	}, [] );

	// Shows the server's confirmation (a redirect leaves the page); a ref, so the form's port
	// (made once) reaches it.
	const showConfirmation = useRef( ( shown: Confirmation ) => {
		if ( shown.type === 'redirect' ) {
			session.confirm( shown );
			window.location.assign( shown.url );
			return;
		}
		session.confirm( shown, textOf( shown.message ) );
	} );

	/**
	 * A unit field's failure: the message at the field, on its page, presented by the unit
	 * (focus, live region); what the visitor typed stays.
	 *
	 * @param failure The field and its message.
	 */
	const showUnitError = ( failure: UnitFailure ) => {
		session.showFieldError( failure.field.id, failure.message );
		units.binding( failure.field ).hooks?.present?.( failure.message );
	};

	// Add-on feeds switch on and off with the values (spec §4): announce each change to add-ons.
	const feedsRef = useRef< number[] >( [] );
	const afterValues = () => {
		const prepared = session.prepared();
		const { evaluation } = session.getSnapshot();
		if ( prepared && evaluation && form.feeds?.length ) {
			const now = activeFeeds( prepared, evaluation );
			const before = feedsRef.current;
			// Deactivations first: a single-feed add-on switches from one feed to the other.
			for ( const feed of form.feeds ) {
				if (
					before.includes( feed.feedId ) &&
					! now.includes( feed.feedId )
				) {
					hooks.doAction(
						'kestrel_forms.feed.deactivated',
						feed,
						form
					);
				}
			}
			for ( const feed of form.feeds ) {
				if (
					now.includes( feed.feedId ) &&
					! before.includes( feed.feedId )
				) {
					hooks.doAction(
						'kestrel_forms.feed.activated',
						feed,
						form
					);
				}
			}
			feedsRef.current = now;
		}
		// Unit components hear of the change once it is rendered.
		listeners.current.forEach( ( listener ) => listener() );
		restored.current?.();
		restored.current = null;
	};

	// Focus follows what the session asked for: the page after a page change, the error
	// summary after errors (the announcement waits, spec §8, §9).
	const pageRef = useRef< HTMLDivElement >( null );
	useEffect( () => {
		const target = view.focus?.target;
		if ( target ) {
			window.requestAnimationFrame( () =>
				( target === 'page' ? pageRef : summaryRef ).current?.focus()
			);
		}
	}, [ view.focus ] );

	useEffect( () => {
		if ( confirmation ) {
			confirmationRef.current?.focus();
		}
	}, [ confirmation ] );

	const progressType = form.pagination?.type ?? 'steps';

	/** Next: the page's unit fields run their step (a payment tokenizes) before leaving it. */
	const goNext = () =>
		void session.next( ( fields, final, values ) =>
			fields.some( isUnitField )
				? units
						.step( 'leavePage', fields, fields, final, values )
						.then( ( step ) => {
							if ( ! step.ok ) {
								showUnitError( step );
							}
							return step.ok;
						} )
				: null
		);

	const onSubmit = async ( event: FormEvent ) => {
		event.preventDefault();
		const now = session.getView();
		// Enter on a page before the last moves to the next page.
		if ( now.nextBreak ) {
			goNext();
			return;
		}
		// The flag guards the gap between a click and React disabling the button.
		// A hidden (and so disabled) submit button also blocks Enter in a field (spec §4).
		if ( preview || session.inFlight() || ! now.submitShown ) {
			return;
		}
		const { evaluation } = session.getSnapshot();
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
		// visibility and formulas itself (pending delayed updates are applied first).
		const checked = session.checkSubmit();
		if ( ! checked.ok ) {
			return;
		}
		const { evaluation: final, visible: visibleFields } = checked;

		const captchaShown = form.fields.some(
			( f ) =>
				f.type === 'captcha' &&
				( ! final || final.visible[ f.id ] !== false )
		);
		if ( captchaShown && captchaGate.current?.mustRun() ) {
			captchaGate.current.run();
			return;
		}

		session.setInFlight( true );
		session.setStatus( 'submitting' );
		// Unit fields add their values (a payment: a fresh single-use token or a kept one).
		// (Forms without one post at once, in the same task as the click.)
		const added = units.fields.length
			? await units.step(
					'beforeSubmit',
					form.fields,
					now.pages[ now.page ].fields,
					final,
					session.values()
				)
			: ( { ok: true, values: {} } as const );
		if ( ! added.ok ) {
			session.setInFlight( false );
			session.setStatus( 'idle' );
			showUnitError( added );
			return;
		}
		const active = visibleFields.filter( hasInput );
		session.announce( __( 'Sending your submission…', 'kestrel-forms' ) );
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
				...session.submissionValues( visibleFields ),
				...captchaValues,
			},
			form
		) as SubmissionValues;
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
			session.setStatus( 'idle' );
			// A failure a unit claims shows at its field.
			const unitFailure = units.failure( f );
			if ( unitFailure ) {
				showUnitError( unitFailure );
			} else {
				session.showFailure( f );
			}
		} finally {
			session.setInFlight( false );
		}
	};

	live.current = {
		// The port's synchronous check: the current page before the last, else every visible
		// field, as Next and submit check them (errors shown the same way).
		check: () => ! preview && session.check(),
		submit: () =>
			void onSubmit( { preventDefault: () => {} } as FormEvent ),
	};

	const submitting = status === 'submitting';
	const titleId = ids.title( formId );
	return (
		<AnimationContext.Provider value={ !! form.animation }>
			<DescriptionPlacement.Provider
				value={ form.descriptionPlacement ?? 'above' }
			>
				<div className="kestrel-form__wrapper">
					<div
						className="screen-reader-text"
						role="status"
						aria-live="polite"
						aria-atomic="true"
					>
						<Announcement session={ session } />
					</div>
					<AfterValues session={ session } onValues={ afterValues } />
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
								form.fields.some(
									( f ) => f.type === 'fileupload'
								)
									? 'multipart/form-data'
									: undefined
							}
							noValidate
							onSubmit={ onSubmit }
							aria-labelledby={
								props.showTitle !== false ? titleId : undefined
							}
							aria-label={
								props.showTitle === false
									? form.title
									: undefined
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
										uploadedFiles(
											form.fields,
											uploadRecords
										)
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
									name={
										form.pagination?.pageNames?.[ page ]
									}
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
									{ inRuns( pageFields.fields ).map(
										( run, r ) => (
											<FieldRun key={ r }>
												{ run.map( ( field ) => (
													<SessionField
														key={ field.id }
														session={ session }
														formId={ formId }
														field={ field }
														onChange={
															session.change
														}
														onCommit={
															session.commit
														}
														announce={
															session.announce
														}
														uploads={
															uploadBindings
														}
														captcha={
															props.captcha
														}
														captchaGate={
															setCaptchaGate
														}
														unit={
															isUnitField( field )
																? units.binding(
																		field
																	)
																: undefined
														}
														currency={
															form.currency
														}
														descriptionPlacement={
															form.descriptionPlacement
														}
													/>
												) ) }
											</FieldRun>
										)
									) }
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
											session.goTo( previousPage );
										} }
									>
										{ pages[ page ].breakField
											?.previousButton?.text ||
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
											goNext();
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
										submitting ||
										! submitShown ||
										!! nextBreak
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
			</DescriptionPlacement.Provider>
		</AnimationContext.Provider>
	);
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
function textOf( html: string ): string {
	const doc = new window.DOMParser().parseFromString( html, 'text/html' );
	return ( doc.body.textContent ?? '' ).trim();
}

/**
 * The live region's text: only this re-renders when the form announces something. It follows
 * the session through state (a normal-priority update, as announcements were before the
 * session), so what is announced never renders ahead of what it is about (a confirmation).
 *
 * @param props         Props.
 * @param props.session The form's session.
 */
function Announcement( props: { session: FormSession } ) {
	const { session } = props;
	const [ text, setText ] = useState( session.getAnnouncement );
	useEffect(
		() => session.subscribe( () => setText( session.getAnnouncement() ) ),
		[ session ]
	);
	return <>{ text }</>;
}

/**
 * Calls `onValues` once the values a change made are rendered (add-on feeds, unit components,
 * a restore waiting for the form to show its values), as an effect after the commit; renders
 * nothing.
 *
 * @param props          Props.
 * @param props.session  The form's session.
 * @param props.onValues Called after each rendered change of the values or evaluation.
 */
function AfterValues( props: { session: FormSession; onValues: () => void } ) {
	const { session } = props;
	const entered = () => session.getSnapshot().entered;
	const evaluation = () => session.getSnapshot().evaluation;
	const values = useSyncExternalStore( session.subscribe, entered, entered );
	const evaluated = useSyncExternalStore(
		session.subscribe,
		evaluation,
		evaluation
	);
	const latest = useRef( props.onValues );
	latest.current = props.onValues;
	useEffect( () => latest.current(), [ values, evaluated ] );
	return null;
}

/**
 * How many fields a run holds (about the square root of the bench's 1,000).
 */
const RUN_LENGTH = 32;

/**
 * A page's fields in runs of RUN_LENGTH.
 *
 * @param fields The page's fields.
 */
function inRuns< T >( fields: T[] ): T[][] {
	const runs: T[][] = [];
	for ( let i = 0; i < fields.length; i += RUN_LENGTH ) {
		runs.push( fields.slice( i, i + RUN_LENGTH ) );
	}
	return runs;
}

/**
 * A run of a page's fields, without markup of its own. When a field re-renders from its own
 * slice, React walks down to it and visits every child of each component on the way: a page
 * of 1,000 fields side by side cost a thousand visits per change, runs cost about sixty.
 *
 * @param props          Props.
 * @param props.children The run's fields.
 */
function FieldRun( { children }: { children: ReactNode } ) {
	return <>{ children }</>;
}
