export type Severity = 'info' | 'warning' | 'critical';

/** `GET /v2/insights`. */
export interface Insight {
  id: number;
  kind: string;
  severity: Severity;
  title: string;
  body: string;
  action_path: string;
  params: Record<string, unknown>;
  created_at: string;
}

/** `GET /v2/energy-saving-tips`. */
export interface Tip {
  id: string;
  category: string;
  title: string;
  body: string;
  estimated_saving_percent: number;
  /** Null for what is done in the building itself. */
  action_path: string | null;
}
