/**
 * Gravity Forms exports in the forms list's Import: recognise the file, ask the server for the
 * import report (dry run), then import (docs/import.md, REST `POST /forms/import`).
 */
import apiFetch from '@wordpress/api-fetch';

/** One line of the import report: a field (id, label, GF type) or a setting, and a note. */
export interface ImportReportItem {
	field: number | null;
	label: string | null;
	type?: string;
	setting?: string;
	note?: string;
}

/** The import report of one form of the file. */
export interface FormImportReport {
	source_id: number | null;
	title: string;
	imported: ImportReportItem[];
	approximated: ImportReportItem[];
	left_out: ImportReportItem[];
}

/** A validation error a form would still have (it then cannot be imported). */
export interface ImportError {
	path: string;
	message: string;
}

/** The server's answer. */
export interface ImportAnswer {
	dry_run?: boolean;
	forms: Array< {
		id: number | null;
		title: string;
		source_id: number | null;
		errors?: ImportError[];
	} >;
	report: FormImportReport[];
}

const isForm = ( value: unknown ): boolean =>
	typeof value === 'object' &&
	value !== null &&
	Array.isArray( ( value as { fields?: unknown } ).fields );

/**
 * Whether parsed JSON is a Gravity Forms export: `{"0": {form}, "version": "2.x"}` or the older
 * bare array of forms. Our own export (one form object) is not.
 *
 * @param data Parsed JSON.
 */
export function isGravityFormsExport( data: unknown ): boolean {
	if ( Array.isArray( data ) ) {
		return data.length > 0 && data.every( isForm );
	}
	if (
		typeof data !== 'object' ||
		data === null ||
		! ( 'version' in data )
	) {
		return false;
	}
	const forms = Object.entries( data ).filter( ( [ key ] ) =>
		/^\d+$/.test( key )
	);
	return forms.length > 0 && forms.every( ( [ , form ] ) => isForm( form ) );
}

/**
 * Sends the export to the import route.
 *
 * @param data   Parsed export file.
 * @param dryRun Only answer the report.
 */
export function importGravityForms(
	data: unknown,
	dryRun: boolean
): Promise< ImportAnswer > {
	return apiFetch< ImportAnswer >( {
		path: `/kestrel-forms/v1/forms/import${ dryRun ? '?dry_run=1' : '' }`,
		method: 'POST',
		data: data as Record< string, unknown >,
	} );
}
