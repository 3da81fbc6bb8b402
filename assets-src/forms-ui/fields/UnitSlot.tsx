/**
 * A field whose type a unit provides (units.ts): the shell (group, label, error) at once and in
 * it the unit's component; until the unit's script has run, a placeholder of reserved height and
 * a live region stand in, so nothing moves when it arrives.
 */
import { useEffect, useState } from '@wordpress/element';
import type { FieldDefinition } from '../../shared';
import { ids } from '../ids';
import { describedBy, FieldShell, LabelText } from '../components/field-parts';
import { FieldLiveRegion } from './LiveRegion';
import type { UnitBinding } from './units';

export interface UnitSlotProps {
	formId: number;
	field: FieldDefinition;
	error?: string;
	concealed?: boolean;
	unit?: UnitBinding;
}

/**
 * The field.
 *
 * @param props Props.
 */
export function UnitSlot( props: UnitSlotProps ) {
	const { formId, field, error, unit: binding } = props;
	const registry = binding?.registry;
	const [ unit, setUnit ] = useState( () => registry?.get( field.type ) );
	useEffect( () => {
		registry?.ready( field.type ).then( setUnit );
	}, [ registry, field.type ] );
	const labelId = ids.label( formId, field.id );
	return (
		<FieldShell { ...props }>
			<div
				role="group"
				id={ ids.input( formId, field.id ) }
				className={ `kestrel-form__${ field.type }` }
				aria-labelledby={ labelId }
				aria-describedby={ describedBy(
					error && ids.validation( formId, field.id )
				) }
				tabIndex={ -1 }
			>
				<p className="kestrel-form__label" id={ labelId }>
					<LabelText field={ field } />
				</p>
				{ unit && binding ? (
					<unit.Component
						{ ...props }
						page={ binding.page }
						slot={ binding.slot }
					/>
				) : (
					<>
						<div className="kestrel-form__unit-pending" />
						<FieldLiveRegion />
					</>
				) }
			</div>
		</FieldShell>
	);
}
