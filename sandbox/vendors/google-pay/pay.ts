/**
 * Stand-in for Google's `pay.js` (wave 2 design A.3), served by the sandbox. Scaffold: it only
 * declares what it will implement.
 */
export type Environment = google.payments.api.Environment;
