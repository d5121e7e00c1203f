import type { Persistor } from 'redux-persist';
import { onUnauthorized } from '../lib/http';
import { endSession, purgeOnSessionEnd } from '../lib/session';
import type { AppStore } from './store';

/**
 * Wires the store to the session: purging through `persistor`, and any 401 ending it. A new
 * sign-in is written to storage at once, so a reload straight after it stays signed in.
 */
export function connectSession(store: AppStore, persistor: Persistor | null): () => void {
  purgeOnSessionEnd(persistor);
  let signedIn = store.getState().auth.isAuthenticated;
  const unsubscribe = store.subscribe(() => {
    const was = signedIn;
    // Noted before flushing: the flush dispatches, which calls this again.
    signedIn = store.getState().auth.isAuthenticated;
    if (signedIn && !was) void persistor?.flush();
  });
  const stopListening = onUnauthorized(() => {
    void endSession(store);
  });
  return () => {
    unsubscribe();
    stopListening();
  };
}
