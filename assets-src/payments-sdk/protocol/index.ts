/**
 * Protocol shared by the SDK host and its frames: constants, locale texts, message envelope,
 * channel and transport. Pure (ARCHITECTURE.md §3).
 */
export * from './constants';
export * from './locales';
export * from './messages';
export * from './channel';
export * from './transport';
