import { fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import { Form } from '../components/Form';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

describe( 'radio "other" choice', () => {
	it( 'enables its text box only while chosen; the typed text is the value and rules read it', () => {
		mockedFetch.mockReturnValue( new Promise( () => {} ) );
		const { container } = render(
			<Form
				form={ {
					id: 4,
					title: 'T',
					fields: [
						{
							id: 1,
							type: 'radio',
							label: 'When',
							isRequired: true,
							enableOtherChoice: true,
							choices: [ { text: 'Now', value: 'now' } ],
						},
						{
							id: 2,
							type: 'text',
							label: 'Why maybe?',
							conditionalLogic: {
								actionType: 'show',
								logicType: 'all',
								rules: [
									{
										fieldId: '1',
										operator: 'is',
										value: 'MAYBE',
									},
								],
							},
						},
					],
				} }
				submitPath="/p"
				hooks={ createHooks() }
			/>
		);
		const box = screen.getByLabelText(
			'Other, please specify'
		) as HTMLInputElement;
		const other = container.querySelector(
			'#input_4_1_2'
		) as HTMLInputElement;
		expect( box.disabled ).toBe( true );

		fireEvent.click( other );
		expect( other.checked ).toBe( true );
		expect( box.disabled ).toBe( false );

		fireEvent.change( box, { target: { value: 'Maybe' } } );
		fireEvent.blur( box );
		expect( other.checked ).toBe( true );
		expect(
			( container.querySelector( '#field_4_2' ) as HTMLElement ).hidden
		).toBe( false );

		fireEvent.click( screen.getByLabelText( 'Now' ) );
		expect( box.disabled ).toBe( true );
		expect(
			( container.querySelector( '#field_4_2' ) as HTMLElement ).hidden
		).toBe( true );

		fireEvent.click( other );
		fireEvent.change( box, { target: { value: 'Maybe' } } );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.values[ 1 ] ).toBe(
			'Maybe'
		);
	} );
} );
