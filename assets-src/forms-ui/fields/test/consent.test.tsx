import { fireEvent, screen } from '@testing-library/react';
import { renderField } from './harness';

describe( 'consent field', () => {
	it( 'is one checkbox labelled by the agreement, described by the full text in a scrollable box', () => {
		const { last } = renderField(
			{
				type: 'consent',
				label: 'Privacy',
				isRequired: true,
				checkboxLabel: 'I agree to the terms.',
				description: 'We keep your data for a year.',
			},
			{ error: 'This field is required.' }
		);
		screen.getByRole( 'group', { name: 'Privacy (Required)' } );
		const box = screen.getByRole( 'checkbox', {
			name: 'I agree to the terms.',
		} );
		expect( box.id ).toBe( 'input_1_5_1' );
		expect( box.getAttribute( 'name' ) ).toBe( 'input_5.1' );
		expect( box.getAttribute( 'aria-required' ) ).toBe( 'true' );
		expect( box.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect( box.getAttribute( 'aria-describedby' ) ).toBe(
			'description_1_5 validation_message_1_5'
		);
		const text = screen.getByRole( 'region', {
			name: 'Privacy: full text',
		} );
		expect( text.textContent ).toBe( 'We keep your data for a year.' );
		expect( text.tabIndex ).toBe( 0 );
		// The agreement shows once, not also as the usual description.
		expect(
			screen.getAllByText( 'We keep your data for a year.' )
		).toHaveLength( 1 );
		fireEvent.click( box );
		expect( last() ).toBe( '1' );
		fireEvent.click( box );
		expect( last() ).toBe( '' );
	} );

	it( 'shows the agreement as the markup the server sanitised (a link to the policy)', () => {
		renderField( {
			type: 'consent',
			label: 'Privacy',
			checkboxLabel: 'I agree.',
			description:
				'<p>Read our <a href="https://example.org/privacy">privacy policy</a> &amp; terms.</p>',
		} );
		const text = screen.getByRole( 'region', {
			name: 'Privacy: full text',
		} );
		expect( text.textContent ).toBe( 'Read our privacy policy & terms.' );
		expect(
			screen
				.getByRole( 'link', { name: 'privacy policy' } )
				.getAttribute( 'href' )
		).toBe( 'https://example.org/privacy' );
	} );
} );
