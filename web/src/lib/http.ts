import axios, { AxiosError, type AxiosInstance } from 'axios';
import { getToken } from './session';
import { i18n } from '../i18n';

/** The server's error envelope (DESIGN.md §3). */
export interface ApiErrorBody {
  code: number;
  description: string;
  errors: Record<string, string[]>;
}

/** The server's success envelope. */
export interface Envelope<T> {
  code: number;
  description: string;
  data: T;
}

const baseURL = (import.meta.env.VITE_API_URL as string | undefined) ?? '';

/** For calls made before signing in (login, register, password reset). */
export const publicClient: AxiosInstance = axios.create({ baseURL });

/** For everything else: sends the token cookie as a bearer token. */
export const authClient: AxiosInstance = axios.create({ baseURL });

// The server words its answers (descriptions, field messages, tips, plans' features) in the
// app's language.
for (const client of [publicClient, authClient]) {
  client.interceptors.request.use((config) => {
    if (i18n.language) config.headers.set('Accept-Language', i18n.language);
    return config;
  });
}

authClient.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** `?search=` only when there is something to search for, URL-encoded (spec §5). */
export function searchParams(search: string) {
  const term = search.trim();
  return term ? { search: term } : undefined;
}

/** Calls `onUnauthorized` when an authenticated call answers 401; answers the eject handle. */
export function onUnauthorized(handler: () => void): () => void {
  const id = authClient.interceptors.response.use(undefined, (error: unknown) => {
    if (error instanceof AxiosError && error.response?.status === 401) handler();
    return Promise.reject(error);
  });
  return () => authClient.interceptors.response.eject(id);
}

/**
 * The error as the server described it, or the transport's own message. A thunk's rejection
 * (already an envelope, from `unwrap()`) passes as it is.
 */
export function describeError(error: unknown): ApiErrorBody {
  if (isErrorBody(error)) return error;
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (body && typeof body.description === 'string') {
      return {
        code: body.code ?? error.response?.status ?? 0,
        description: body.description,
        errors: body.errors ?? {},
      };
    }
    // No answer at all (offline, the server down): the transport's words are not for a person.
    if (!error.response) return { code: 0, description: i18n.t('errors.unreachable'), errors: {} };
    // An answer that is not HeatDesk's (a proxy's 502 page): its status, in a person's words.
    const status = error.response.status;
    return { code: status, description: i18n.t('errors.noAnswer', { status }), errors: {} };
  }
  return {
    code: 0,
    description: error instanceof Error ? error.message : String(error),
    errors: {},
  };
}

function isErrorBody(error: unknown): error is ApiErrorBody {
  const body = error as Partial<ApiErrorBody> | null;
  return (
    typeof body === 'object' &&
    body !== null &&
    !(error instanceof Error) &&
    typeof body.description === 'string' &&
    typeof body.errors === 'object'
  );
}
