/**
 * How a CO2 saving reads, the same on every screen: `over` whenever more was emitted than the
 * baseline (a first evening's heating outside the working hours the baseline heats is above
 * it), `saved` (0 included: less than the two decimals shown is neither), and `none` while
 * there is neither a baseline nor any CO2 to measure against it (before the first working hours
 * a business's radiators report).
 */
export function savingState({
  baseline_kg,
  saved_kg,
}: {
  baseline_kg: number;
  saved_kg: number;
}): 'none' | 'saved' | 'over' {
  if (saved_kg <= -0.005) return 'over';
  return baseline_kg > 0 ? 'saved' : 'none';
}
