/** Only business accounts may use the web app (spec §6). */
export const BUSINESS_LEVEL = 5001;
/** Lifetime of the token cookie, days. */
export const TOKEN_DAYS = 7;
export const TOKEN_COOKIE = 'token';
/** Local storage key of the user's display preferences. */
export const PREFERENCES_KEY = 'preferences';
/** Lazily loaded chunks give up after this long (DESIGN.md §3). */
export const CHUNK_TIMEOUT_MS = 120_000;
export const DRAWER_WIDTH = 260;
/** The sidebar closes by itself in windows narrower than this. */
export const SIDEBAR_MIN_WIDTH = 1366;
/**
 * Toasts (spec §9: at most 3, 3 s). A failure stays 10 s, long enough to read a sentence that
 * says what to do, and every toast can be closed (an accessibility review). A pointer over a
 * toast holds it; the keyboard does not yet.
 */
export const TOAST = { max: 3, autoHideMs: 3000, failureHideMs: 10_000 } as const;
/** The range every date picker offers (spec §9). */
export const DATE_RANGE = { min: '1900-01-01', max: '2099-12-31' } as const;
/** Temperatures a person sets: °C, from 5 to 30 in steps of 0.5 (as the server checks). */
export const SETPOINT = { min: 5, max: 30, step: 0.5 } as const;
