import { memo, useCallback, useSyncExternalStore } from '@wordpress/element';
import { DescriptionPlacement } from './field-parts';
import { UnitSlot } from '../fields/UnitSlot';
import { isUnitField } from '../fields/units';
import { fieldControl } from '../fields/registry';
import type { FieldProps } from '../fields/types';
import type { FormSession } from '../session';

export type { FieldProps } from '../fields/types';

/** What the form hands a field that reads its state from the session. */
export type SessionFieldProps = Omit<
	FieldProps,
	'value' | 'error' | 'errorInputs' | 'concealed' | 'calculated' | 'quantity'
> & { session: FormSession };

/**
 * One field with its label, description, control and inline error, wired for assistive tech:
 * the control's aria-describedby names the description and the error; aria-invalid is set
 * while an error shows. Memoised: it renders again only when one of its props changed.
 */
export const Field = memo( PlacedField );

/**
 * The field with the form's description placement in context (field-parts `Description`).
 *
 * @param props Field props.
 */
function PlacedField( props: FieldProps ) {
	return (
		<DescriptionPlacement.Provider
			value={ props.descriptionPlacement ?? 'above' }
		>
			<FieldControl { ...props } />
		</DescriptionPlacement.Provider>
	);
}

/**
 * The field itself: the control its type's unit provides (fields/registry.ts), or the slot of
 * a type whose code ships in a script of its own (fields/units.ts). A change in one field of a
 * large form redraws that field and its dependents, not the whole form.
 *
 * @param props Field props.
 */
function FieldControl( props: FieldProps ) {
	const Control = controlOf( props.field );
	return <Control { ...props } />;
}

/**
 * The component that draws a field: its type's control (fields/registry.ts), or the slot of a
 * type whose code ships in a script of its own (fields/units.ts).
 *
 * @param field Field.
 */
function controlOf( field: FieldProps[ 'field' ] ) {
	return isUnitField( field ) ? UnitSlot : fieldControl( field.type );
}

/**
 * A field bound to the form's session: it subscribes to its own slice (value, error,
 * visibility, calculated value, quantity), so a change re-renders the fields it touched and
 * not the form (issue 19: input to DOM on a 1,000-field form). Memoised: the form's own
 * renders (a page change, the summary) pass the same props and leave it alone. It renders
 * the control itself, not through `Field`: the form provides the description placement once
 * for all its fields, so a changed slice re-renders as few components as it can (a formula
 * chain on a large form changes a hundred fields at once).
 */
export const SessionField = memo( function BoundField(
	props: SessionFieldProps
) {
	const { session, ...rest } = props;
	const id = rest.field.id;
	const subscribe = useCallback(
		( listener: () => void ) => session.subscribeField( id, listener ),
		[ session, id ]
	);
	// Stable, as `subscribe`: React re-checks the store after a render whose getSnapshot
	// changed, which a new function on every render would ask of every field re-rendered.
	const read = useCallback( () => session.getField( id ), [ session, id ] );
	// The same snapshot on the server and while hydrating.
	const slice = useSyncExternalStore( subscribe, read, read );
	const Control = controlOf( rest.field );
	return (
		<Control
			{ ...rest }
			value={ slice.value }
			error={ slice.error?.message }
			errorInputs={ slice.error?.inputs }
			concealed={ slice.concealed }
			calculated={ slice.calculated }
			quantity={ slice.quantity }
		/>
	);
} );
