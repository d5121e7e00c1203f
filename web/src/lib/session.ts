import { createAction } from '@reduxjs/toolkit';
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
  Cookies.set(TOKEN_COOKIE, token, { expires: TOKEN_DAYS, path: '/', sameSite: 'Lax' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
