/**
 * Timing constants from specs/forms-visitor-behaviour.md §9.
 */

/** Screen-reader announcement of validation errors waits this long (focus moves at once). */
export const VALIDATION_ANNOUNCE_DELAY_MS = 1000;
