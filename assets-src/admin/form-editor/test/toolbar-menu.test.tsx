import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolbarMenu } from '../ToolbarMenu';

function renderMenu() {
	const selected: string[] = [];
	render(
		<>
			<button type="button">Before</button>
			<ToolbarMenu
				label="Form toolbar"
				entries={ [
					{
						id: 'edit',
						label: 'Edit',
						onSelect: () => selected.push( 'edit' ),
						items: [
							{
								label: 'Fields',
								onSelect: () => selected.push( 'fields' ),
							},
							{
								label: 'All forms',
								onSelect: () => selected.push( 'all' ),
							},
						],
					},
					{
						id: 'preview',
						label: 'Preview',
						onSelect: () => selected.push( 'preview' ),
					},
				] }
			/>
			<button type="button">After</button>
		</>
	);
	return selected;
}

const top = ( name: string ) => screen.getByRole( 'button', { name } );
const focused = () => top( 'Before' ).ownerDocument.activeElement;

describe( 'ToolbarMenu', () => {
	it( 'opens a submenu on hover and closes it on leave', () => {
		renderMenu();
		const edit = top( 'Edit' );
		expect( edit.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		fireEvent.mouseEnter( edit.closest( 'li' )! );
		expect( edit.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		expect( top( 'Fields' ) ).toBeTruthy();
		fireEvent.mouseLeave( edit.closest( 'li' )! );
		expect( edit.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect( screen.queryByRole( 'button', { name: 'Fields' } ) ).toBeNull();
	} );

	it( 'opens on keyboard focus, lets Tab into the items and closes when focus leaves', async () => {
		const user = userEvent.setup();
		renderMenu();
		top( 'Before' ).focus();
		await user.tab();
		expect( focused() ).toBe( top( 'Edit' ) );
		expect( top( 'Edit' ).getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		await user.tab();
		expect( focused() ).toBe( top( 'Fields' ) );
		await user.tab();
		expect( focused() ).toBe( top( 'All forms' ) );
		await user.tab();
		expect( focused() ).toBe( top( 'Preview' ) );
		expect( top( 'Edit' ).getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		// An entry without items has no expanded state.
		expect( top( 'Preview' ).hasAttribute( 'aria-expanded' ) ).toBe(
			false
		);
	} );

	it( 'closes on Escape from the top button and from an item, focus back on the top button', async () => {
		const user = userEvent.setup();
		renderMenu();
		top( 'Before' ).focus();
		await user.tab();
		await user.keyboard( '{Escape}' );
		expect( focused() ).toBe( top( 'Edit' ) );
		expect( top( 'Edit' ).getAttribute( 'aria-expanded' ) ).toBe( 'false' );

		// Open again by hover, then Escape from inside the submenu.
		act( () => {
			fireEvent.mouseEnter( top( 'Edit' ).closest( 'li' )! );
		} );
		await user.tab();
		expect( focused() ).toBe( top( 'Fields' ) );
		await user.keyboard( '{Escape}' );
		expect( focused() ).toBe( top( 'Edit' ) );
		expect( top( 'Edit' ).getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect( screen.queryByRole( 'button', { name: 'Fields' } ) ).toBeNull();
	} );

	it( 'runs the actions of the top buttons and the items', async () => {
		const user = userEvent.setup();
		const selected = renderMenu();
		await user.click( top( 'Edit' ) );
		await user.click( top( 'Fields' ) );
		expect( screen.queryByRole( 'button', { name: 'Fields' } ) ).toBeNull();
		await user.click( top( 'Preview' ) );
		expect( selected ).toEqual( [ 'edit', 'fields', 'preview' ] );
	} );
} );
