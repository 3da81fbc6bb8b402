/**
 * What every field control receives, and the types the controls share with the form
 * (ARCHITECTURE §6 "Field types as units"). The controls import these from here, never from
 * `components/Field.tsx`, so the field shell and its controls do not import each other.
 */
import type { ComponentType } from 'react';
import type {
	FieldDefinition,
	FieldValue,
	SubmissionValues,
} from '../../shared';
import type { UploadRecord } from '../uploads/uploader';
import type { CaptchaProvider } from './captcha/captcha-providers';
import type { UnitBinding } from './units';

export type { CaptchaProvider } from './captcha/captcha-providers';

/** What the form needs from each upload field. */
export interface UploadBindings {
	/** The form's unique upload id (8 hex characters). */
	uploadId: string;
	/** Absolute URL of the uploads endpoint. */
	uploadUrl: string;
	/** The field's completed uploads changed (the hidden JSON and the submission list them). */
	setRecords: ( fieldId: number, records: UploadRecord[] ) => void;
	/** Whether the field has files queued or uploading (a submit waits for them). */
	setBusy: ( fieldId: number, busy: boolean ) => void;
}

/** What the page says about the site's captcha (null: not set up). */
export interface CaptchaConfig {
	/** The site's provider (default reCAPTCHA v2, the only one before issue 14). */
	provider?: CaptchaProvider;
	siteKey: string;
	theme: 'light' | 'dark';
	size: 'normal' | 'compact' | 'invisible' | 'flexible';
	badge: 'bottomright' | 'bottomleft' | 'inline';
	scriptUrl: string;
	/** The visitor's language for the widget ('' : the provider decides). */
	hl?: string;
}

/** The form's side of an invisible captcha: the final submit asks it first. */
export interface CaptchaGate {
	/** Whether the submit must wait for a challenge (invisible, no answer yet). */
	mustRun: () => boolean;
	/** Starts the challenge; the field submits the form again once it has an answer. */
	run: () => void;
	/** The widget's current answer ('' when none). */
	answer: () => string;
	/** Forgets a spent answer (the server refused it or the submission failed). */
	reset: () => void;
}

/** A field's message with the inputs it is about (docs/field-types.md "Validation"). */
export interface FieldError {
	message: string;
	/** Input ids at fault ("1.3"); absent: the whole field. */
	inputs?: string[];
}

export interface FieldProps {
	formId: number;
	field: FieldDefinition;
	value: FieldValue | undefined;
	error?: string;
	/**
	 * The input ids the error is about ("1.3", "1.6"): a field with several inputs marks only
	 * those aria-invalid. Absent with an error: every input.
	 */
	errorInputs?: string[];
	/** Called with the field id, or a product's quantity input id ("5.3"). */
	onChange: (
		key: number | string,
		value: FieldValue,
		typing?: boolean
	) => void;
	/** The visitor left a field they typed in: apply its pending update now. */
	onCommit?: ( fieldId: number ) => void;
	/** The form's currency, for prices. */
	currency?: string;
	/** A calculated product's price. */
	calculated?: number | null;
	/** A product's own quantity, when it has a quantity input. */
	quantity?: string;
	/**
	 * Hidden by conditional logic: not shown, inputs disabled and out of the tab order
	 * (spec §4).
	 */
	concealed?: boolean;
	/** Says something to screen-reader users through the form's live region. */
	announce?: ( text: string ) => void;
	/** Upload fields: the form's upload id, endpoint and bookkeeping (absent in previews). */
	uploads?: UploadBindings;
	/** Captcha fields: the site's captcha settings (null: not set up). */
	captcha?: CaptchaConfig | null;
	/** Captcha fields: hands the form the invisible captcha's gate for the final submit. */
	captchaGate?: ( gate: CaptchaGate | null ) => void;
	/** Fields whose type a unit provides (units.ts): where the unit comes from, its slot. */
	unit?: UnitBinding;
	/** The form's `descriptionPlacement` (absent: between the label and the input). */
	descriptionPlacement?: 'above' | 'below';
}

/** A field type's control: the whole field (its shell included) for the field's props. */
export type FieldControl = ComponentType< FieldProps > & {
	/**
	 * The field's value from what was typed into its basic control (wire values), for a type
	 * whose value is never read back from wire values (a password): ScriptControl's handover
	 * (basic/basic-in-use.ts).
	 */
	fromBasic?: (
		field: FieldDefinition,
		wire: SubmissionValues
	) => FieldValue | undefined;
};
