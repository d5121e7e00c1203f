import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { TOKEN_COOKIE, TOKEN_DAYS } from '../config/constants';

/**
 * The signed-in session ended (logout, a 401, a password change or account deletion): every
 * state area resets, so the next account in this browser never sees this one's data.
 */
export const sessionEnded = createAction('session/ended');

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE);
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: TOKEN_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
  });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}

/** What the store persisted; `app/session.ts` hands in redux-persist's persistor. */
let persisted: { purge: () => Promise<unknown> } | null = null;

export function purgeOnSessionEnd(persistor: { purge: () => Promise<unknown> } | null): void {
  persisted = persistor;
}

/**
 * Ends the signed-in session in this browser: removes the token, resets every state area and
 * purges what redux-persist stored (DESIGN.md §3).
 */
export async function endSession(store: {
  dispatch: (action: UnknownAction) => unknown;
}): Promise<void> {
  removeToken();
  store.dispatch(sessionEnded());
  await persisted?.purge();
}
