/**
 * The merge tags the editor offers, by what the text is for. The tags and what they are replaced
 * with are described in docs/merge-tags.md (server: Kestrel\Forms\Entries\MergeTags).
 *
 * - `text` and `html`: every field (and each of its inputs or columns), the form, entry, user and
 *   site tags, the order tags when the form has products, and the payment tags when it takes
 *   payments.
 * - `url` (a redirect's query string): the same without the tables (`{all_fields}`,
 *   `{pricing_fields}`); the server URL-encodes each replaced value.
 * - `email` (a recipient, reply-to, cc): the email fields, the site's admin address and the
 *   logged-in user's address.
 * - `default` (a field's default value, filled before any entry exists): only the tags the server
 *   fills there (date, page, form, user, site).
 * - `formula`: numeric values only, as the formula engine reads them
 *   (assets-src/forms-engine/evaluate: numbers, calculated and chosen product prices, quantities,
 *   chosen option and shipping prices, list and repeater columns summed over their rows). The
 *   total is left out: it is worked out after the formulas, so a formula would read a stale total.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { FieldDefinition, FormDefinition } from '../../../shared';
import { inputNumber, shownInputs } from '../../form-editor/field-types/inputs';
import { fieldOptionLabel, valueFields } from '../../store/forms/definition';

/** What the text a tag goes into is. */
export type MergeTagTarget =
	'text' | 'html' | 'email' | 'url' | 'default' | 'formula';

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

/** Tags of the form, the entry, the user and the site (docs/merge-tags.md). */
function formTags(): MergeTagOption[] {
	return [
		{
			tag: '{all_fields}',
			label: __( 'All fields (a table of the values)', 'kestrel-forms' ),
		},
		{ tag: '{form_title}', label: __( 'Form title', 'kestrel-forms' ) },
		{ tag: '{form_id}', label: __( 'Form ID', 'kestrel-forms' ) },
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
		{
			tag: '{user:display_name}',
			label: __( "Logged-in user's name", 'kestrel-forms' ),
		},
		{
			tag: '{user:user_email}',
			label: __( "Logged-in user's email", 'kestrel-forms' ),
		},
		{
			tag: '{user:user_login}',
			label: __( "Logged-in user's username", 'kestrel-forms' ),
		},
		{ tag: '{site_title}', label: __( 'Site title', 'kestrel-forms' ) },
		{ tag: '{site_url}', label: __( 'Site address', 'kestrel-forms' ) },
		{
			tag: '{admin_email}',
			label: __( "The site's admin email", 'kestrel-forms' ),
		},
	].map( ( t ) => ( { ...t, group: 'form' as const } ) );
}

/** Tags of the order, for forms with products. */
function orderTags(): MergeTagOption[] {
	return [
		{
			tag: '{pricing_fields}',
			label: __( 'Order summary (a table)', 'kestrel-forms' ),
		},
		{ tag: '{total}', label: __( 'Order total', 'kestrel-forms' ) },
	].map( ( t ) => ( { ...t, group: 'payment' as const } ) );
}

/** The tags the server fills in a default value (no entry yet). */
const DEFAULT_VALUE_TAGS = [
	'{date}',
	'{embed_url}',
	'{form_title}',
	'{form_id}',
	'{user:display_name}',
	'{user:user_email}',
	'{user:user_login}',
	'{site_title}',
	'{site_url}',
];

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
		return numeric ? parts : [ whole, ...parts ];
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
			: [ whole, ...subs.map( ( s ) => s.option ) ];
	}
	if ( numeric ) {
		return [ whole ];
	}
	if ( field.type === 'product' ) {
		return [
			whole,
			part( 1, __( 'name', 'kestrel-forms' ) ),
			part( 2, __( 'price', 'kestrel-forms' ) ),
			...( field.disableQuantity
				? []
				: [ part( 3, __( 'quantity', 'kestrel-forms' ) ) ] ),
		];
	}
	if ( field.type === 'name' || field.type === 'address' ) {
		// Only the inputs the visitor sees, under their labels ({Name:3.3}); a simple name has
		// none but the whole.
		return [
			whole,
			...shownInputs( field ).map( ( input ) =>
				part( inputNumber( input ), input.label )
			),
		];
	}
	if ( field.type === 'date' || field.type === 'time' ) {
		// Their inputs (month, day, year; hours, minutes) are how the visitor types the value;
		// the entry keeps one value (docs/field-types.md), so an input's tag would print nothing.
		return [ whole ];
	}
	const inputs = ( field.inputs ?? [] ).map( ( input ) =>
		part( inputNumber( input ), input.label ?? input.id )
	);
	return [ whole, ...inputs ];
}

/**
 * Whether a formula reads a number from a field (list and repeater columns aside): numbers and
 * quantities, calculated or typed prices, and chosen choices whose values carry a price
 * (`text|price`). A single product's fixed price is not its value, so it is not offered.
 *
 * @param field Field.
 */
function isNumeric( field: FieldDefinition ): boolean {
	switch ( field.type ) {
		case 'number':
		case 'quantity':
		case 'option':
			return true;
		case 'product':
			return [ 'calculation', 'price', 'select', 'radio' ].includes(
				field.inputType ?? ''
			);
		case 'shipping':
			return [ 'select', 'radio' ].includes( field.inputType ?? '' );
		default:
			return false;
	}
}

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
					isNumeric( f ) || f.type === 'list' || f.type === 'repeater'
			)
			.flatMap( ( f ) => tagsOfField( f, true ) );
	}
	if ( target === 'email' ) {
		return [
			...fields
				.filter( ( f ) => f.type === 'email' )
				.map( ( f ) => tagsOfField( f, false )[ 0 ] ),
			...formTags().filter( ( t ) =>
				[ '{admin_email}', '{user:user_email}' ].includes( t.tag )
			),
		];
	}
	if ( target === 'default' ) {
		return formTags().filter( ( t ) =>
			DEFAULT_VALUE_TAGS.includes( t.tag )
		);
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
		...formTags(),
		...( form.fields.some( ( f ) => f.type === 'product' )
			? orderTags()
			: [] ),
		...( takesPayment ? paymentTags() : [] ),
	].filter(
		// A table of values in a URL makes no sense.
		( t ) =>
			target !== 'url' ||
			! [ '{all_fields}', '{pricing_fields}' ].includes( t.tag )
	);
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
			return __( 'Order and payment', 'kestrel-forms' );
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
