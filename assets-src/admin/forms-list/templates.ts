/**
 * The starting forms of the template gallery: definitions in plugin/data/templates/*.json (the
 * files PHPUnit checks against the form validator, tests/php/unit/Templates), with their card
 * names and descriptions here so that they are translated like every other string.
 */
import { __ } from '@wordpress/i18n';
import type { FormDefinition } from '../../shared';
import contact from '../../../plugin/data/templates/contact.json';
import donation from '../../../plugin/data/templates/donation.json';
import fileRequest from '../../../plugin/data/templates/file-request.json';
import order from '../../../plugin/data/templates/order.json';
import registration from '../../../plugin/data/templates/registration.json';
import survey from '../../../plugin/data/templates/survey.json';

export interface FormTemplate {
	/** The file name in plugin/data/templates, without `.json`. */
	slug: string;
	/** Card title. */
	name: string;
	/** What the form holds, for the card. */
	description: string;
	/** The definition the new form starts from (its title is the form's default title). */
	definition: FormDefinition;
}

/**
 * JSON imports are typed loosely (`string` for enums): the files are checked by PHPUnit.
 * @param json
 */
const definition = ( json: unknown ) => json as FormDefinition;

/**
 * Every template, in the order the gallery shows them.
 */
export function formTemplates(): FormTemplate[] {
	return [
		{
			slug: 'contact',
			name: __( 'Contact form', 'kestrel-forms' ),
			description: __(
				'Name, email, subject and message.',
				'kestrel-forms'
			),
			definition: definition( contact ),
		},
		{
			slug: 'order',
			name: __( 'Order form', 'kestrel-forms' ),
			description: __(
				'A product with sizes, quantity, extras, delivery and a live total.',
				'kestrel-forms'
			),
			definition: definition( order ),
		},
		{
			slug: 'registration',
			name: __( 'Event registration', 'kestrel-forms' ),
			description: __(
				'Attendee details, attendance, sessions, dietary needs and consent.',
				'kestrel-forms'
			),
			definition: definition( registration ),
		},
		{
			slug: 'survey',
			name: __( 'Multi-page survey', 'kestrel-forms' ),
			description: __(
				'Three pages of questions with a step indicator.',
				'kestrel-forms'
			),
			definition: definition( survey ),
		},
		{
			slug: 'file-request',
			name: __( 'File request', 'kestrel-forms' ),
			description: __(
				'Contact details and an upload of up to five documents.',
				'kestrel-forms'
			),
			definition: definition( fileRequest ),
		},
		{
			slug: 'donation',
			name: __( 'Donation', 'kestrel-forms' ),
			description: __(
				'Preset amounts or the donor’s own amount, with a total. Add a Payment field to take the gift.',
				'kestrel-forms'
			),
			definition: definition( donation ),
		},
	];
}

/**
 * The definition a new form is created from: a copy of the template (or an empty form) under
 * the title the owner typed, else the template's own title.
 *
 * @param template The chosen template; null for a blank form.
 * @param title    The typed title (may be empty).
 */
export function startingDefinition(
	template: FormTemplate | null,
	title: string
): FormDefinition {
	const fallback = template
		? template.definition.title
		: __( 'Untitled form', 'kestrel-forms' );
	const base: FormDefinition = template
		? ( JSON.parse(
				JSON.stringify( template.definition )
			) as FormDefinition )
		: { title: '', fields: [] };
	return { ...base, title: title.trim() || fallback };
}
