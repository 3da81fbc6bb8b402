/**
 * Pure types and helpers shared by every layer.
 */
export * from './types/form';
