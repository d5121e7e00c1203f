export { chargesSlice, fetchCharges, type ChargesState } from './slice';
export type { CarbonMethod, Charges, Goals, Tariff } from './types';
export { PreferencesOverview } from './PreferencesOverview';
export { PreferencesTabs } from './PreferencesTabs';
export { EnergyUsagePreferences } from './EnergyUsagePreferences';
export { Co2Preferences } from './Co2Preferences';
export { EntireOffice } from './EntireOffice';
