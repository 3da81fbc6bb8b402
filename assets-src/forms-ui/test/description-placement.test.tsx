import { render } from '@testing-library/react';
import { createHooks } from '@wordpress/hooks';
import type { FormDefinition } from '../../shared';
import { Form } from '../components/Form';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );

const fields: FormDefinition[ 'fields' ] = [
	{ id: 1, type: 'text', label: 'Name', description: 'As on your card' },
	{
		id: 2,
		type: 'radio',
		label: 'Size',
		description: 'Pick one',
		choices: [ { text: 'S', value: 's' } ],
	},
];

/**
 * Where each description stands against its field's input: 'before' or 'after'.
 *
 * @param descriptionPlacement The form's setting.
 */
function placements(
	descriptionPlacement?: FormDefinition[ 'descriptionPlacement' ]
) {
	const { container } = render(
		<Form
			form={ { id: 3, title: 'T', descriptionPlacement, fields } }
			submitPath=""
			hooks={ createHooks() }
		/>
	);
	return [ 1, 2 ].map( ( id ) => {
		const field = container.querySelector( `#field_3_${ id }` )!;
		const descriptions = field.querySelectorAll(
			'.kestrel-form__description'
		);
		expect( descriptions ).toHaveLength( 1 );
		const input = field.querySelector( 'input' )!;
		// The control still names the description, wherever it stands.
		const describedBy =
			input.getAttribute( 'aria-describedby' ) ??
			field
				.querySelector( 'fieldset' )!
				.getAttribute( 'aria-describedby' );
		expect( describedBy ).toContain( descriptions[ 0 ].id );
		// eslint-disable-next-line no-bitwise
		return input.compareDocumentPosition( descriptions[ 0 ] ) &
			Node.DOCUMENT_POSITION_FOLLOWING
			? 'after'
			: 'before';
	} );
}

describe( 'description placement', () => {
	it( 'puts descriptions between label and input by default and when "above"', () => {
		expect( placements() ).toEqual( [ 'before', 'before' ] );
		expect( placements( 'above' ) ).toEqual( [ 'before', 'before' ] );
	} );

	it( 'puts them under the input when "below"', () => {
		expect( placements( 'below' ) ).toEqual( [ 'after', 'after' ] );
	} );
} );
