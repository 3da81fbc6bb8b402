/**
 * The merge tags the editor offers, by what the text is for. The tags and what they are replaced
 * with are described in docs/merge-tags.md (server: Kestrel\Forms\Entries\MergeTags).
 *
 * - `text` and `html`: every field (and each of its inputs or columns), the form and entry tags
 *   and the payment tags.
 * - `url` (a redirect's query string): the same; the server URL-encodes each replaced value.
 * - `email` (a recipient, reply-to, cc): the email fields and the site's admin address.
 * - `formula`: numeric values only, as the formula engine reads them
 *   (assets-src/forms-engine/evaluate: numbers, calculations, product prices and quantities,
 *   option and shipping prices, list and repeater columns summed over their rows). The total is
 *   left out: it is worked out after the formulas, so a formula would read a stale total.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { FieldDefinition, FormDefinition } from '../../../shared';
import { fieldOptionLabel, valueFields } from '../../store/forms/definition';

/** What the text a tag goes into is. */
export type MergeTagTarget = 'text' | 'html' | 'email' | 'url' | 'formula';

/** Groups of the picker's list, in the order shown. */
export type MergeTagGroup = 'fields' | 'form' | 'payment';

export interface MergeTagOption {
	/** The text inserted, e.g. `{Your name:1}`. */
	tag: string;
	/** What the list shows. */
	label: string;
	group: MergeTagGroup;
}

/**
 * The tag of a field or input: `{Label:3}`, `{Label:3.2}` (braces and colons are dropped from
 * the label, which is only a reminder for the author).
 *
 * @param label   The field's label.
 * @param inputId Field or input id.
 */
export function fieldTag( label: string, inputId: string | number ): string {
	return `{${ label.replace( /[{}:]/g, '' ).trim() }:${ inputId }}`;
}

/** Tags of the form and the entry (docs/merge-tags.md). */
function formTags(): MergeTagOption[] {
	return [
		{
			tag: '{all_fields}',
			label: __( 'All fields (a table of the values)', 'kestrel-forms' ),
		},
		{ tag: '{form_title}', label: __( 'Form title', 'kestrel-forms' ) },
		{ tag: '{entry_id}', label: __( 'Entry ID', 'kestrel-forms' ) },
		{
			tag: '{date}',
			label: __( 'Date and time of the entry', 'kestrel-forms' ),
		},
		{ tag: '{ip}', label: __( "Visitor's IP address", 'kestrel-forms' ) },
		{
			tag: '{embed_url}',
			label: __( 'Page the form was sent from', 'kestrel-forms' ),
		},
	].map( ( t ) => ( { ...t, group: 'form' as const } ) );
}

/** Tags of the entry's payment (empty when it has none). */
function paymentTags(): MergeTagOption[] {
	return [
		{
			tag: '{payment_status}',
			label: __( 'Payment status', 'kestrel-forms' ),
		},
		{
			tag: '{payment_amount}',
			label: __( 'Payment amount', 'kestrel-forms' ),
		},
		{
			tag: '{transaction_id}',
			label: __( 'Transaction ID', 'kestrel-forms' ),
		},
		{
			tag: '{payment_method}',
			label: __( 'Payment method', 'kestrel-forms' ),
		},
		{ tag: '{receipt_url}', label: __( 'Receipt URL', 'kestrel-forms' ) },
	].map( ( t ) => ( { ...t, group: 'payment' as const } ) );
}

/**
 * A field's own tag and those of its inputs or columns.
 *
 * @param field   Field.
 * @param numeric Only what a formula can read.
 */
