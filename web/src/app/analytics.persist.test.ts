import { fetchEnergyHistory, selectRange, selectSpan } from '../features/analytics';
import { makePersistor, makeStore } from './store';

describe('the analytics area in storage', () => {
  it('keeps the figures but never the chosen visualisation, period or range (spec §3)', async () => {
    const store = makeStore();
    const persistor = makePersistor(store);
    await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    store.dispatch(selectSpan('month'));
    store.dispatch(selectRange({ start_date: '2026-04-01', end_date: '2026-04-30' }));
    store.dispatch(fetchEnergyHistory.rejected(null, 'r1', 'month'));
    await persistor.flush();
    const stored = Object.keys(JSON.parse(localStorage.getItem('persist:analytics') ?? '{}'));
    expect(stored.sort()).toEqual(
      ['_persist', 'co2Savings', 'energyUsage', 'roomsRadiatorUsage', 'zonesRadiatorUsage'].sort(),
    );
    persistor.pause();
  });
});
