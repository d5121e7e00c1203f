import type { Figures } from '../analytics';
import type { ClosedDays } from '../schedules';

/** The home dashboard's figures (`GET /v2/dashboard/commercial/web`, analytics/dashboard.rs). */
export interface Dashboard {
  today: Figures;
  month: Figures & {
    /** The monthly budget in pence; null until set. */
    budget_pence: number | null;
    /** The cost at this month's daily rate so far, carried to the month's end. */
    forecast_pence: number;
    /** The share of the budget spent so far (1 = all of it); null without a budget. */
    budget_used: number | null;
  };
  /** This month's CO2 saving so far against the baseline, and the monthly CF goal. */
  co2_saved: {
    baseline_kg: number;
    actual_kg: number;
    saved_kg: number;
    goal_kg: number | null;
    /** Saved over the goal (1 = reached); null without a goal. */
    progress: number | null;
    /** The whole month's baseline at the rate of its working days and days off so far: no
     *  goal above it can be reached. Null until the month has a whole working day. */
    month_baseline_kg: number | null;
  };
  radiators: { total: number; online: number; heating: number };
  /** The mean temperature the online radiators report, °C; null with none online. */
  indoor_temperature: number | null;
  outdoor_temperature: number;
  /** Schedules switched on. */
  active_schedules: number;
  /** The closed days under way, or the next to come; null with none to come. */
  next_closed_days: ClosedDays | null;
}
