import type { Persistor } from 'redux-persist';
import { onUnauthorized } from '../lib/http';
import { endSession, purgeOnSessionEnd } from '../lib/session';
import type { AppStore } from './store';

/** Wires the store to the session: purging through `persistor`, and any 401 ending it. */
export function connectSession(store: AppStore, persistor: Persistor | null): () => void {
  purgeOnSessionEnd(persistor);
  return onUnauthorized(() => {
    void endSession(store);
  });
}
