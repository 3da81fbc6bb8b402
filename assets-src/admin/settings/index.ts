/**
 * Public face of the settings page app.
 */
export { SettingsApp } from './SettingsApp';
