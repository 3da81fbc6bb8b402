/**
 * Money and numbers: exact decimal rounding, currencies, formatting and reading.
 */
export * from './decimal';
export * from './currencies';
export * from './format';
export * from './parse';
export * from './limits';
