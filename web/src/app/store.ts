import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistConfig,
} from 'redux-persist';
// The ES build: the CommonJS one breaks in the production bundle (TOOLING.md).
import storage from 'redux-persist/es/storage';
import { analyticsSlice } from '../features/analytics';
import { authSlice } from '../features/auth';
import { dashboardSlice } from '../features/dashboard';
import { chargesSlice } from '../features/energy-preferences';
import { notificationsSlice } from '../features/notifications';
import { consentSlice, onboardingSlice } from '../features/onboarding';
import { loadPreferences, preferencesSlice, savePreferences } from '../features/preferences';
import { profileImageSlice } from '../features/profile';
import { radiatorsSlice } from '../features/radiators';
import { roomsSlice } from '../features/rooms';
import { scheduleSlice } from '../features/schedules';
import { settingsSlice } from '../features/settings';
import { subscriptionPlanSlice } from '../features/subscriptions';
import { zonesSlice } from '../features/zones';

/** Persisted under `persist:<area>`; the listed fields (and a load's flags) stay transient. */
function persisted<S>(key: string, blacklist: (keyof S & string)[], reducer: Reducer<S>) {
  const config: PersistConfig<S> = {
    key,
    storage,
    timeout: 5000,
    blacklist: ['isLoading', 'missing', ...blacklist],
  };
  return persistReducer(config, reducer);
}

const rootReducer = combineReducers({
  auth: persisted('auth', ['success', 'error'], authSlice.reducer),
  radiators: persisted(
    'radiators',
    ['radiatorToUpdate', 'error', 'live', 'snapshots'],
    radiatorsSlice.reducer,
  ),
  rooms: persisted('rooms', ['room', 'error'], roomsSlice.reducer),
  zones: persisted('zones', ['zoneToUpdate', 'error'], zonesSlice.reducer),
  schedule: persisted('schedule', ['schedule', 'scheduleFor', 'error'], scheduleSlice.reducer),
  settings: persisted('settings', ['settingTab', 'error'], settingsSlice.reducer),
  onboarding: persisted('onboarding', [], onboardingSlice.reducer),
  consent: persisted('consent', ['consentPayload', 'error'], consentSlice.reducer),
  subscriptionPlan: persisted(
    'subscriptionPlan',
    ['error', 'declinedInCheckout'],
    subscriptionPlanSlice.reducer,
  ),
  analytics: persisted(
    'analytics',
    ['error', 'refusedRange', 'selectedAnalytics'],
    analyticsSlice.reducer,
  ),
  // Transient areas; preferences are saved under their own local storage key.
  preferences: preferencesSlice.reducer,
  charges: chargesSlice.reducer,
  // Spec §3 persists `dashboard` but not its figures, which are all it holds.
  dashboard: dashboardSlice.reducer,
  notifications: notificationsSlice.reducer,
  profileImage: profileImageSlice.reducer,
});

/** Every area that redux-persist stores, for tests and purging. */
export const PERSISTED_AREAS = [
  'auth',
  'radiators',
  'rooms',
  'zones',
  'schedule',
  'settings',
  'onboarding',
  'consent',
  'subscriptionPlan',
  'analytics',
] as const;

export type RootState = ReturnType<typeof rootReducer>;

/** Starting state for tests: any areas, without redux-persist's bookkeeping. */
export type PreloadedState = { [Area in keyof RootState]?: Omit<RootState[Area], '_persist'> };

export function makeStore(preloadedState?: PreloadedState) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { preferences: loadPreferences(), ...preloadedState } as RootState,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
  let saved = store.getState().preferences;
  store.subscribe(() => {
    const { preferences } = store.getState();
    if (preferences !== saved) {
      saved = preferences;
      savePreferences(preferences);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

// The typed hooks of lib/hooks.ts take their types from here. (Inside this block `RootState`
// would name lib/hooks' own alias, hence the expressions.)
declare module '../lib/hooks' {
  interface StoreTypes {
    state: ReturnType<typeof rootReducer>;
    dispatch: ReturnType<typeof makeStore>['dispatch'];
  }
}

export function makePersistor(store: AppStore) {
  return persistStore(store);
}
