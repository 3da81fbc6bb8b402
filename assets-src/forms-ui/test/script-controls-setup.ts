/**
 * Jest setup of the UI tests: every control that the visitor page loads per form
 * (fields/script-controls.ts) is provided, as on a page whose form has them all. Each control's
 * module is required when a field first renders it, not now, so that a test's `jest.mock` of a
 * module the control imports (the uploader) still applies to it.
 */
import { createElement } from '@wordpress/element';
import { provideControls } from '../fields/script-controls';
import type { FieldControl, FieldProps } from '../fields/types';

/**
 * A control that requires its module when it first renders.
 *
 * @param load Returns the control.
 */
const onFirstRender =
	( load: () => FieldControl ): FieldControl =>
	( props: FieldProps ) =>
		createElement( load(), props );

provideControls( {
	address: onFirstRender(
		() => require( '../fields/address/AddressControl' ).AddressControl
	),
	captcha: onFirstRender(
		() => require( '../fields/captcha/CaptchaField' ).CaptchaControl
	),
	creditcard: onFirstRender(
		() => require( '../fields/creditcard/CreditCardField' ).CreditCardField
	),
	date: onFirstRender(
		() => require( '../fields/date/DateControl' ).DateControl
	),
	fileupload: onFirstRender(
		() =>
			require( '../fields/fileupload/FileUploadField' ).FileUploadControl
	),
	password: onFirstRender(
		() => require( '../fields/password/PasswordField' ).PasswordField
	),
} );
