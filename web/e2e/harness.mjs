// The shared harness of the browser tests: the real server binary on a fresh SQLite database,
// and Debian's Chromium driven by playwright-core.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const web = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const binary = process.env.HEATDESK_BIN ?? path.join(web, '..', 'target', 'debug', 'heatdesk');

/** Where the tests save their screenshots (created on import). */
export const screenshots = path.join(web, '..', 'target', 'e2e');
mkdirSync(screenshots, { recursive: true });

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

/**
 * Starts the server binary on a free port and a fresh SQLite database, at 60 times real time
 * (the simulated radiators report every second). With `demo` it seeds the demo business
 * (demo@heatdesk.example / heatdesk-demo). Resolves once /healthz answers.
 */
export async function startServer({ demo = false } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const data = mkdtempSync(path.join(tmpdir(), 'heatdesk-e2e-'));
  const args = [
    'serve',
    '--bind',
    `127.0.0.1:${port}`,
    '--database-url',
    `sqlite://${data}/e2e.db?mode=rwc`,
    '--time-scale',
    '60',
    // HeatDesk here is registered for VAT: its invoices show the VAT.
    '--vat-number',
    'GB123456789',
    ...(demo ? ['--demo'] : []),
  ];
  const server = spawn(binary, args, {
    env: { ...process.env, HEATDESK_PUBLIC_URL: base, RUST_LOG: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  // The demo back-fills 60 days of history before it answers: a minute or two on 2 cores.
  await waitForHealth(base, Date.now() + (demo ? 300_000 : 30_000));
  return {
    base,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** Launches headless Chromium (`CHROMIUM` overrides its path). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** Signs in as the demo business (a server started with `demo: true`) and waits for home. */
export async function signInAsDemo(page, base) {
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill('demo@heatdesk.example');
  await page.getByLabel('Password').fill('heatdesk-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/home`);
}

/** Collects what the browser reports breaking the server's Content-Security-Policy. */
export function cspViolations(page) {
  const violations = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}
