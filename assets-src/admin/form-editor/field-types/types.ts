/**
 * A field type's unit in the editor (docs/field-types.md, ARCHITECTURE §6): where it sits in the
 * palette, what a new field starts with, its own settings and what conditional logic may read
 * from it. `registry.ts` maps every type to its unit.
 */
import type { ComponentType } from 'react';
import type { Operator } from '../../../forms-engine';
import type { FieldDefinition, FormDefinition } from '../../../shared';
import type { FieldDefaults } from './defaults';

/** The palette's groups, in the palette's order. */
export type PaletteGroup = 'standard' | 'advanced' | 'pricing';

/** What a type's settings panel gets. */
export interface TypeSettingsProps {
	field: FieldDefinition;
	form: FormDefinition;
	/** Writes a patch of the field (one undo step; edits with the same key coalesce). */
	set: ( patch: Partial< FieldDefinition >, key?: string ) => void;
	/** The server's messages for a key, joined (undefined while there are none). */
	errorOf: ( key: string ) => string | undefined;
}

/** Something a rule may read: the field ("3") or one of its inputs ("3.3"). */
export interface LogicTarget {
	id: string;
	label: string;
}

/** A value a rule may compare with, offered as a list instead of a text box. */
export interface LogicValueOption {
	value: string;
	label: string;
}

/** What conditional logic reads from a field of the type. */
export interface TypeLogic {
	/** The rule targets; the whole field when absent. */
	targets?: ( field: FieldDefinition ) => LogicTarget[];
	/** The operators that make sense; every operator when absent. */
	operators?: readonly Operator[];
	/** The values offered as a list (consent's "checked"); the choices, or a text box, when absent. */
	values?: ( field: FieldDefinition ) => LogicValueOption[];
	/** What the rule's value text box expects (a date's "YYYY-MM-DD"). */
	valueHelp?: () => string;
}

/** Which of the settings every field shares apply to the type (all but placeholder by default). */
export interface CommonSettings {
	description?: boolean;
	required?: boolean;
	defaultValue?: boolean;
	placeholder?: boolean;
}

/** One field type in the editor. */
export interface FieldTypeUnit {
	/** The palette group its "Add … field" button sits in. */
	group: PaletteGroup;
	/** What a new field starts with besides id, type and label (`defaults.ts`). */
	defaults?: FieldDefaults;
	/** The type's own controls in the General panel, after the common ones. */
	Settings?: ComponentType< TypeSettingsProps >;
	/** The type's own controls in the Advanced panel, after the default value. */
	Advanced?: ComponentType< TypeSettingsProps >;
	/** A whole settings panel of its own in place of the common one (the payment field). */
	Screen?: ComponentType< { field: FieldDefinition; form: FormDefinition } >;
	common?: CommonSettings;
	logic?: TypeLogic;
}
