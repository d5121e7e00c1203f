// Browser end-to-end tests: Debian's Chromium, driven by playwright-core, against the real
// server binary on a fresh SQLite database.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const web = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const binary = process.env.HEATDESK_BIN ?? path.join(web, '..', 'target', 'debug', 'heatdesk');
const screenshots = path.join(web, '..', 'target', 'e2e');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

let server;
let browser;
let base;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, deadline = Date.now() + 30_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${url} did not become healthy`);
}

before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const data = mkdtempSync(path.join(tmpdir(), 'heatdesk-e2e-'));
  server = spawn(
    binary,
    ['serve', '--bind', `127.0.0.1:${port}`, '--database-url', `sqlite://${data}/e2e.db?mode=rwc`],
    {
      env: { ...process.env, HEATDESK_PUBLIC_URL: base, RUST_LOG: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitForHealth(base);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  mkdirSync(screenshots, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

const business = {
  email: `owner-${Date.now()}@acme.co.uk`,
  password: 'correct horse battery',
};

async function fillRegistration(page) {
  await page.getByLabel('Business name').fill('Acme Heating Ltd');
  await page.getByLabel('Trading name').fill('Acme Warmth');
  await page.getByLabel('Email').fill(business.email);
  await page.getByLabel('Mobile number').fill('07700 900123');
  await page.getByLabel('Address line 1').fill('1 High Street');
  await page.getByLabel('Town').fill('Headingley');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 4AP');
  await page.getByLabel('Password', { exact: false }).first().fill(business.password);
  await page.getByLabel('Confirm password').fill(business.password);
}

async function signIn(page, password = business.password) {
  await page.getByLabel('Email').fill(business.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a business registers, signs in, keeps its session, and switches theme and language', async () => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
  });
  const page = await context.newPage();

  await page.goto(`${base}/register`);
  await page.getByRole('heading', { level: 1, name: 'Create your business account' }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'register-1280.png'), fullPage: true });
  await fillRegistration(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Your account has been created. You can now sign in.').waitFor();
  await page.waitForURL(`${base}/`);
  await page.screenshot({ path: path.join(screenshots, 'login-1280.png') });

  await signIn(page, 'not the password');
  await page.getByText('The email or password is incorrect.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');

  await signIn(page);
  await page.waitForURL(`${base}/home`);
  await page.getByRole('heading', { level: 1, name: 'Welcome, Acme Heating Ltd' }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'home-1280.png') });

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Welcome, Acme Heating Ltd' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/home');

  // The theme follows the system (light here) until the user picks one.
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  assert.equal(await theme(), 'light');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await page.screenshot({ path: path.join(screenshots, 'home-dark.png') });
  await page.getByRole('button', { name: 'Light mode' }).click();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await page.getByRole('heading', { level: 1, name: 'مرحبًا، Acme Heating Ltd' }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'home-arabic.png') });
  await page.getByRole('button', { name: 'اللغة' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Rooms' })
    .waitFor();
  await page.screenshot({ path: path.join(screenshots, 'home-1920.png') });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${base}/`);
  await page.goto(`${base}/home`);
  await page.waitForURL(`${base}/`);
  const stored = await page.evaluate(() => localStorage.getItem('persist:auth') ?? '');
  assert.doesNotMatch(stored, /Acme/);
  await context.close();
});

test('unknown pages show the 404 page and API paths answer JSON', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/no-such-page`);
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  const api = await page.request.get(`${base}/v2/no-such-endpoint`);
  assert.equal(api.status(), 404);
  assert.equal((await api.json()).code, 404);
  await context.close();
});
