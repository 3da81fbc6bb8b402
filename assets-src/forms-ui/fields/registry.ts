/**
 * The visitor UI's field types as units (ARCHITECTURE §6, docs/field-types.md): each type's
 * control, chosen by the field's type. `components/Field.tsx` renders what this returns and
 * imports no control itself, so adding a type is a folder here and a line below.
 *
 * Types whose control ships in a script of its own, printed only for forms that have such a
 * field (upload, password, captcha, card, address, date: script-controls.ts), render through
 * ScriptControl. The payment field is a unit (units.ts): Field renders its slot.
 */
import type { FieldType } from '../../shared';
import type { FieldControl } from './types';
import { ChoiceGroup } from './choice/ChoiceGroup';
import { ConsentControl } from './consent/ConsentControl';
import { HiddenControl } from './hidden/HiddenControl';
import { HtmlControl } from './html/HtmlControl';
import { MultiSelectControl } from './multiselect/MultiSelectControl';
import { NameControl } from './name/NameControl';
import { isScriptControlType } from './script-controls';
import { ScriptControl } from './ScriptControl';
import { PhoneControl } from './phone/PhoneControl';
import { PricingField } from './product/PricingField';
import { RowsControl } from './rows/RowsField';
import { SectionControl } from './section/SectionControl';
import { TextControl } from './text/TextControl';
import { TimeControl } from './time/TimeControl';
import { TotalField } from './total/TotalField';
import { WebsiteControl } from './website/WebsiteControl';

/** Controls by type; a type not listed gets the one-input control (text, email, number…). */
const CONTROLS: Partial< Record< FieldType, FieldControl > > = {
	hidden: HiddenControl,
	section: SectionControl,
	html: HtmlControl,
	radio: ChoiceGroup,
	checkbox: ChoiceGroup,
	total: TotalField,
	list: RowsControl,
	repeater: RowsControl,
	product: PricingField,
	shipping: PricingField,
	option: PricingField,
	name: NameControl,
	phone: PhoneControl,
	time: TimeControl,
	website: WebsiteControl,
	consent: ConsentControl,
	multiselect: MultiSelectControl,
};

/**
 * The control of a field type.
 *
 * @param type The field's type.
 * @return The component that renders a field of that type (its shell included).
 */
export function fieldControl( type: FieldType ): FieldControl {
	return (
		CONTROLS[ type ] ??
		( isScriptControlType( type ) ? ScriptControl : TextControl )
	);
}
