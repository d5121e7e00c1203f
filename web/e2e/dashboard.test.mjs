// The home dashboard against the demo business: its figures, the live rooms, and a widget
// dragged in edit mode that stays where it was put after a reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  cspViolations,
  launchBrowser,
  screenshots,
  signInAsDemo,
  startServer,
} from './harness.mjs';

let server;
let browser;
let base;

before(async () => {
  server = await startServer({ demo: true });
  base = server.base;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The saved layout of large screens, by widget. */
async function savedLarge(page) {
  const saved = await page.evaluate(() => localStorage.getItem('widgets'));
  if (!saved) return null;
  return Object.fromEntries(JSON.parse(saved).lg.map((placement) => [placement.id, placement]));
}

test('the home dashboard shows the demo, and a widget dragged in edit mode stays put', async () => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 1000 },
    colorScheme: 'light',
  });
  const page = await context.newPage();
  const violations = cspViolations(page);
  await signInAsDemo(page, base);

  const energy = page.getByTestId('today-energy');
  await energy.filter({ hasText: 'kWh' }).waitFor();

  // Signing in put the focus on the page's heading (the sign-in button went with its page).
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1');
  assert.equal(await page.title(), 'Welcome, Northwind Offices Ltd – HeatDesk');
  // On a page opened afresh, the keyboard's first stop skips the menus to the page.
  await page.reload();
  await energy.filter({ hasText: 'kWh' }).waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'main');
  // The demo's back-filled history fills last week (today, before the working day, may have
  // none yet).
  const week = page.getByRole('region', { name: 'Energy this week' });
  const summary = week.getByText(/Last week: .* to the same point/);
  await summary.waitFor();
  const lastWeek = /point, (.*) in all\./.exec(await summary.textContent())?.[1] ?? '';
  const kwh = Number.parseFloat(lastWeek.replace(/[^\d.]/g, ''));
  assert.ok(kwh > 0, `last week's energy is ${kwh} kWh`);
  await page.getByTestId('month-cost').filter({ hasText: '£' }).waitFor();
  const co2 = page.getByRole('region', { name: 'CO2 saved this month' });
  await co2
    .getByTestId('co2-baseline')
    .filter({ hasText: /Baseline .*kg/ })
    .waitFor();

  // Its rooms, each with a live temperature.
  const rooms = page.getByRole('region', { name: 'Rooms live' });
  await rooms.getByRole('listitem').nth(4).waitFor();
  assert.ok((await rooms.getByRole('link').count()) >= 5, 'the demo’s rooms are listed');
  await rooms.getByTestId('room-temperature').filter({ hasText: '°C' }).first().waitFor();
  await week.locator('svg').first().waitFor();
  await page.screenshot({ path: path.join(screenshots, 'dashboard-1440.png') });

  // Not draggable until the edit mode is on.
  assert.equal(await page.getByRole('button', { name: /^Move / }).count(), 0);
  await page.getByRole('button', { name: 'Edit layout' }).click();
  const handle = page.getByRole('button', { name: 'Move Energy today' });
  await handle.waitFor();
  await page.screenshot({ path: path.join(screenshots, 'dashboard-edit-1440.png') });

  // Drag today's energy one column along, onto the budget's place.
  const today = page.getByTestId('widget-today');
  const budget = page.getByTestId('widget-budget');
  const before = await today.boundingBox();
  const column = (await budget.boundingBox()).x - before.x;
  assert.ok(column > 200, 'three columns on a large screen');
  const grip = await handle.boundingBox();
  const [x, y] = [grip.x + grip.width / 2, grip.y + grip.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + column / 2, y + 10, { steps: 8 });
  await page.mouse.move(x + column, y + 10, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => {
    const saved = JSON.parse(localStorage.getItem('widgets') ?? '{}');
    return saved.lg?.find((placement) => placement.id === 'today')?.x === 1;
  });
  const saved = await savedLarge(page);
  assert.deepEqual(saved.today, { id: 'today', x: 1, y: 0, w: 1, h: 2 });
  await page.getByRole('button', { name: 'Done' }).click();

  await page.reload();
  await energy.filter({ hasText: 'kWh' }).waitFor();
  assert.deepEqual(await savedLarge(page), saved);
  await page.waitForFunction(
    ([left]) => {
      const box = document.querySelector('[data-testid="widget-today"]')?.getBoundingClientRect();
      return box && Math.abs(box.x - left) < 8;
    },
    [before.x + column],
  );
  assert.equal(await page.getByRole('button', { name: /^Move / }).count(), 0);
  await page.screenshot({ path: path.join(screenshots, 'dashboard-moved-1440.png') });

  // Back to the defaults.
  await page.getByRole('button', { name: 'Edit layout' }).click();
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  assert.equal(await page.evaluate(() => localStorage.getItem('widgets')), null);
  await page.waitForFunction(
    ([left]) => {
      const box = document.querySelector('[data-testid="widget-today"]')?.getBoundingClientRect();
      return box && Math.abs(box.x - left) < 8;
    },
    [before.x],
  );

  // The CO2 widget leads to the comparison, which shows the baseline's method.
  await co2.getByRole('link', { name: 'Compare' }).click();
  await page.waitForURL(`${base}/home/compare-co2`);
  await page.getByTestId('co2-method').filter({ hasText: 'Baseline' }).waitFor();
  await page.getByTestId('co2-baseline').filter({ hasText: 'kg' }).waitFor();
  await page.getByRole('button', { name: 'Week' }).click();
  await page.waitForURL(`${base}/home/compare-co2?period=week`);
  await page.getByTestId('co2-current').filter({ hasText: 'kg' }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'compare-co2-1440.png'), fullPage: true });
  // A day's chart names the hours it draws a tick under: some of them, from midnight, in order,
  // at even steps.
  await page.getByRole('button', { name: 'Day' }).click();
  await page.waitForURL(`${base}/home/compare-co2?period=day`);
  const chart = page.locator('figure').filter({ hasText: 'Against the previous period' });
  const ticks = chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await ticks.first().filter({ hasText: '00:00' }).waitFor();
  const hours = (await ticks.allTextContents()).map((tick) => Number(/(\d\d):00/.exec(tick)?.[1]));
  assert.ok(hours.length > 2 && hours.length < 24, `some hours are left out: ${hours}`);
  const step = hours[1] - hours[0];
  assert.deepEqual(
    hours,
    hours.map((_, index) => index * step),
    `the hours run in order at even steps: ${hours}`,
  );

  assert.deepEqual(violations, [], 'the dashboard works under the Content-Security-Policy');
  await context.close();
});

