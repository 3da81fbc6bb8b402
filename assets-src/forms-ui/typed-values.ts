/**
 * What the visitor typed into the server's markup (plain inputs) that the form's state does not
 * know yet: read at hydration for the whole form (bundles/form-view.tsx), and for one field when
 * its basic control hands over to the enhanced one (fields/basic/basic-in-use.ts).
 */
import { fieldTypeUnit } from '../forms-engine';
import {
	OTHER_CHOICE,
	type FormDefinition,
	type SubmissionValues,
} from '../shared';

/**
 * What the visitor typed into the server's form before this script ran: the submission values
 * (WireValues, as the REST submission sends them) of each field one of whose inputs no longer
 * holds what the server printed. Form puts them back once mounted (its restore path), so
 * nothing typed early is lost.
 *
 * Input names map to wire keys as the plain post reads them: `input_5` → "5", `input_5.3` →
 * "5.3", `input_5_other` → "5_other"; a field whose value is a list (checkboxes, a
 * multi-select) gathers its inputs' values under its id.
 *
 * @param element The server's form element.
 * @param fields  The fields to read (the form's, or one field's).
 * @return The values, or undefined when nothing changed.
 */
export function typedInForm(
	element: HTMLFormElement,
	fields: FormDefinition[ 'fields' ]
): SubmissionValues | undefined {
	const changed = new Set< string >();
	// Every enabled input's wire key by field id, with '' for a box left unticked.
	const posted: Record< string, Array< [ string, string ] > > = {};
	for ( const control of Array.from( element.elements ) ) {
		const key = wireKey( ( control as HTMLInputElement ).name ?? '' );
		if ( ! key ) {
			continue;
		}
		if ( isChanged( control ) ) {
			changed.add( key.id );
		}
		if ( ( control as HTMLInputElement ).disabled ) {
			continue;
		}
		const box =
			control instanceof HTMLInputElement &&
			( control.type === 'checkbox' || control.type === 'radio' );
		posted[ key.id ] ??= [];
		if ( box && ! control.checked ) {
			posted[ key.id ].push( [ key.wire, '' ] );
		}
	}
	if ( ! changed.size ) {
		return undefined;
	}
	new FormData( element ).forEach( ( value, name ) => {
		const key = wireKey( name );
		if ( key && typeof value === 'string' ) {
			( posted[ key.id ] ??= [] ).push( [ key.wire, value ] );
		}
	} );
	const values: SubmissionValues = {};
	for ( const field of fields ) {
		const id = String( field.id );
		const unit = fieldTypeUnit( field.type );
		if ( ! changed.has( id ) || ! unit || unit.displayOnly ) {
			continue;
		}
		const entries = posted[ id ] ?? [];
		if (
			! unit.inputIds( field ).length &&
			Array.isArray( unit.initialValue( field ) )
		) {
			values[ id ] = entries
				.filter( ( [ , value ] ) => value !== '' )
				.map( ( [ , value ] ) => value );
			continue;
		}
		for ( const [ wire, value ] of entries ) {
			const before = values[ wire ];
			if ( value === '' && before !== undefined ) {
				continue; // An unticked box never hides the ticked one of its group.
			}
			values[ wire ] =
				before === '' || before === undefined ? value : before;
		}
		// A radio's "other" choice holds the text typed next to it (as ChoiceGroup keeps it).
		const other = values[ `${ id }_other` ];
		delete values[ `${ id }_other` ];
		if (
			values[ id ] === OTHER_CHOICE &&
			typeof other === 'string' &&
			other
		) {
			values[ id ] = other;
		}
	}
	return values;
}

/**
 * An input name's field id and wire key (`input_5.3` → "5", "5.3"), or null for other names.
 *
 * @param name The input's name.
 */
function wireKey( name: string ): { id: string; wire: string } | null {
	const match = /^input_(\d+)(.*?)(?:\[\])?$/.exec( name );
	return match ? { id: match[ 1 ], wire: match[ 1 ] + match[ 2 ] } : null;
}

/**
 * Whether a control no longer holds what the markup gave it.
 *
 * @param control A form control.
 */
function isChanged( control: Element ): boolean {
	if ( control instanceof HTMLInputElement ) {
		if ( control.type === 'file' ) {
			return false; // A chosen file cannot be put back.
		}
		return control.type === 'checkbox' || control.type === 'radio'
			? control.checked !== control.defaultChecked
			: control.value !== control.defaultValue;
	}
	if ( control instanceof HTMLTextAreaElement ) {
		return control.value !== control.defaultValue;
	}
	if ( control instanceof HTMLSelectElement ) {
		const options = Array.from( control.options );
		if ( control.multiple ) {
			return options.some(
				( option ) => option.selected !== option.defaultSelected
			);
		}
		// A single select without a selected option shows its first one.
		const first = options.findIndex( ( option ) => option.defaultSelected );
		return control.selectedIndex !== Math.max( first, 0 );
	}
	return false;
}
