/**
 * The form editor's live preview runs the visitor form in a frame: a front-end page of the site
 * (Frontend\Preview in live mode) with the theme's styles, so the owner sees the form as visitors
 * do (issue 14, "What a preview should be"). The editor and the frame talk over `postMessage`;
 * these are the messages and their guards. Each side accepts a message only from the other
 * window and from its expected origin (docs/preview.md).
 */
import visitorKeys from '../../../plugin/data/visitor-definition.json';
import type { FormDefinition } from '../../shared';

/** Prefix of every message type, so other scripts' messages are ignored. */
const PREFIX = 'kestrel-forms/live-preview/';

/** Frame → editor: the frame listens now (send the definition). */
export const FRAME_READY = `${ PREFIX }ready`;
/** Frame → editor: the height of the frame's content in CSS pixels. */
export const FRAME_HEIGHT = `${ PREFIX }height`;
/** Editor → frame: the definition being edited (unsaved changes included). */
export const EDITOR_FORM = `${ PREFIX }form`;

/** The form the preview shows: the edited definition with the form's id. */
export type PreviewForm = FormDefinition & { id: number };

/** The tallest frame the editor accepts, in CSS pixels (a form of about 300 fields). */
export const MAX_FRAME_HEIGHT = 30000;

/**
 * The keys of a definition a visitor's page gets (Frontend\FormRenderer's PUBLIC_FORM_KEYS,
 * PUBLIC_FEED_KEYS and PRIVATE_FIELD_KEYS; one list for both languages): the frame is a page of
 * the site where the theme's and other plugins' scripts run, so it gets no more of the
 * definition than a visitor's page would.
 */
const { formKeys, feedKeys, privateFieldKeys } = visitorKeys;

function pick< T extends object >(
	source: T,
	keys: readonly string[]
): Partial< T > {
	const out: Record< string, unknown > = {};
	for ( const key of keys ) {
		if ( key in source ) {
			out[ key ] = ( source as Record< string, unknown > )[ key ];
		}
	}
	return out as Partial< T >;
}

/**
 * The part of an edited definition the preview frame gets: what a visitor's page gets
 * (FormRenderer::public_definition), without admin labels, notifications, confirmations or feed
 * settings; a payment field's description is the provider's payment note, not help text.
 *
 * @param form The edited form.
 */
export function visitorPart( form: PreviewForm ): PreviewForm {
	const out = {
		id: form.id,
		...pick( form, formKeys ),
	} as PreviewForm;
	out.fields = form.fields.map( ( field ) => {
		const visible: Record< string, unknown > & typeof field = { ...field };
		for ( const key of privateFieldKeys ) {
			delete visible[ key ];
		}
		if ( visible.type === 'payment' ) {
			delete visible.description;
		}
		return visible;
	} );
	if ( form.feeds?.length ) {
		out.feeds = form.feeds.map(
			( feed ) => pick( feed, feedKeys ) as typeof feed
		);
	}
	return out;
}

export type FrameMessage =
	| { type: typeof FRAME_READY }
	| { type: typeof FRAME_HEIGHT; height: number };

export type EditorMessage = { type: typeof EDITOR_FORM; form: PreviewForm };

function isRecord( value: unknown ): value is Record< string, unknown > {
	return typeof value === 'object' && value !== null;
}

/**
 * The frame's message in `data`, or null for anything else.
 *
 * @param data A message event's data.
 */
export function readFrameMessage( data: unknown ): FrameMessage | null {
	if ( ! isRecord( data ) ) {
		return null;
	}
	if ( data.type === FRAME_READY ) {
		return { type: FRAME_READY };
	}
	if (
		data.type === FRAME_HEIGHT &&
		typeof data.height === 'number' &&
		Number.isFinite( data.height ) &&
		data.height >= 0
	) {
		return {
			type: FRAME_HEIGHT,
			height: Math.min( Math.ceil( data.height ), MAX_FRAME_HEIGHT ),
		};
	}
	return null;
}

/**
 * The editor's message in `data`, or null for anything else.
 *
 * @param data A message event's data.
 */
export function readEditorMessage( data: unknown ): EditorMessage | null {
	if ( ! isRecord( data ) || data.type !== EDITOR_FORM ) {
		return null;
	}
	const form = data.form;
	if (
		! isRecord( form ) ||
		typeof form.id !== 'number' ||
		! Array.isArray( form.fields )
	) {
		return null;
	}
	return { type: EDITOR_FORM, form: form as unknown as PreviewForm };
}

/**
 * The settings that decide the shape or the start of a field's value (docs/field-types.md): a
 * date typed in one format means another day in the next, a date picker's text is not the
 * drop-downs' tuple, and a changed default is what the owner wants to see.
 */
const VALUE_SETTINGS = [
	'nameFormat',
	'addressType',
	'dateType',
	'dateFormat',
	'timeFormat',
	'defaultValue',
	'defaultCountry',
	'defaultState',
	'defaultProvince',
] as const;

/**
 * A key that changes when fields are added, removed, reordered, change type or change a setting
 * that decides their value's shape or default: the preview starts afresh then (values typed into a
 * field that moved, or kept in a shape the field no longer has, would land in the wrong place),
 * and keeps what was typed while labels, choices or other settings change.
 *
 * @param form The previewed form.
 */
export function previewKey( form: PreviewForm ): string {
	return form.fields
		.map( ( f ) => {
			const field = f as unknown as Record< string, unknown >;
			const settings = VALUE_SETTINGS.filter(
				( key ) => field[ key ] !== undefined
			).map( ( key ) => `${ key }=${ String( field[ key ] ) }` );
			const inputDefaults = ( f.inputs ?? [] )
				.filter( ( input ) => input.defaultValue )
				.map( ( input ) => `${ input.id }=${ input.defaultValue }` );
			return [ `${ f.id }:${ f.type }`, ...settings, ...inputDefaults ]
				.map( encodeURIComponent )
				.join( ';' );
		} )
		.join( ',' );
}

/**
 * The origin of a URL (relative URLs resolve against `base`), or null when it has none.
 *
 * @param url  URL.
 * @param base Base URL.
 */
export function originOf( url: string, base: string ): string | null {
	try {
		const origin = new URL( url, base ).origin;
		return origin === 'null' ? null : origin;
	} catch {
		return null;
	}
}
