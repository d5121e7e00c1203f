// Browser tests of the analytics and the energy preferences: the demo business (60 days of
// history) in Debian's Chromium, driven by playwright-core, against the real server binary.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
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

/** A kWh figure as the app writes it: one decimal from 10 up, two below, British grouping. */
function kwh(value) {
  const digits = Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toLocaleString('en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${text} kWh`;
}

test('the energy history switches period, shows each one’s totals and downloads them as CSV', async () => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    colorScheme: 'light',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const violations = cspViolations(page);
  await signInAsDemo(page, base);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await page.waitForURL(`${base}/analytics`);
  for (const id of ['energy-history', 'co2-savings', 'rooms-usage', 'zones-usage']) {
    // Each card's key figures, once its data has come (slow while the demo's history is still
    // being back-filled, in the first minute or two).
    await page.getByTestId(`figures-${id}`).waitFor({ timeout: 120_000 });
  }
  await page.getByTestId('vis-energy-history').locator('svg.recharts-surface').waitFor();
  await page.screenshot({ path: path.join(screenshots, 'analytics-1440.png'), fullPage: true });

  const answered = (type) =>
    page.waitForResponse(
      (response) =>
        response.url().includes(`/energy-history-graph?type=${type}`) && response.status() === 200,
    );
  let week = answered('week');
  await page.getByRole('link', { name: 'Open Energy history' }).click();
  await page.waitForURL(`${base}/analytics/energy-history`);

  /** The period's kWh as the server answered it, once the page shows exactly that. */
  async function shown(answer, label) {
    const history = (await (await answer).json()).data.energy_history;
    await page
      .getByTestId('period')
      .filter({ hasText: `${label}:` })
      .waitFor();
    await page
      .getByTestId('total-kwh')
      .filter({ hasText: kwh(history.totals.kwh) })
      .waitFor();
    assert.ok(history.buckets.length > 0);
    return history.totals.kwh;
  }
  const totals = { week: await shown(week, 'This week') };
  await page.locator('svg.recharts-surface').first().waitFor();
  for (const [span, label] of [
    ['day', 'Today'],
    ['month', 'This month'],
    ['year', 'This year'],
  ]) {
    const response = answered(span);
    const name = span[0].toUpperCase() + span.slice(1);
    await page.getByRole('button', { name, exact: true }).click();
    totals[span] = await shown(response, label);
  }
  // Today is in this month and this year (each asked for after the one before, so never less);
  // with the demo's 60 days of history the periods differ.
  assert.ok(totals.year >= totals.month && totals.month >= totals.day, JSON.stringify(totals));
  assert.ok(new Set(Object.values(totals)).size > 1, JSON.stringify(totals));
  await page.screenshot({ path: path.join(screenshots, 'energy-history-year-1440.png') });

  week = answered('week');
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await shown(week, 'This week');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  // Named by the week's Monday, so that each week's file is kept apart.
  assert.match(download.suggestedFilename(), /^energy-history-week-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split('\n');
  assert.equal(lines[0], 'period,start,kwh,cost_pence,co2_kg');
  // Monday to Sunday of this week, then of the week before.
  assert.equal(lines.filter((line) => line.startsWith('current,')).length, 7);
  assert.equal(lines.filter((line) => line.startsWith('previous,')).length, 7);

  assert.deepEqual(violations, [], 'the charts and downloads work under the CSP');
  await context.close();
});

test('the monthly budget is set on the energy usage preferences, with the fixed toast', async () => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    colorScheme: 'dark',
  });
  const page = await context.newPage();
  await signInAsDemo(page, base);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Preferences' })
    .click();
  await page.waitForURL(`${base}/preferences`);
  await page
    .getByTestId('glance-office')
    .filter({ hasText: /\d+ of \d+/ })
    .waitFor();
  await page.getByRole('link', { name: 'Budget and tariff' }).click();
  await page.waitForURL(`${base}/preferences/energy-usage`);
  await page.getByTestId('month-cost').waitFor();

  await page.getByLabel('Budget per month').fill('1500');
  await page.getByRole('button', { name: 'Save budget' }).click();
  await page.getByText('Energy budget updated successfully').waitFor();
  // The month's figures are read again against the new budget.
  await page.getByTestId('month-budget').filter({ hasText: '£1,500.00' }).waitFor();
  await page
    .getByRole('region', { name: 'Tariff history' })
    .or(page.getByText('No tariff entered yet.'))
    .waitFor();
  await page.screenshot({
    path: path.join(screenshots, 'preferences-energy-dark-1440.png'),
    fullPage: true,
  });
  const me = await page.evaluate(async () => {
    const token = document.cookie.match(/token=([^;]+)/)?.[1];
    const answer = await fetch('/v2/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    return (await answer.json()).data.me;
  });
  assert.equal(me.electricity_budget_pence, 150000);
  await context.close();
});
