/**
 * Public face of the entries workspace app.
 */
export { EntriesApp } from './App';
export type { EntriesScreenConfig } from './types';
