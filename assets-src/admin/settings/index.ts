/**
 * Public face of the settings page app.
 */
export { SettingsApp, useUnsavedChangesWarning } from './SettingsApp';
