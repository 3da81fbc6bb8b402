import { memo } from '@wordpress/element';
import { DescriptionPlacement } from './field-parts';
import { UnitSlot } from '../fields/UnitSlot';
import { isUnitField } from '../fields/units';
import { fieldControl } from '../fields/registry';
import type { FieldProps } from '../fields/types';

export type { FieldProps } from '../fields/types';

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
	if ( isUnitField( props.field ) ) {
		return <UnitSlot { ...props } />;
	}
	const Control = fieldControl( props.field.type );
	return <Control { ...props } />;
}
