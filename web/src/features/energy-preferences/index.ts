export { chargesSlice, fetchCharges, type ChargesState } from './slice';
export type { CarbonMethod, Charges, Goals, Tariff } from './types';
export { Preferences, type PreferencesTab } from './Preferences';
