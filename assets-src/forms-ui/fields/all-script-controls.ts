/**
 * Every script control at once (script-controls.ts), for the places that render any form
 * without the visitor page's per-form scripts: the block editor, the form editor's live preview
 * frame, and the tests. The visitor page loads each control's own script instead
 * (bundles/form-*.ts).
 */
import { AddressControl } from './address/AddressControl';
import { CaptchaControl } from './captcha/CaptchaField';
import { CreditCardField } from './creditcard/CreditCardField';
import { DateControl } from './date/DateControl';
import { FileUploadControl } from './fileupload/FileUploadField';
import { PasswordField } from './password/PasswordField';
import { provideControls } from './script-controls';

provideControls( {
	address: AddressControl,
	captcha: CaptchaControl,
	creditcard: CreditCardField,
	date: DateControl,
	fileupload: FileUploadControl,
	password: PasswordField,
} );
