/** One change in the action history. */
export interface HistoryEntry {
  id: number;
  /** Who made it; empty when that account is gone or HeatDesk made it (see `by`). */
  user_email: string;
  /** What made it when no user did: "schedule 'Office hours'". */
  by: string | null;
  action: string;
  record_type: string;
  record_id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
}

export interface HistoryQuery {
  /** 1-based. */
  page: number;
  per_page: number;
  /** Only changes to records of this kind; empty: all. */
  kind: string;
  /** Only the changes people made, or those HeatDesk made; empty: both. */
  by: '' | 'people' | 'heatdesk';
}

/** An automation's parameters: numbers, or times as "HH:MM". */
export type Parameters = Record<string, number | string>;

export interface Automation {
  key: string;
  name: string;
  description: string;
  enabled: number;
  parameters: Parameters;
  /** What each number parameter may be. */
  limits: Record<string, { min: number; max: number; step: number }>;
}

export interface BusinessSettings {
  /** IANA, like Europe/London. */
  time_zone: string;
  /** ISO days, 1 = Monday. */
  working_days: number[];
  working_hours: { start: string; end: string };
  comfort_setpoint: number;
}

export type SettingTab = 'history' | 'automations' | 'business' | 'notifications';
