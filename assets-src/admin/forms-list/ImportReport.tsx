/**
 * The import report of a Gravity Forms export, before anything is stored: per form, what is
 * imported as is, what is approximated (and how) and what is left out, each naming the field.
 */
import { Button, Modal } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import type {
	FormImportReport,
	ImportAnswer,
	ImportReportItem,
} from './gravity-forms-import';

/**
 * The words of a report line: "Field 3 “Phone” (phone)", "Field 3 “Phone” — phoneFormat: the
 * "uk" phone format…" or "Form setting save: …".
 *
 * @param item Report line.
 */
export function describeItem( item: ImportReportItem ): string {
	let subject: string;
	if ( item.field === null ) {
		subject = sprintf(
			/* translators: %s: name of a form setting. */
			__( 'Form setting %s', 'kestrel-forms' ),
			item.setting ?? ''
		);
	} else {
		subject = sprintf(
			/* translators: 1: field id, 2: field label. */
			__( 'Field %1$d “%2$s”', 'kestrel-forms' ),
			item.field,
			item.label ?? ''
		);
		if ( item.type ) {
			subject += ` (${ item.type })`;
		}
		if ( item.setting ) {
			subject += ` — ${ item.setting }`;
		}
	}
	return item.note ? `${ subject }: ${ item.note }` : subject;
}

function Section( {
	title,
	items,
	className,
}: {
	title: string;
	items: ImportReportItem[];
	className: string;
} ) {
	if ( items.length === 0 ) {
		return null;
	}
	return (
		<div className={ className }>
			<h4>
				{ title } ({ items.length })
			</h4>
			<ul>
				{ items.map( ( item, index ) => (
					<li key={ index }>{ describeItem( item ) }</li>
				) ) }
			</ul>
		</div>
	);
}

function FormReport( {
	report,
	errors,
}: {
	report: FormImportReport;
	errors: Array< { path: string; message: string } >;
} ) {
	return (
		<section className="kestrel-forms-import-report__form">
			<h3>
				{ report.source_id === null
					? report.title
					: sprintf(
							/* translators: 1: form title, 2: the form's id in Gravity Forms. */
							__(
								'%1$s (Gravity Forms form %2$d)',
								'kestrel-forms'
							),
							report.title,
							report.source_id
						) }
			</h3>
			{ errors.length > 0 && (
				<div
					className="kestrel-forms-import-report__errors"
					role="alert"
				>
					<p>
						{ __(
							'This form cannot be imported:',
							'kestrel-forms'
						) }
					</p>
					<ul>
						{ errors.map( ( error, index ) => (
							<li key={ index }>
								{ error.path }: { error.message }
							</li>
						) ) }
					</ul>
				</div>
			) }
			<Section
				title={ __( 'Imported as is', 'kestrel-forms' ) }
				items={ report.imported }
				className="kestrel-forms-import-report__imported"
			/>
			<Section
				title={ __( 'Approximated', 'kestrel-forms' ) }
				items={ report.approximated }
				className="kestrel-forms-import-report__approximated"
			/>
			<Section
				title={ __( 'Left out', 'kestrel-forms' ) }
				items={ report.left_out }
				className="kestrel-forms-import-report__left-out"
			/>
		</section>
	);
}

/**
 * The report in a dialog, with Import (when every form can be imported) and Cancel.
 *
 * @param props           Props.
 * @param props.answer    The dry run's answer.
 * @param props.busy      Import under way.
 * @param props.onConfirm Import.
 * @param props.onCancel  Close without importing.
 */
export function ImportReport( {
	answer,
	busy,
	onConfirm,
	onCancel,
}: {
	answer: ImportAnswer;
	busy: boolean;
	onConfirm: () => void;
	onCancel: () => void;
} ) {
	const blocked = answer.forms.some(
		( form ) => ( form.errors ?? [] ).length > 0
	);
	const count = answer.report.length;
	return (
		<Modal
			title={ __( 'Import from Gravity Forms', 'kestrel-forms' ) }
			onRequestClose={ onCancel }
			className="kestrel-forms-import-report"
			size="large"
		>
			<p>
				{ __(
					'Nothing is saved yet. Check what each form becomes, then import.',
					'kestrel-forms'
				) }
			</p>
			{ answer.report.map( ( report, index ) => (
				<FormReport
					key={ index }
					report={ report }
					errors={ answer.forms[ index ]?.errors ?? [] }
				/>
			) ) }
			<div className="kestrel-forms-import-report__actions">
				<Button
					variant="primary"
					onClick={ onConfirm }
					disabled={ blocked || busy }
					isBusy={ busy }
				>
					{ sprintf(
						/* translators: %d: number of forms. */
						_n(
							'Import %d form',
							'Import %d forms',
							count,
							'kestrel-forms'
						),
						count
					) }
				</Button>{ ' ' }
				<Button variant="tertiary" onClick={ onCancel }>
					{ __( 'Cancel', 'kestrel-forms' ) }
				</Button>
			</div>
		</Modal>
	);
}
