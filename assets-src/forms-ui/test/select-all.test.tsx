import { fireEvent, render, screen } from '@testing-library/react';
import { createHooks } from '@wordpress/hooks';
import { Form } from '../components/Form';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );

describe( 'select all', () => {
	it( 'toggles every choice and reflects a partial selection', () => {
		render(
			<Form
				form={ {
					id: 3,
					title: 'T',
					fields: [
						{
							id: 1,
							type: 'checkbox',
							label: 'Topics',
							enableSelectAll: true,
							choices: [
								{ text: 'A', value: 'a' },
								{ text: 'B', value: 'b' },
							],
						},
					],
				} }
				submitPath=""
				hooks={ createHooks() }
			/>
		);
		const all = screen.getByLabelText( 'Select all' ) as HTMLInputElement;
		const a = screen.getByLabelText( 'A' ) as HTMLInputElement;
		const b = screen.getByLabelText( 'B' ) as HTMLInputElement;

		fireEvent.click( a );
		expect( all.checked ).toBe( false );
		expect( all.indeterminate ).toBe( true );
		expect( all.getAttribute( 'aria-checked' ) ).toBe( 'mixed' );

		fireEvent.click( all );
		expect( [
			a.checked,
			b.checked,
			all.checked,
			all.indeterminate,
		] ).toEqual( [ true, true, true, false ] );

		fireEvent.click( all );
		expect( [ a.checked, b.checked, all.checked ] ).toEqual( [
			false,
			false,
			false,
		] );
	} );
} );
