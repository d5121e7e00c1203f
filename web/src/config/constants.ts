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
export const TOAST = { max: 3, autoHideMs: 3000 } as const;