function tagsOfField(
	field: FieldDefinition,
	numeric: boolean
): MergeTagOption[] {
	const label = field.label ?? '';
	const whole = {
		tag: fieldTag( label, field.id ),
		label: fieldOptionLabel( field ),
		group: 'fields' as const,
	};
	const part = ( n: number, name: string ): MergeTagOption => ( {
		tag: fieldTag( label, `${ field.id }.${ n }` ),
		label: sprintf(
			/* translators: 1: field name with id, 2: input or column name. */
			__( '%1$s: %2$s', 'kestrel-forms' ),
			fieldOptionLabel( field ),
			name
		),
		group: 'fields',
	} );
	if ( field.type === 'list' ) {
		// The formula engine sums a column over the rows: {Items:5.2}.
		const columns = field.columns?.length ? field.columns : [ '' ];
		const parts = columns.map( ( name, i ) =>
			part(
				i + 1,
				name ||
					sprintf(
						/* translators: %d: column number. */
						__( 'column %d', 'kestrel-forms' ),
						i + 1
					)
			)
		);
		return numeric ? parts : [ whole ];
	}
	if ( field.type === 'repeater' ) {
		const subs = ( field.fields ?? [] ).map( ( sub, i ) => ( {
			sub,
			option: part( i + 1, sub.label ),
		} ) );
		return numeric
			? subs
					.filter( ( s ) =>
						[ 'number', 'text' ].includes( s.sub.type )
					)
					.map( ( s ) => s.option )
			: [ whole ];
	}
	const inputs = ( field.inputs ?? [] ).map( ( input ) =>
		part( Number( input.id.split( '.' )[ 1 ] ), input.label ?? input.id )
	);
	return numeric ? [ whole ] : [ whole, ...inputs ];
}

/** Field types a formula reads as numbers (besides list and repeater columns). */
const NUMERIC_TYPES = [ 'number', 'product', 'quantity', 'option', 'shipping' ];

/**
 * The tags that make sense in a text of a kind.
 *
 * @param form    The form the text belongs to.
 * @param target  What the text is.
 * @param exclude A field that must not read itself (a formula's own field).
 */
export function mergeTagsFor(
	form: FormDefinition,
	target: MergeTagTarget,
	exclude?: number
): MergeTagOption[] {
	const fields = valueFields( form ).filter( ( f ) => f.id !== exclude );
	if ( target === 'formula' ) {
		return fields
			.filter(
				( f ) =>
					NUMERIC_TYPES.includes( f.type ) ||
					f.type === 'list' ||
					f.type === 'repeater'
			)
			.flatMap( ( f ) => tagsOfField( f, true ) );
	}
	if ( target === 'email' ) {
		return [
			...fields
				.filter( ( f ) => f.type === 'email' )
				.map( ( f ) => tagsOfField( f, false )[ 0 ] ),
			{
				tag: '{admin_email}',
				label: __( "The site's admin email", 'kestrel-forms' ),
				group: 'form' as const,
			},
		];
	}
	const payment = form.fields.filter(
		( f ) => f.type === 'payment' && f.id !== exclude
	);
	const takesPayment = form.fields.some( ( f ) => f.type === 'payment' );
	return [
		...fields
			.filter( ( f ) => f.type !== 'password' )
			.flatMap( ( f ) => tagsOfField( f, false ) ),
		...payment.map( ( f ) => tagsOfField( f, false )[ 0 ] ),
		...formTags().filter(
			// A table of values in a URL makes no sense.
			( t ) => ! ( target === 'url' && t.tag === '{all_fields}' )
		),
		...( takesPayment ? paymentTags() : [] ),
	];
}

/**
 * The heading of a group in the picker.
 *
 * @param group Group.
 */
export function groupLabel( group: MergeTagGroup ): string {
	switch ( group ) {
		case 'fields':
			return __( 'Fields', 'kestrel-forms' );
		case 'form':
			return __( 'Form and entry', 'kestrel-forms' );
		case 'payment':
			return __( 'Payment', 'kestrel-forms' );
	}
}

/**
 * The tags whose text or label contains every word of a search (any case).
 *
 * @param tags   Tags.
 * @param search What the author typed.
 */
export function filterTags(
	tags: MergeTagOption[],
	search: string
): MergeTagOption[] {
	const words = search.toLowerCase().split( /\s+/ ).filter( Boolean );
	return tags.filter( ( t ) => {
		const text = `${ t.label } ${ t.tag }`.toLowerCase();
		return words.every( ( w ) => text.includes( w ) );
	} );
}
