/**
 * Visitor UI: React components and bindings. Public face for entries and the editor preview.
 */
export { Form } from './components/Form';
export type { FormProps } from './components/Form';
export { ids } from './ids';
export { publicUtils } from './public-utils';
export type { PublicUtils } from './public-utils';
