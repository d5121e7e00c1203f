import type { Persistor } from 'redux-persist';
import { onUnauthorized } from '../lib/http';
import { removeToken, sessionEnded } from '../lib/session';
import type { AppStore } from './store';

let persistor: Persistor | null = null;

/**
 * Ends the signed-in session in this browser: removes the token, resets every state area and
 * purges what redux-persist stored (DESIGN.md §3).
 */
export async function endSession(store: Pick<AppStore, 'dispatch'>): Promise<void> {
  removeToken();
  store.dispatch(sessionEnded());
  await persistor?.purge();
}

/** Wires the store to the session: purging through `persistorOf`, and any 401 ending it. */
export function connectSession(store: AppStore, persistorOf: Persistor | null): () => void {
  persistor = persistorOf;
  return onUnauthorized(() => {
    void endSession(store);
  });
}
