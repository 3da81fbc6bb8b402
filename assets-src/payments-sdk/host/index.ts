/**
 * Public face of the SDK host: the factory of the `Square` object and the public types.
 */
export { createSquare, type SdkConfig } from './payments';
export * from './types';
export { PUBLIC_ERRORS } from './errors';
