/**
 * The render fixtures (docs/server-rendering.md §4): loading them and rendering their TSX. The
 * twin of tests/php/integration/Frontend/RenderFixturesTest.php, which renders the PHP.
 */
import './server-globals';
import fs from 'node:fs';
import path from 'node:path';
import { createHooks } from '@wordpress/hooks';
// React's own server renderer (what the contract compares); it comes with @wordpress/element.
// eslint-disable-next-line import/no-extraneous-dependencies
import { renderToStaticMarkup } from 'react-dom/server';
import type {
	FieldDefinition,
	FieldValue,
	FormDefinition,
	SubmissionValues,
} from '../../shared';
import { currency as currencyConfig } from '../../shared';
import { fromSubmission, initialValues } from '../../forms-engine';
import { Field } from '../components/Field';
import { Form } from '../components/Form';
import type { CaptchaConfig, FieldError } from '../fields/types';
import { formPropsOf, type PageData } from '../page-data';
import type { ServerState } from '../server-state';

/** The fixtures' folder. */
export const FIXTURES_DIR = path.resolve(
	__dirname,
	'../../../tests/fixtures/render'
);

/** The upload endpoint every form fixture's page carries (the PHP runner uses the same). */
export const FIXTURE_UPLOAD_URL =
	'https://example.test/wp-json/kestrel-forms/v1/uploads';

interface FixtureBase {
	description: string;
	/** Expected markup in canonical form, one line per entry. */
	html: string[];
}

/** One field as its control renders it first. */
export interface FieldFixture extends FixtureBase {
	kind: 'field';
	formId: number;
	field: FieldDefinition;
	/** The form's WireValues (absent: the field's initial value). */
	values?: SubmissionValues;
	error?: FieldError;
	concealed?: boolean;
	/** The form's currency code. */
	currency?: string;
	descriptionPlacement?: 'above' | 'below';
	/** What the engine computed for the field (TSX `calculated`). */
	calculated?: number | null;
	/** A product's own quantity (TSX `quantity`). */
	quantity?: string;
	/** The page's data for the form (`captcha`, `payment`). */
	page?: Record< string, unknown >;
}

/** A whole form as Form renders it first. */
export interface FormFixture extends FixtureBase {
	kind: 'form';
	form: FormDefinition & { id: number };
	state?: ServerState;
	options?: { showTitle?: boolean; showDescription?: boolean };
	action: string;
	renderToken: string;
	submissionKey: string;
}

export type RenderFixture = FieldFixture | FormFixture;

/**
 * The fixture files: every `*.json` in the folder, by name. `RENDER_FIXTURE` (a substring of the
 * name) picks some.
 */
export function fixtureNames(): string[] {
	const only = process.env.RENDER_FIXTURE ?? '';
	return fs
		.readdirSync( FIXTURES_DIR )
		.filter( ( name ) => name.endsWith( '.json' ) )
		.filter( ( name ) => only === '' || name.includes( only ) )
		.sort();
}

/**
 * A fixture.
 *
 * @param name File name.
 */
export function readFixture( name: string ): RenderFixture {
	return JSON.parse(
		fs.readFileSync( path.join( FIXTURES_DIR, name ), 'utf8' )
	) as RenderFixture;
}

/**
 * Writes a fixture's expected markup (UPDATE_RENDER_FIXTURES=1).
 *
 * @param name  File name.
 * @param lines Canonical lines.
 */
export function writeFixtureHtml( name: string, lines: string[] ): void {
	const file = path.join( FIXTURES_DIR, name );
	const data = JSON.parse( fs.readFileSync( file, 'utf8' ) ) as Record<
		string,
		unknown
	>;
	data.html = lines;
	fs.writeFileSync( file, JSON.stringify( data, null, '\t' ) + '\n' );
}

/**
 * The page's data for a form fixture, as FormRenderer prints it.
 *
 * @param fixture The fixture.
 */
export function pageDataOf( fixture: FormFixture ): PageData {
	return {
		form: fixture.form,
		options: fixture.options ?? {},
		rest: {
			submitPath: `/kestrel-forms/v1/forms/${ fixture.form.id }/submissions`,
			uploadUrl: FIXTURE_UPLOAD_URL,
			renderToken: fixture.renderToken,
			submissionKey: fixture.submissionKey,
		},
		currency: fixture.form.currency
			? currencyConfig( fixture.form.currency )
			: undefined,
		...( fixture.state ? { state: fixture.state } : {} ),
		action: fixture.action,
	};
}

/**
 * A field fixture's value as Form gives it: the wire's (through the unit's fromSubmission), else
 * the initial value.
 *
 * @param fixture The fixture.
 */
export function fieldValueOf( fixture: FieldFixture ): FieldValue | undefined {
	const initial = initialValues( { fields: [ fixture.field ] } as never )[
		fixture.field.id
	];
	if ( ! fixture.values ) {
		return initial;
	}
	return fromSubmission( fixture.field, fixture.values ) ?? initial;
}

/**
 * The TSX markup of a fixture (react-dom/server).
 *
 * @param fixture The fixture.
 */
export function renderFixture( fixture: RenderFixture ): string {
	// React warns that layout effects (reveal.tsx's slide) do not run on the server: they run
	// after hydration, which is what the page does. Every other message still fails the test.
	/* eslint-disable no-console -- the test's console, filtered, not output. */
	const original = console.error;
	console.error = ( ...args: unknown[] ) => {
		if (
			! String( args[ 0 ] ).includes(
				'useLayoutEffect does nothing on the server'
			)
		) {
			original( ...args );
		}
	};
	try {
		return renderMarkup( fixture );
	} finally {
		console.error = original;
	}
	/* eslint-enable no-console */
}

/**
 * The TSX markup of a fixture.
 *
 * @param fixture The fixture.
 */
function renderMarkup( fixture: RenderFixture ): string {
	if ( fixture.kind === 'form' ) {
		return renderToStaticMarkup(
			<Form
				{ ...formPropsOf( pageDataOf( fixture ) ) }
				hooks={ createHooks() }
			/>
		);
	}
	return renderToStaticMarkup(
		<Field
			formId={ fixture.formId }
			field={ fixture.field }
			value={ fieldValueOf( fixture ) }
			error={ fixture.error?.message }
			errorInputs={ fixture.error?.inputs }
			onChange={ () => {} }
			concealed={ !! fixture.concealed }
			currency={ fixture.currency }
			descriptionPlacement={ fixture.descriptionPlacement }
			calculated={ fixture.calculated }
			quantity={ fixture.quantity }
			captcha={ fixture.page?.captcha as CaptchaConfig | undefined }
		/>
	);
}
