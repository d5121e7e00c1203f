/**
 * °C with one decimal, or a dash when nothing was reported. Isolated left-to-right, so that
 * right-to-left text around it shows "20.5 °C", not "C° 20.5".
 */
export function formatCelsius(value: number | null | undefined) {
  return value === null || value === undefined ? '–' : `\u2066${value.toFixed(1)} °C\u2069`;
}
