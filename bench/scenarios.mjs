/**
 * The pages issue 19's budgets are measured on (bench/page-weight.mjs), created over the REST
 * API as an admin and removed afterwards:
 *
 * 1. a full-feature form: products and a total, a formula, field logic, a multi-file upload,
 *    two pages (budget: 60 KB gzip of JS+CSS);
 * 2. a plain contact form: a name, an email, a message (budget: 45 KB);
 * 3. a page without a form (budget: 0 bytes of ours);
 * 4. the demo page (`POST /kestrel-forms/v1/demo`, as `npm start` seeds it; no size budget: its
 *    time to interactive must not get worse, issue 19).
 */

/** KB = 1024 bytes, as the bench prints them. */
const KB = 1024;

/**
 * The full-feature form. Page 1: a name, an email, two products (one with a paid option), a
 * formula, a field shown by a rule, the total; page 2: a multi-file upload and a message.
 */
export const FULL_FEATURE_FORM = {
	title: 'Bench full-feature form',
	currency: 'EUR',
	pagination: { type: 'steps' },
	fields: [
		{ id: 1, type: 'text', label: 'Name', isRequired: true },
		{ id: 2, type: 'email', label: 'Email', isRequired: true },
		{
			id: 3,
			type: 'product',
			label: 'T-shirt',
			inputType: 'radio',
			choices: [
				{ text: 'S', value: 's', price: '12.50' },
				{ text: 'XL', value: 'xl', price: '14.30' },
			],
		},
		{
			id: 4,
			type: 'option',
			label: 'Print',
			inputType: 'checkbox',
			productField: 3,
			choices: [ { text: 'Logo', value: 'logo', price: '2.35' } ],
		},
		{
			id: 5,
			type: 'product',
			label: 'Sticker',
			inputType: 'singleproduct',
			basePrice: '1.15',
		},
		{ id: 6, type: 'number', label: 'Width (cm)' },
		{ id: 7, type: 'number', label: 'Height (cm)' },
		{
			id: 8,
			type: 'number',
			label: 'Area (cm²)',
			enableCalculation: true,
			calculationFormula: '{Width (cm):6} * {Height (cm):7}',
			calculationRounding: 2,
		},
		{
			id: 9,
			type: 'radio',
			label: 'Gift wrap',
			choices: [
				{ text: 'No', value: 'no', isSelected: true },
				{ text: 'Yes', value: 'yes' },
			],
		},
		{
			id: 10,
			type: 'text',
			label: 'Gift message',
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ { fieldId: '9', operator: 'is', value: 'yes' } ],
			},
		},
		{ id: 11, type: 'total', label: 'Total' },
		{ id: 12, type: 'page' },
		{
			id: 13,
			type: 'fileupload',
			label: 'Files',
			multipleFiles: true,
			maxFiles: 5,
		},
		{ id: 14, type: 'textarea', label: 'Message' },
	],
};

/** The plain contact form. */
export const CONTACT_FORM = {
	title: 'Bench contact form',
	fields: [
		{ id: 1, type: 'text', label: 'Name', isRequired: true },
		{ id: 2, type: 'email', label: 'Email', isRequired: true },
		{ id: 3, type: 'textarea', label: 'Message', isRequired: true },
	],
};

/**
 * @typedef {Object} Scenario
 * @property {string}      key             Short name (`full`, `contact`, `none`, `demo`).
 * @property {string}      title           What the page holds.
 * @property {string}      url             The page's URL.
 * @property {number|null} budgetBytes     Gzip JS+CSS budget of ours, null when there is none.
 * @property {string}      budgetText      The budget as printed.
 * @property {boolean}     hasForm         Whether a form renders on the page.
 * @property {boolean}     [loadsWithPage] Its forms load their scripts with the page (bench/page-weight.mjs's comparison run).
 */

/**
 * Creates the pages (and forms) of the four scenarios.
 *
 * @param {import('@wordpress/e2e-test-utils-playwright').RequestUtils} requestUtils As admin.
 * @return {Promise<{scenarios: Scenario[], cleanup: () => Promise<void>}>} The scenarios in the
 * issue's order, and a function removing what was created (the demo page is the site's, kept).
 */
export async function createScenarios( requestUtils ) {
	const pages = [];
	const forms = [];
	const cleanup = async () => {
		for ( const id of [ ...pages ].reverse() ) {
			await requestUtils
				.rest( {
					method: 'DELETE',
					path: `/wp/v2/pages/${ id }`,
					params: { force: true },
				} )
				.catch( () => {} );
		}
		for ( const id of forms ) {
			await requestUtils
				.rest( {
					method: 'DELETE',
					path: `/kestrel-forms/v1/forms/${ id }`,
				} )
				.catch( () => {} );
		}
	};
	const page = async ( title, content, parent = 0 ) => {
		const created = await requestUtils.rest( {
			method: 'POST',
			path: '/wp/v2/pages',
			data: { title, content, status: 'publish', parent },
		} );
		pages.push( created.id );
		return created;
	};
	const formPage = async ( definition, parent ) => {
		const form = await requestUtils.rest( {
			method: 'POST',
			path: '/kestrel-forms/v1/forms',
			data: definition,
		} );
		forms.push( form.id );
		return page(
			definition.title,
			`<!-- wp:shortcode -->[kestrel_form id="${ form.id }"]<!-- /wp:shortcode -->`,
			parent
		);
	};

	try {
		// The same title as the demo page, so that the two differ only by the form.
		const none = await page(
			'Kestrel Forms demo',
			'<!-- wp:paragraph --><p>No form here.</p><!-- /wp:paragraph -->'
		);
		// Below it, so that the theme's header (which lists the top-level pages) is the same on
		// every page: more items in it wrap the navigation when the web font arrives, a layout
		// shift of the theme's that would be counted on every scenario.
		const full = await formPage( FULL_FEATURE_FORM, none.id );
		const contact = await formPage( CONTACT_FORM, none.id );
		const demo = await requestUtils.rest( {
			method: 'POST',
			path: '/kestrel-forms/v1/demo',
		} );
		return {
			scenarios: [
				{
					key: 'full',
					title: 'Full-feature form (products and a total, a formula, field logic, a multi-file upload, two pages)',
					url: full.link,
					budgetBytes: 60 * KB,
					budgetText: '≤ 60 KB',
					hasForm: true,
				},
				{
					key: 'contact',
					title: 'Plain contact form (name, email, message)',
					url: contact.link,
					budgetBytes: 45 * KB,
					budgetText: '≤ 45 KB',
					hasForm: true,
				},
				{
					key: 'none',
					title: 'Page without a form',
					url: none.link,
					budgetBytes: 0,
					budgetText: '0 bytes',
					hasForm: false,
				},
				{
					key: 'demo',
					title: `Demo page (form #${ demo.form_id })`,
					url: demo.page_url,
					budgetBytes: null,
					budgetText:
						'no size budget (its time to interactive must not get worse)',
					hasForm: true,
				},
			],
			cleanup,
		};
	} catch ( error ) {
		await cleanup();
		throw error;
	}
}
