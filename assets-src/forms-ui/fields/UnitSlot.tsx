/**
 * A field whose type a unit provides (units.ts): the shell (group, label, error) and in it the
 * unit's component. The unit's script runs before form-view on pages that need it, so the field
 * is complete at the first paint; if the script never ran (blocked, failed to load), the field
 * says so, and submit stops at it with the same words (use-field-units.ts).
 *
 * On the server and while React hydrates the server's markup (useHydrated() false), the field
 * shows its label and a note that it needs JavaScript (the same markup PHP prints, docs/server-
 * rendering.md §3: a visitor without JavaScript sees why nothing can be paid here).
 */
import { __ } from '@wordpress/i18n';
import type { FieldDefinition } from '../../shared';
import { ids } from '../ids';
import { describedBy, FieldShell, LabelText } from '../components/field-parts';
import { useHydrated } from '../use-hydrated';
import { JsNote } from './basic/JsNote';
import type { UnitBinding } from './units';

/** What a unit field without its script says. */
export const unitUnavailable = () =>
	__(
		'This field is not available right now. Please reload the page.',
		'kestrel-forms'
	);

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
	const { formId, field, unit: binding } = props;
	const hydrated = useHydrated();
	const Unit = hydrated ? binding?.unit?.Component : undefined;
	const error =
		props.error || ( Unit || ! hydrated ? '' : unitUnavailable() );
	const labelId = ids.label( formId, field.id );
	return (
		<FieldShell { ...props } error={ error }>
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
				{ ! hydrated && <JsNote type={ field.type } /> }
				{ Unit && binding && (
					<Unit
						{ ...props }
						page={ binding.page }
						slot={ binding.slot }
						form={ binding.form }
					/>
				) }
			</div>
		</FieldShell>
	);
}