test('on a phone in Arabic, no page is wider than the screen', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.evaluate(() =>
    localStorage.setItem('preferences', JSON.stringify({ language: 'ar', direction: 'rtl' })),
  );
  await page.goto(`${base}/`);
  await page.getByLabel('البريد الإلكتروني').fill('demo@heatdesk.example');
  await page.getByLabel('كلمة المرور').fill('heatdesk-demo');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.waitForURL(`${base}/home`);
  for (const route of [
    '/home',
    '/rooms',
    '/radiators',
    '/zones',
    '/schedules',
    '/analytics/rooms-usage',
    '/settings?tab=history',
    '/subscriptions',
    '/subscriptions/invoices/HD-000001',
  ]) {
    await page.goto(`${base}${route}`);
    await page.locator('main h1').waitFor();
    // Lists and charts load after the heading (the live stream never lets the network idle).
    await page.waitForTimeout(1500);
    const [scrolled, shown] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    assert.ok(scrolled <= shown, `${route} is ${scrolled} px wide on a ${shown} px screen`);
    // Every chart is drawn: none squeezed to nothing by a column without a set height.
    const heights = await page
      .locator('.recharts-responsive-container')
      .evaluateAll((charts) => charts.map((chart) => chart.getBoundingClientRect().height));
    assert.ok(
      heights.every((height) => height > 0),
      `${route} has charts ${heights.join(', ')} px high`,
    );
  }
  // The menu is a dialog named like the menu; a page chosen in it with the keyboard takes the
  // focus to its heading, not back to the menu button.
  await page.getByRole('button', { name: 'فتح القائمة' }).click();
  const menu = page.getByRole('dialog', { name: 'القائمة الرئيسية' });
  await menu.getByRole('link', { name: 'المناطق' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${base}/zones`);
  await page.waitForFunction(() => document.activeElement?.matches('main h1'));
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'المناطق');
  await context.close();
});
