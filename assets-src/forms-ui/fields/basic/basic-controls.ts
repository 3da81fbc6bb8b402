/**
 * The basic controls of the types whose enhanced control ships in a script of its own
 * (script-controls.ts): what their fields render on the first render, before hydration, the
 * same markup the server prints (docs/server-rendering.md §3, PHP `Frontend\Markup\Fields`).
 * They are small and ship in form-view.
 */
import type { FieldType } from '../../../shared';
import type { FieldControl } from '../types';
import { BasicAddress } from './BasicAddress';
import { BasicDate } from './BasicDate';
import { BasicPassword } from './BasicPassword';
import { BasicUpload } from './BasicUpload';
import { JsNoteField } from './JsNote';

const BASIC: Partial< Record< FieldType, FieldControl > > = {
	address: BasicAddress,
	date: BasicDate,
	fileupload: BasicUpload,
	password: BasicPassword,
};

/**
 * A script control type's basic control: its plain inputs, or (captcha, card) its label and a
 * note that it needs JavaScript.
 *
 * @param type Field type.
 */
export function basicControl( type: FieldType ): FieldControl {
	return BASIC[ type ] ?? JsNoteField;
}
