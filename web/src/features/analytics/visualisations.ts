import { paths } from '../../config/paths';

/** The visualisations of `/analytics`, each at `/analytics/{visId}`. */
export const VISUALISATIONS = [
  'energy-history',
  'co2-savings',
  'rooms-usage',
  'zones-usage',
] as const;

export type VisId = (typeof VISUALISATIONS)[number];

export function isVisId(value: string | undefined): value is VisId {
  return VISUALISATIONS.includes(value as VisId);
}

/** The page of one visualisation. */
export const visualisationPath = (id: VisId) => paths.analyticsView.replace(':visId', id);

/** The visualisations shown for a range of days (the energy history has its periods instead). */
export type RangedVisId = Exclude<VisId, 'energy-history'>;
