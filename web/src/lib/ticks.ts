/**
 * A value axis's ticks from `low` past `high`, at most `most` of them (one more where `low` is
 * not on a step), at a step of one of `multiples` times a power of ten: "0, 100, 200, 300, 400
 * kWh" or "18, 20, 22, 24 °C", where recharts would step by 85 or end on 23.
 */
export function niceTicks(low: number, high: number, most = 5, multiples = [1, 2, 2.5, 5]) {
  const span = high - low;
  const rough = (span > 0 ? span : Math.max(Math.abs(high), 1)) / (most - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [...multiples, 10].map((times) => times * power).find((at) => at >= rough) ?? rough;
  const first = Math.floor(low / step + 1e-9) * step;
  const steps = Math.max(1, Math.ceil((high - first) / step - 1e-9));
  return Array.from({ length: steps + 1 }, (_, index) =>
    Number((first + index * step).toPrecision(12)),
  );
}
