import type { Dashboard } from '../dashboard';
/** The energy preferences' records as the server shows them (`tariffs/`, `goals/`, `analytics/`). */

export interface Rates {
  /** Pence per kWh. */
  unit_rate_pence: number;
  /** Pence per day. */
  standing_charge_pence: number;
}

export interface Tariff extends Rates {
  id: number;
  /** `YYYY-MM-DD`: costs from this day on use it. */
  effective_from: string;
  /** When it was entered, ISO 8601. */
  created_at: string;
}

/** `data.charges`: the tariff in force today and every tariff entered, latest first. */
export interface Charges {
  current: Rates;
  /** 1 while no tariff of the business is in force and the default applies. */
  is_default: number;
  history: Tariff[];
}

export interface TariffPayload extends Rates {
  effective_from: string;
}

/** How CO2 is counted: the GB grid's half-hourly intensity profile, or DESNZ's flat factor. */
export type CarbonMethod = 'profile' | 'desnz';

export const CARBON_METHODS: CarbonMethod[] = ['profile', 'desnz'];

/** What `me` tells of the business's goals (`auth/profile.rs`). */
export interface Goals {
  /** The monthly electricity budget in pence; null until set. */
  electricity_budget_pence?: number | null;
  /** The monthly CO2 savings goal in kg; null until set. */
  carbon_goal_kg?: number | null;
  carbon_method?: CarbonMethod;
}

/** The home dashboard's month and CO2 figures, which these pages show beside their forms. */
export type DashboardFigures = Pick<Dashboard, 'month' | 'co2_saved'>;
