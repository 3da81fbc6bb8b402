import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { ids } from '../../ids';
import { takeHandedFiles } from '../basic/basic-in-use';
import {
	createUploader,
	type QueuedFile,
	type Uploader,
	type UploadRecord,
} from '../../uploads/uploader';
import type { FieldProps, UploadBindings } from '../types';
import {
	Description,
	FieldShell,
	LabelText,
} from '../../components/field-parts';
import {
	acceptOf,
	fileProblem,
	maxFilesMessage,
	rulesText,
	uploadRules,
} from '../../uploads/checks';

interface Item {
	id: string;
	name: string;
	size: number;
	progress: number;
	file?: QueuedFile;
	record?: UploadRecord;
}

/**
 * A file-upload field: browse button, drop zone and file list. Files upload at once in chunks
 * with a progress bar; each can be cancelled while it uploads and deleted after. The browse
 * button is disabled at the field's maximum and enabled again on removal. Problems are listed
 * under the field and announced; they are about the visitor's last choice of files, so a new
 * choice that adds a file replaces them (a problem that is gone does not stay on screen). The
 * file input's `accept` lists the allowed extensions, so the picker offers those first.
 *
 * @param props         Field props.
 * @param props.uploads The form's upload bindings.
 */
export function FileUploadField(
	props: FieldProps & {
		uploads: UploadBindings;
		label: JSX.Element;
		description: JSX.Element | null;
	}
) {
	const { formId, field, onChange, concealed, uploads } = props;
	const multiple = !! field.multipleFiles;
	const max = multiple ? ( field.maxFiles ?? 0 ) : 1;
	const rules = uploadRules( field );
	const rulesLine = rulesText( rules );

	const [ items, setItems ] = useState< Item[] >( [] );
	const [ messages, setMessages ] = useState< string[] >( [] );
	const itemsRef = useRef< Item[] >( [] );
	itemsRef.current = items;
	const browseRef = useRef< HTMLButtonElement >( null );
	const fileInputRef = useRef< HTMLInputElement >( null );
	const dropRef = useRef< HTMLDivElement >( null );
	const uploader = useRef< Uploader | null >( null );
	const listId = `${ ids.input( formId, field.id ) }_files`;
	const messagesId = `${ ids.input( formId, field.id ) }_messages`;
	const full = max > 0 && items.length >= max;

	// The form puts a field hidden by its rules back to its default; the files stay listed here,
	// so the value follows them again.
	const tokens = items
		.filter( ( i ) => i.record )
		.map( ( i ) => i.record?.temp_filename ?? '' );
	const inStep =
		Array.isArray( props.value ) &&
		props.value.length === tokens.length &&
		props.value.every( ( t, n ) => t === tokens[ n ] );
	useEffect( () => {
		if ( ! inStep && ( tokens.length || Array.isArray( props.value ) ) ) {
			onChange( field.id, tokens, false );
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps -- runs when they drift apart.
	}, [ inStep ] );

	// Keep the form told: completed records (the value) and whether anything is in flight.
	useEffect( () => {
		const records = items
			.filter(
				( i ): i is Item & { record: UploadRecord } => !! i.record
			)
			.map( ( i ) => i.record );
		uploads.setRecords( field.id, records );
		uploads.setBusy(
			field.id,
			items.some( ( i ) => ! i.record )
		);
		onChange(
			field.id,
			records.map( ( r ) => r.temp_filename ),
			false
		);
		// eslint-disable-next-line react-hooks/exhaustive-deps -- the items are the only input.
	}, [ items ] );

	useEffect( () => {
		const messageFor = {
			unknownError: ( name: string ) =>
				sprintf(
					/* translators: %s: file name. */
					__( 'unknown error: %s', 'kestrel-forms' ),
					name
				),
			serverError: ( name: string, message: string ) =>
				`${ name } - ${ message }`,
			otherError: ( code: string, message: string, name: string ) =>
				sprintf(
					/* translators: 1: error code, 2: error message, 3: file name. */
					__(
						'Error: %1$s, Message: %2$s, File: %3$s',
						'kestrel-forms'
					),
					code,
					message,
					name
				),
		};
		const instance = createUploader(
			{
				target: uploads.uploadUrl,
				formId,
				fieldId: field.id,
				uploadId: uploads.uploadId,
			},
			{
				added: ( files ) => {
					const accepted: QueuedFile[] = [];
					const problems: string[] = [];
					let count = itemsRef.current.length;
					let maxReached = false;
					for ( const file of files ) {
						const problem = fileProblem( file.file, rules );
						if ( problem ) {
							problems.push( problem );
							continue;
						}
						if ( max > 0 && count >= max ) {
							maxReached = true;
							continue;
						}
						count++;
						accepted.push( file );
					}
					if (
						maxReached ||
						( max > 0 && count >= max && multiple )
					) {
						problems.push( maxFilesMessage() );
					}
					// The messages are about the last choice: once a file of a new choice is
					// taken, the problems of earlier ones are gone (a too big file's message
					// included, spec §5); a choice with nothing taken adds its problems.
					setMessages( ( current ) =>
						accepted.length ? problems : [ ...problems, ...current ]
					);
					setItems( ( current ) => [
						...current,
						...accepted.map( ( file ) => ( {
							id: file.uniqueIdentifier,
							name: file.fileName,
							size: file.size,
							progress: 0,
							file,
						} ) ),
					] );
					return accepted;
				},
				progress: ( file ) =>
					setItems( ( current ) =>
						current.map( ( i ) =>
							i.id === file.uniqueIdentifier
								? { ...i, progress: file.progress( false ) }
								: i
						)
					),
				complete: ( file, record ) =>
					setItems( ( current ) =>
						current.map( ( i ) =>
							i.id === file.uniqueIdentifier
								? { ...i, progress: 1, record, file: undefined }
								: i
						)
					),
				failed: ( file, message ) => {
					setItems( ( current ) =>
						current.filter(
							( i ) => i.id !== file.uniqueIdentifier
						)
					);
					setMessages( ( current ) => [ message, ...current ] );
				},
			},
			messageFor
		);
		uploader.current = instance;
		if ( fileInputRef.current && dropRef.current ) {
			instance.attach( fileInputRef.current, dropRef.current, multiple );
		}
		// Files chosen in the basic input before the scripts took over (basic/basic-in-use.ts)
		// go through the same checks as a choice made here.
		const early = takeHandedFiles( ids.input( formId, field.id ) );
		if ( early.length ) {
			instance.addFiles( early );
		}
		return () => instance.destroy();
		// eslint-disable-next-line react-hooks/exhaustive-deps -- one uploader per mounted field.
	}, [] );

	const remove = ( item: Item ) => {
		if ( item.file ) {
			uploader.current?.cancel( item.file );
		}
		if ( item.record ) {
			uploader.current?.discard( item.record.temp_filename );
		}
		setItems( ( current ) => current.filter( ( i ) => i.id !== item.id ) );
		setMessages( ( current ) =>
			current.filter( ( m ) => m !== maxFilesMessage() )
		);
		props.announce?.(
			item.record
				? sprintf(
						/* translators: %s: file name. */
						__( '%s deleted.', 'kestrel-forms' ),
						item.name
					)
				: sprintf(
						/* translators: %s: file name. */
						__( 'Upload of %s cancelled.', 'kestrel-forms' ),
						item.name
					)
		);
		browseRef.current?.focus();
	};

	// Messages are read out after 1 s, as the reference does (spec §8).
	useEffect( () => {
		if ( ! messages.length ) {
			return;
		}
		const timer = window.setTimeout(
			() => props.announce?.( messages.join( ' ' ) ),
			1000
		);
		return () => window.clearTimeout( timer );
		// eslint-disable-next-line react-hooks/exhaustive-deps -- announce is stable.
	}, [ messages ] );

	return (
		<fieldset
			className="kestrel-form__upload"
			data-max_files={ max || undefined }
			disabled={ concealed }
			aria-describedby={ messages.length ? messagesId : undefined }
		>
			<legend className="kestrel-form__label">{ props.label }</legend>
			{ props.description }
			<div
				ref={ dropRef }
				className="kestrel-form__dropzone"
				data-max-reached={ full || undefined }
			>
				<span className="kestrel-form__drop-instructions">
					{ multiple
						? __( 'Drop files here or', 'kestrel-forms' )
						: __( 'Drop a file here or', 'kestrel-forms' ) }
				</span>{ ' ' }
				<button
					type="button"
					ref={ browseRef }
					onClick={ () => fileInputRef.current?.click() }
					id={ ids.input( formId, field.id ) }
					className="kestrel-form__browse wp-element-button"
					disabled={ full || concealed }
				>
					{ multiple
						? __( 'Select files', 'kestrel-forms' )
						: __( 'Select a file', 'kestrel-forms' ) }
				</button>
				<input
					ref={ fileInputRef }
					type="file"
					className="kestrel-form__file-input"
					accept={ acceptOf( rules ) }
					tabIndex={ -1 }
					aria-hidden="true"
					hidden
				/>
				{ rulesLine && (
					<p className="kestrel-form__upload-rules">{ rulesLine }</p>
				) }
			</div>
			{ messages.length > 0 && (
				<ul className="kestrel-form__upload-messages" id={ messagesId }>
					{ messages.map( ( message, i ) => (
						<li key={ i } className="kestrel-form__error">
							{ message }
						</li>
					) ) }
				</ul>
			) }
			<ul className="kestrel-form__files" id={ listId }>
				{ items.map( ( item ) => (
					<li
						key={ item.id }
						className="kestrel-form__file"
						data-status={ item.record ? 'complete' : 'uploading' }
					>
						<span className="kestrel-form__file-name">
							{ item.name }
						</span>{ ' ' }
						<span className="kestrel-form__file-size">
							{ formatSize( item.size ) }
						</span>
						{ item.record ? (
							<button
								type="button"
								className="kestrel-form__file-delete kestrel-form__small-button"
								onClick={ () => remove( item ) }
								aria-label={ sprintf(
									/* translators: %s: file name. */
									__( 'Delete file %s', 'kestrel-forms' ),
									item.name
								) }
							>
								{ __( 'Delete', 'kestrel-forms' ) }
							</button>
						) : (
							<>
								<progress
									max={ 100 }
									value={ Math.round( item.progress * 100 ) }
									aria-label={ sprintf(
										/* translators: %s: file name. */
										__( 'Uploading %s', 'kestrel-forms' ),
										item.name
									) }
								/>
								<button
									type="button"
									className="kestrel-form__file-cancel kestrel-form__small-button"
									onClick={ () => remove( item ) }
									aria-label={ sprintf(
										/* translators: %s: file name. */
										__(
											'Cancel upload of %s',
											'kestrel-forms'
										),
										item.name
									) }
								>
									{ __( 'Cancel', 'kestrel-forms' ) }
								</button>
							</>
						) }
					</li>
				) ) }
			</ul>
		</fieldset>
	);
}

/**
 * A file size for people: "512 KB", "3.4 MB".
 *
 * @param bytes Size in bytes.
 */
export function formatSize( bytes: number ): string {
	if ( bytes < 1024 * 1024 ) {
		return sprintf(
			/* translators: %s: size in kilobytes. */
			__( '%s KB', 'kestrel-forms' ),
			String( Math.max( 1, Math.round( bytes / 1024 ) ) )
		);
	}
	return sprintf(
		/* translators: %s: size in megabytes. */
		__( '%s MB', 'kestrel-forms' ),
		( bytes / ( 1024 * 1024 ) ).toFixed( 1 )
	);
}

/**
 * The upload field in its shell (the registry's control for `fileupload`); without upload
 * bindings (a preview) only its label shows.
 *
 * @param props Field props.
 */
export function FileUploadControl( props: FieldProps ) {
	const { formId, field } = props;
	return (
		<FieldShell { ...props }>
			{ props.uploads ? (
				<FileUploadField
					{ ...props }
					uploads={ props.uploads }
					label={ <LabelText field={ field } /> }
					description={
						<Description formId={ formId } field={ field } />
					}
				/>
			) : (
				<p className="kestrel-form__label">
					<LabelText field={ field } />
				</p>
			) }
		</FieldShell>
	);
}
