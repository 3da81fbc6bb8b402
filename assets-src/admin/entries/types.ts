/**
 * What the PHP screen (Admin/EntriesScreen.php) hands the app in its data-config attribute.
 */
export interface EntriesScreenConfig {
	formId: number;
	entryId: number;
	forms: Array< { id: number; title: string } >;
	/** Value fields of the form on screen (list columns and the field filter). */
	fields: Array< { id: number; label: string; type: string } >;
	/** Whether the form takes payments (a payment field, or entries with a payment). */
	payments?: boolean;
	/** admin.php?page=kestrel-forms-entries */
	screenUrl: string;
	/** REST URL of the CSV export (without parameters). */
	exportUrl: string;
	/** wp_rest nonce for the export link (a plain GET the browser downloads). */
	nonce: string;
}
