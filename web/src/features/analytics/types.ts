/** The analytics' records as the server shows them (`server/src/analytics/`). */

/** How long an energy history period is: its buckets are hours, days, days or months. */
export type Span = 'day' | 'week' | 'month' | 'year';

export const SPANS: Span[] = ['day', 'week', 'month', 'year'];

export interface Figures {
  kwh: number;
  cost_pence: number;
  co2_kg: number;
}

export interface Bucket extends Figures {
  /** ISO 8601 with the business's offset. */
  start: string;
}

export interface PeriodFigures {
  start: string;
  end: string;
  buckets: Bucket[];
  totals: Figures;
}

export interface EnergyHistory extends PeriodFigures {
  type: Span;
  /** The period before, for comparison. */
  previous: PeriodFigures;
  /**
   * The period before up to the point this one has reached by the local clock (the same time of
   * day, weekday, day of the month or date): what a period still running is set against; null
   * when the business began after that point.
   */
  previous_so_far: Figures | null;
  /** When the business began (ISO 8601): the period before has buckets only from then on. */
  began: string;
}

export interface DaySaving {
  /** `YYYY-MM-DD`, a local day. */
  date: string;
  baseline_kg: number;
  actual_kg: number;
  saved_kg: number;
}

export interface MonthProgress {
  /** `YYYY-MM`. */
  month: string;
  /** The month's baseline: 0 while none is counted yet. */
  baseline_kg: number;
  saved_kg: number;
  /** Saved over the monthly goal (1 = reached); null without a goal. */
  progress: number | null;
}

/** How a saving was worked out, in parts (server: analytics/baseline `MethodParts`). */
export interface MethodParts {
  baseline: 'thermal' | 'degree_days';
  comfort_setpoint: number;
  /** `HH:MM`. */
  working_start: string;
  working_end: string;
  learning_days: number;
  base_temperature: number;
  carbon: 'profile' | 'desnz';
}

export interface Co2Saving {
  /** How the baseline and the CO2 were worked out, in an English sentence (`methodText` words
   *  `method_parts` in the reader's language). */
  method: string;
  method_parts: MethodParts;
  days: DaySaving[];
  totals: { baseline_kg: number; actual_kg: number; saved_kg: number };
  goal: { monthly_kg: number | null; months: MonthProgress[] };
}

export interface RadiatorUsage extends Figures {
  id: number;
  name: string;
  heating_hours: number;
  /** Whether any reading falls in the range: without one the zeros are for nothing recorded,
   *  not for nothing used. */
  reported: boolean;
}

/** A room's or a zone's use over a range, with its radiators'. */
export interface PlaceUsage extends RadiatorUsage {
  /** The mean of its radiators' readings; null without any. */
  average_temperature: number | null;
  radiators: RadiatorUsage[];
}

/** The local days a ranged visualisation covers, as the API takes them. */
export interface DateRange {
  start_date: string;
  end_date: string;
}

/** A ranged visualisation's data with the range it is for. */
export interface Ranged<T> {
  range: DateRange;
  data: T;
}
