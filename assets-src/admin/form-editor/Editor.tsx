/**
 * The form editor: toolbar, field palette, the fields of the form (select, reorder by drag or
 * move buttons, duplicate, delete), settings of the selected field or of the form, and a live
 * preview: the visitor form in a frame of the site, with the theme's styles (LivePreview).
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { DragEvent } from 'react';
import { FIELD_TYPES, type FieldType } from '../../shared';
import {
	mayLeave,
	useUnsavedChangesWarning,
} from '../components/unsaved-changes';
import {
	entriesUrl,
	livePreviewUrl,
	previewUrl,
	type AdminConfig,
} from '../config';
import { store } from '../store/forms';
import { fieldTypeLabel } from '../store/forms/definition';
import { FieldSettings } from './FieldSettings';
import { FormSettings } from './FormSettings';
import { LivePreview } from './LivePreview';
import { Palette, TYPE_MIME } from './palette-search';
import { openPreview, openPreviewPopup } from './preview';
import { fieldRuleSummary } from './rule-summary';
import { ToolbarMenu } from './ToolbarMenu';

const ID_MIME = 'application/x-kestrel-field-id';

/**
 * The editor screen.
 *
 * @param props        Props.
 * @param props.config Server config.
 */
export function Editor( { config }: { config: AdminConfig } ) {
	const id = config.formId;
	const [ view, setView ] = useState< 'fields' | 'settings' >( 'fields' );
	const [ saved, setSaved ] = useState( false );
	const [ dropIndex, setDropIndex ] = useState< number | null >( null );
	const stored = useSelect(
		( select ) => select( store ).getForm( id ),
		[ id ]
	);
	const state = useSelect( ( select ) => {
		const s = select( store );
		return {
			openId: s.getEditedFormId(),
			form: s.getEditedDefinition(),
			dirty: s.isDirty(),
			canUndo: s.hasUndo(),
			canRedo: s.hasRedo(),
			saving: s.isSaving(),
			selected: s.getSelectedField(),
			errors: s.getSaveErrors(),
			formErrors: s.getFormErrors(),
			saveError: s.getSaveError(),
		};
	}, [] );
	const actions = useDispatch( store );

	useEffect( () => {
		if ( stored && state.openId !== stored.id ) {
			actions.openEditor( stored );
		}
	}, [ stored, state.openId, actions ] );

	useUnsavedChangesWarning( state.dirty );

	// The live preview gets a new definition only when the edited one changes.
	const previewForm = useMemo(
		() => ( state.form ? { ...state.form, id } : null ),
		[ state.form, id ]
	);
	const liveUrl = livePreviewUrl( config, id );

	useEffect( () => {
		const onKey = ( e: KeyboardEvent ) => {
			if ( ! ( e.ctrlKey || e.metaKey ) ) {
				return;
			}
			const key = e.key.toLowerCase();
			if ( key === 's' ) {
				e.preventDefault();
				void actions.saveForm().then( setSaved );
			} else if (
				key === 'z' &&
				! ( e.target as HTMLElement ).closest?.( 'input,textarea' )
			) {
				e.preventDefault();
				if ( e.shiftKey ) {
					actions.redo();
				} else {
					actions.undo();
				}
			}
		};
		window.addEventListener( 'keydown', onKey );
		return () => window.removeEventListener( 'keydown', onKey );
	}, [ actions ] );

	const form = state.form;
	if ( ! stored || ! form || ! previewForm || state.openId !== id ) {
		return <Spinner />;
	}

	const go = ( url: string ) => {
		if ( mayLeave( state.dirty ) ) {
			window.location.assign( url );
		}
	};
	const save = async () => setSaved( await actions.saveForm() );
	const openSettings = () => {
		actions.selectField( null );
		setView( 'settings' );
	};

	const onDrop = ( index: number ) => ( event: DragEvent ) => {
		event.preventDefault();
		setDropIndex( null );
		const type = event.dataTransfer.getData( TYPE_MIME ) as FieldType;
		const moved = event.dataTransfer.getData( ID_MIME );
		if ( type && FIELD_TYPES.includes( type ) ) {
			actions.addField( type, index );
		} else if ( moved ) {
			const from = form.fields.findIndex(
				( f ) => String( f.id ) === moved
			);
			actions.moveField(
				Number( moved ),
				from < index ? index - 1 : index
			);
		}
	};
	const allowDrop = ( index: number ) => ( event: DragEvent ) => {
		event.preventDefault();
		setDropIndex( index );
	};

	let page = 1;
	return (
		<div className="kestrel-forms-editor">
			<div className="kestrel-forms-editor__header">
				<h1>
					{ sprintf(
						/* translators: %s: form title. */
						__( 'Edit form: %s', 'kestrel-forms' ),
						form.title
					) }
				</h1>
				<ToolbarMenu
					label={ __( 'Form toolbar', 'kestrel-forms' ) }
					entries={ [
						{
							id: 'edit',
							label: __( 'Edit', 'kestrel-forms' ),
							onSelect: () => setView( 'fields' ),
							items: [
								{
									label: __( 'Fields', 'kestrel-forms' ),
									onSelect: () => setView( 'fields' ),
								},
								{
									label: __( 'All forms', 'kestrel-forms' ),
									onSelect: () => go( config.listUrl ),
								},
							],
						},
						{
							id: 'settings',
							label: __( 'Settings', 'kestrel-forms' ),
							onSelect: openSettings,
							items: [
								{
									label: __(
										'Form settings',
										'kestrel-forms'
									),
									onSelect: openSettings,
								},
							],
						},
						{
							id: 'entries',
							label: __( 'Entries', 'kestrel-forms' ),
							onSelect: () => go( entriesUrl( config, id ) ),
						},
						{
							id: 'preview',
							label: __( 'Preview', 'kestrel-forms' ),
							onSelect: () =>
								openPreview( previewUrl( config, id ), id ),
						},
						{
							id: 'preview-popup',
							label: __(
								'Preview in a small window',
								'kestrel-forms'
							),
							onSelect: () =>
								openPreviewPopup(
									previewUrl( config, id ),
									id
								),
						},
					] }
				/>
				<div className="kestrel-forms-editor__actions">
					<Button
						variant="secondary"
						aria-pressed={
							! ( view === 'fields' && state.selected )
						}
						onClick={ openSettings }
					>
						{ __( 'Form settings', 'kestrel-forms' ) }
					</Button>
					<Button
						variant="tertiary"
						disabled={ ! state.canUndo }
						onClick={ () => actions.undo() }
					>
						{ __( 'Undo', 'kestrel-forms' ) }
					</Button>
					<Button
						variant="tertiary"
						disabled={ ! state.canRedo }
						onClick={ () => actions.redo() }
					>
						{ __( 'Redo', 'kestrel-forms' ) }
					</Button>
					<span
						className="kestrel-forms-editor__status"
						role="status"
					>
						{ state.dirty
							? __( 'Unsaved changes', 'kestrel-forms' )
							: saved && __( 'Saved', 'kestrel-forms' ) }
					</span>
					<Button
						variant="primary"
						isBusy={ state.saving }
						disabled={ state.saving }
						onClick={ save }
					>
						{ __( 'Save form', 'kestrel-forms' ) }
					</Button>
				</div>
			</div>
			{ state.saveError && (
				<Notice status="error" isDismissible={ false }>
					{ state.saveError }
				</Notice>
			) }
			{ state.errors.length > 0 && (
				<Notice status="error" isDismissible={ false }>
					{ __(
						'The form was not saved. Fix the problems shown next to the fields.',
						'kestrel-forms'
					) }
					{ state.formErrors.length > 0 && (
						<ul>
							{ state.formErrors.map( ( e, i ) => (
								<li key={ i }>{ e.message }</li>
							) ) }
						</ul>
					) }
				</Notice>
			) }
			<div className="kestrel-forms-editor__body">
				<Palette
					onAdd={ ( type ) => {
						setView( 'fields' );
						actions.addField( type );
					} }
				/>
				{ /* A region, not <main>: wp-admin's #wpbody is the page's main landmark already. */ }
				<section
					className="kestrel-forms-canvas"
					aria-label={ __( 'Form fields', 'kestrel-forms' ) }
				>
					<ol className="kestrel-forms-canvas__list">
						{ form.fields.map( ( field, index ) => {
							const errors = state.errors.filter(
								( e ) => e.fieldId === field.id
							);
							const name =
								field.label || fieldTypeLabel( field.type );
							if ( field.type === 'page' ) {
								page++;
							}
							const rule = fieldRuleSummary( field, form );
							return (
								<li
									key={ field.id }
									data-field-id={ field.id }
									className={ [
										'kestrel-forms-canvas__field',
										state.selected?.id === field.id
											? 'is-selected'
											: '',
										errors.length ? 'has-error' : '',
										dropIndex === index
											? 'is-drop-target'
											: '',
									].join( ' ' ) }
									draggable
									onDragStart={ ( e ) =>
										e.dataTransfer.setData(
											ID_MIME,
											String( field.id )
										)
									}
									onDragOver={ allowDrop( index ) }
									onDragLeave={ () => setDropIndex( null ) }
									onDrop={ onDrop( index ) }
								>
									<button
										type="button"
										className="kestrel-forms-canvas__select"
										aria-pressed={
											state.selected?.id === field.id
										}
										onClick={ () => {
											setView( 'fields' );
											actions.selectField( field.id );
										} }
									>
										<strong>{ name }</strong>{ ' ' }
										<span className="kestrel-forms-canvas__meta">
											{ field.type === 'page'
												? sprintf(
														/* translators: %d: page number. */
														__(
															'Page break — page %d starts',
															'kestrel-forms'
														),
														page
													)
												: sprintf(
														/* translators: 1: field type, 2: field id. */
														__(
															'%1$s · ID %2$d',
															'kestrel-forms'
														),
														fieldTypeLabel(
															field.type
														),
														field.id
													) }
											{ field.isRequired
												? ` · ${ __( 'required', 'kestrel-forms' ) }`
												: '' }
										</span>
										{ rule && (
											<span className="kestrel-forms-canvas__rule">
												{ rule }
											</span>
										) }
									</button>
									{ errors.map( ( e, i ) => (
										<p
											key={ i }
											className="kestrel-forms-error"
										>
											{ e.message }
										</p>
									) ) }
									<div className="kestrel-forms-canvas__tools">
										<Button
											size="small"
											variant="tertiary"
											disabled={ index === 0 }
											label={ sprintf(
												/* translators: %s: field label. */
												__(
													'Move %s up',
													'kestrel-forms'
												),
												name
											) }
											onClick={ () =>
												actions.moveField(
													field.id,
													index - 1
												)
											}
										>
											↑
										</Button>
										<Button
											size="small"
											variant="tertiary"
											disabled={
												index === form.fields.length - 1
											}
											label={ sprintf(
												/* translators: %s: field label. */
												__(
													'Move %s down',
													'kestrel-forms'
												),
												name
											) }
											onClick={ () =>
												actions.moveField(
													field.id,
													index + 1
												)
											}
										>
											↓
										</Button>
										<Button
											size="small"
											variant="tertiary"
											label={ sprintf(
												/* translators: %s: field label. */
												__(
													'Duplicate %s',
													'kestrel-forms'
												),
												name
											) }
											onClick={ () =>
												actions.duplicateField(
													field.id
												)
											}
										>
											{ __(
												'Duplicate',
												'kestrel-forms'
											) }
										</Button>
										<Button
											size="small"
											variant="tertiary"
											isDestructive
											label={ sprintf(
												/* translators: %s: field label. */
												__(
													'Delete %s',
													'kestrel-forms'
												),
												name
											) }
											onClick={ () =>
												actions.removeField( field.id )
											}
										>
											{ __( 'Delete', 'kestrel-forms' ) }
										</Button>
									</div>
								</li>
							);
						} ) }
						<li
							className={ `kestrel-forms-canvas__end${ dropIndex === form.fields.length ? ' is-drop-target' : '' }` }
							onDragOver={ allowDrop( form.fields.length ) }
							onDragLeave={ () => setDropIndex( null ) }
							onDrop={ onDrop( form.fields.length ) }
						>
							{ form.fields.length === 0
								? __(
										'Add fields from the palette, by click or by dragging them here.',
										'kestrel-forms'
									)
								: __(
										'Drop here to add at the end.',
										'kestrel-forms'
									) }
						</li>
					</ol>
					<section
						className="kestrel-forms-live-preview"
						aria-label={ __( 'Live preview', 'kestrel-forms' ) }
					>
						<h2>{ __( 'Live preview', 'kestrel-forms' ) }</h2>
						{ liveUrl ? (
							<LivePreview
								url={ liveUrl }
								form={ previewForm }
								previewUrl={ previewUrl( config, id ) }
							/>
						) : (
							<p>
								{ __(
									'The live preview is not available.',
									'kestrel-forms'
								) }
							</p>
						) }
					</section>
				</section>
				<aside
					className="kestrel-forms-sidebar"
					aria-label={ __( 'Settings', 'kestrel-forms' ) }
				>
					{ view === 'fields' && state.selected ? (
						<FieldSettings
							key={ state.selected.id }
							field={ state.selected }
							form={ form }
						/>
					) : (
						<FormSettings
							form={ form }
							addonNames={ config.feedAddons }
						/>
					) }
				</aside>
			</div>
		</div>
	);
}
