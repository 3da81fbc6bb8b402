/**
 * Timing constants from specs/forms-visitor-behaviour.md §9.
 */

/** Screen-reader announcement of validation errors waits this long (focus moves at once). */
export const VALIDATION_ANNOUNCE_DELAY_MS = 1000;

/** Typing in a field a rule reads: its dependents update after this pause (per field). */
export const LOGIC_KEYUP_DELAY_MS = 300;

/** Typing in a field a formula reads: the formula runs after this pause (per field). */
export const FORMULA_KEYUP_DELAY_MS = 345;

/** Products and total are recomputed this long after the last change (a real debounce). */
export const TOTAL_DEBOUNCE_MS = 50;
