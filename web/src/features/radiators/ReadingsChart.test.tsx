import { cloneElement, type ReactElement } from 'react';
import { renderWithProviders } from '../../test/render';
import {
  ReadingsChart,
  dayTicks,
  hourTicks,
  temperatureTicks,
  thinned,
  timeTicks,
} from './ReadingsChart';
import type { Reading } from './types';

// jsdom lays nothing out, so the chart is given the size its container would measure.
vi.mock('recharts', async (original) => ({
  ...(await original<typeof import('recharts')>()),
  ResponsiveContainer: ({
    children,
  }: {
    children: ReactElement<{ width: number; height: number }>;
  }) => cloneElement(children, { width: 600, height: 280 }),
}));

describe('the readings chart’s time axis', () => {
  it('ticks on whole hours of the clock, every third over a day', () => {
    const first = new Date(2026, 10, 25, 20, 10).getTime();
    const ticks = hourTicks(first, first + 24 * 3_600_000, 3);
    expect(ticks.map((at) => new Date(at).getHours())).toEqual([21, 0, 3, 6, 9, 12, 15, 18]);
    expect(ticks.every((at) => new Date(at).getMinutes() === 0)).toBe(true);
    expect(hourTicks(first, first + 3 * 3_600_000, 1).map((at) => new Date(at).getHours())).toEqual(
      [21, 22, 23],
    );
  });

  it('marks a new radiator’s first minutes by their own times', () => {
    const first = new Date(2026, 10, 25, 20, 10).getTime();
    expect(timeTicks(first, first + 2 * 60_000)).toEqual([first, first + 2 * 60_000]);
    expect(timeTicks(first, first)).toEqual([first]);
    expect(timeTicks(first, first + 3 * 3_600_000)).toHaveLength(3);
  });
});

describe('a week of readings', () => {
  const week = Array.from({ length: 7 * 1440 }, (_, minute) => ({
    at: new Date(2026, 10, 22, 10, minute).toISOString(),
    temperature: minute % 2 ? 20 : 21,
    setpoint: minute < 3000 ? 21 : 0,
    power_w: 0,
    energy_wh: 1,
  }));

  it('ticks at each midnight of the clock', () => {
    const [first, last] = [Date.parse(week[0]?.at ?? ''), Date.parse(week.at(-1)?.at ?? '')];
    const ticks = dayTicks(first, last);
    expect(ticks.map((at) => new Date(at).getDate())).toEqual([23, 24, 25, 26, 27, 28, 29]);
    expect(ticks.every((at) => new Date(at).getHours() === 0)).toBe(true);
  });

  it('is thinned to runs of neighbours, their mean temperature and the setpoint they end on', () => {
    const points = thinned(week);
    expect(points.length).toBeLessThanOrEqual(1_200);
    expect(points.length).toBeGreaterThan(1_000);
    // Runs of 9 minutes: alternately 21 and 20 °C average to 20.6 or 20.4.
    expect(points[0]).toMatchObject({ at: week[0]?.at, temperature: 20.6, setpoint: 21 });
    expect(points[1]).toMatchObject({ at: week[9]?.at, temperature: 20.4 });
    expect(points.at(-1)?.setpoint).toBe(0);
    expect(thinned(week.slice(0, 1_000))).toHaveLength(1_000);
  });

  it('sums the energy of every reading, not of the points drawn', () => {
    renderWithProviders(<ReadingsChart readings={week} week />);
    expect(document.querySelector('figcaption')).toHaveTextContent(/10\.08\skWh used\.$/);
    expect(document.querySelector('figcaption')).not.toHaveTextContent('They start');
  });
});

describe('the readings chart’s temperature axis', () => {
  it('ticks on round steps from whole degrees, not 2.5, and around a flat line', () => {
    expect(temperatureTicks([18.4, 21, 22.6])).toEqual([18, 19, 20, 21, 22, 23]);
    expect(temperatureTicks([9.1, 20.5, 20.8])).toEqual([8, 10, 12, 14, 16, 18, 20, 22]);
    expect(temperatureTicks([2, 21, 26.4])).toEqual([0, 5, 10, 15, 20, 25, 30]);
    expect(temperatureTicks([20, 20])).toEqual([19, 19.5, 20, 20.5, 21]);
  });
});

describe('the readings chart', () => {
  const day = (setpoints: number[]): Reading[] =>
    setpoints.map((setpoint, index) => ({
      at: new Date(2026, 10, 25, 10, index * 10).toISOString(),
      temperature: 18 + index,
      setpoint,
      power_w: 0,
      energy_wh: 10,
    }));
  const legend = () =>
    [...document.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent);

  it('names the target in its legend while the radiator had one', () => {
    renderWithProviders(<ReadingsChart readings={day([0, 21, 21])} />);
    expect(legend()).toEqual(['Temperature', 'Target']);
  });

  it('names no target for a radiator off all day, as it draws none', () => {
    renderWithProviders(<ReadingsChart readings={day([0, 0, 0])} />);
    expect(legend()).toEqual(['Temperature']);
  });

  it('says when its readings start well short of the day, and not over a whole day', () => {
    const { unmount } = renderWithProviders(<ReadingsChart readings={day([21, 21, 21])} />);
    expect(document.querySelector('figcaption')).toHaveTextContent(
      /They start at \u206610:00\u2069: none came earlier in these 24 hours\.$/,
    );
    unmount();
    const whole = Array.from({ length: 25 }, (_, hour) => ({
      at: new Date(2026, 10, 25, hour).toISOString(),
      temperature: 20,
      setpoint: 21,
      power_w: 0,
      energy_wh: 0,
    }));
    renderWithProviders(<ReadingsChart readings={whole} />);
    expect(document.querySelector('figcaption')).not.toHaveTextContent('They start at');
  });
});
