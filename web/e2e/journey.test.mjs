// Browser end-to-end tests: Debian's Chromium, driven by playwright-core, against the real
// server binary on a fresh SQLite database.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cspViolations, launchBrowser, screenshots, startServer } from './harness.mjs';

let server;
let browser;
let base;

before(async () => {
  server = await startServer();
  base = server.base;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const business = {
  email: `owner-${Date.now()}@acme.co.uk`,
  password: 'correct horse battery',
};

/** Registers and onboards a business with `email` through the API; signs in through the page. */
async function signedInAs(page, email) {
  const body = {
    first_name: 'Lab Co',
    last_name: 'Lab Co Trading',
    business_name: 'Lab Co',
    email,
    mobile: '07700 900124',
    address_line1: '2 Low Road',
    address_line2: '',
    town: 'Leeds',
    city: 'Leeds',
    post_code: 'LS2 7AA',
    password: business.password,
    is_business: 1,
    is_same_address: 1,
  };
  const registered = await page.request.post(`${base}/v2/auth`, { data: body });
  assert.equal(registered.status(), 200);
  // Onboarded through the API (the first test walks it in the page): a Starter trial, consent,
  // the address as registered, done.
  const login = await page.request.post(`${base}/v2/auth/login`, {
    data: { email, password: business.password },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).data.user.access_token}` };
  const steps = [
    ['/v2/users/subscriptions/get_free_trial', { plan_id: 1 }],
    ['/v2/consents', { terms_version: '2026-11', agreed: 1, mpan: '1200023305967' }],
    [
      '/v2/users/address/confirm',
      {
        business_address_line1: body.address_line1,
        business_address_line2: '',
        business_town: body.town,
        business_city: body.city,
        business_post_code: body.post_code,
      },
    ],
    ['/v2/users/onboarding/complete', {}],
  ];
  for (const [step, data] of steps) {
    const answer = await page.request.post(`${base}${step}`, { headers, data });
    assert.equal(answer.status(), 200, step);
  }
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(business.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/home`);
}

async function fillRegistration(page) {
  await page.getByLabel('Business name').fill('Acme Heating Ltd');
  await page.getByLabel('Trading name').fill('Acme Warmth');
  await page.getByLabel('Email').fill(business.email);
  await page.getByLabel('Mobile number').fill('07700 900123');
  await page.getByLabel('Address line 1').fill('1 High Street');
  await page.getByLabel('Town or area (optional)').fill('Headingley');
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 4AP');
  await page.getByLabel('Password', { exact: false }).first().fill(business.password);
  await page.getByLabel('Confirm password').fill(business.password);
}

async function signIn(page, password = business.password) {
  await page.getByLabel('Email').fill(business.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a business registers, onboards (trial, consent, address, energy usage), adds a room and a radiator, keeps its session, switches theme and language, withdraws consent and deletes its account', async () => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
  });
  const page = await context.newPage();
  const violations = cspViolations(page);

  const first = await page.goto(`${base}/register`);
  assert.match(first.headers()['content-security-policy'], /script-src 'self'/);
  await page.getByRole('heading', { level: 1, name: 'Create your business account' }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'register-1280.png'), fullPage: true });
  await fillRegistration(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page
    .getByText(
      'Your account has been created, and we have sent a link to confirm your email. You can now sign in.',
    )
    .waitFor();
  await page.waitForURL(`${base}/`);
  // Ready for the password: the address just registered is filled in.
  assert.equal(await page.getByLabel('Email').inputValue(), business.email);
  await page.screenshot({ path: path.join(screenshots, 'login-1280.png') });

  await signIn(page, 'not the password');
  await page.getByText('The email or password is incorrect.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');

  // A new business is sent through onboarding, a step at a time.
  await signIn(page);
  await page.waitForURL(`${base}/subscription-plan`);
  // The address is not confirmed yet: the link mailed at sign-up is waited for.
  await page
    .getByTestId('email-unconfirmed')
    .getByText(`we sent a link to \u2066${business.email}\u2069`)
    .waitFor();
  const starter = page.getByRole('region', { name: 'Starter' });
  await starter.getByRole('button', { name: 'Start a 14-day free trial' }).click();
  await page.waitForURL(`${base}/consent-setup`);
  await page.getByLabel('MPAN (meter number)').fill('1200 0233 0596 7');
  await page.getByLabel('In-home display MAC (optional)').fill('00-1a-2b-3c-4d-5e-6f-70');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.screenshot({ path: path.join(screenshots, 'consent-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Give consent' }).click();
  await page.waitForURL(`${base}/confirm-address`);
  // A reload resumes at the same step.
  await page.reload();
  await page.getByLabel('Address line 1').waitFor();
  assert.equal(await page.getByLabel('Postcode').inputValue(), 'LS1 4AP');
  await page.getByRole('button', { name: 'Confirm address' }).click();
  await page.waitForURL(`${base}/energy-usage`);
  const perDay = page.getByRole('table', { name: 'Electricity per day' });
  await perDay.getByRole('row').nth(7).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'energy-usage-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Go to my dashboard' }).click();
  await page.waitForURL(`${base}/home`);
  await page.getByRole('heading', { level: 1, name: 'Welcome, Acme Heating Ltd' }).waitFor();
  // No radiators yet: the home says so and leads to adding them.
  await page.getByTestId('first-steps').getByRole('link', { name: 'Add a room' }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'home-1280.png') });

  // From there, a room with a radiator, and the home fills in as it reports.
  await page.getByTestId('first-steps').getByRole('link', { name: 'Add a room' }).click();
  await page.getByLabel('Room name').fill('Office');
  await page.getByRole('button', { name: 'Create room' }).click();
  await page.waitForURL(`${base}/rooms/Office`);
  await page.getByRole('button', { name: 'Attach radiator' }).click();
  await page.getByLabel('Radiator id').fill('E2E-J001');
  await page.getByLabel('Radiator name').fill('Office east');
  await page.getByRole('dialog').getByRole('button', { name: 'Attach radiator' }).click();
  await page
    .getByTestId('radiator-E2E-J001')
    .getByTestId('current-temperature')
    .filter({ hasText: '°C' })
    .waitFor();
  await page.goto(`${base}/home`);
  const roomsLive = page.getByTestId('widget-rooms');
  await roomsLive.getByText('1 of 1 radiator online', { exact: false }).waitFor();
  await roomsLive.getByRole('link', { name: 'Office' }).waitFor();
  assert.equal(await page.getByTestId('first-steps').count(), 0, 'no first steps left');
  await page.getByTestId('widget-chart').locator('.recharts-wrapper').waitFor();
  await page.screenshot({ path: path.join(screenshots, 'home-populated-1280.png') });

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Welcome, Acme Heating Ltd' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/home');

  // The theme follows the system (light here) until the user picks one.
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  assert.equal(await theme(), 'light');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  // The browser draws its own controls (time pickers, scroll bars) dark too.
  assert.equal(
    await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme),
    'dark',
  );
  await page.screenshot({ path: path.join(screenshots, 'home-dark.png') });
  await page.getByRole('button', { name: 'Light mode' }).click();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  // The menu fades out after its role is gone; its popover leaves the page only at the end.
  await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
  // The business's name is isolated in the Arabic sentence, in its own reading order.
  const welcome = 'مرحبًا، \u2068Acme Heating Ltd\u2069';
  await page.getByRole('heading', { level: 1, name: welcome }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'home-arabic.png') });
  await page.getByRole('button', { name: 'اللغة' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
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

  // Back in: withdraw the meter consent, then delete the account.
  await signIn(page);
  await page.waitForURL(`${base}/home`);
  await page.goto(`${base}/withdraw-consent`);
  await page.getByText('Meter (MPAN): 1200023305967').waitFor();
  await page.getByText('In-home display: 001A2B3C4D5E6F70').waitFor();
  await page.getByRole('button', { name: 'Withdraw consent' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw consent' }).click();
  await page
    .getByTestId('consent-state')
    .filter({ hasText: 'You withdrew your consent' })
    .waitFor();
  await page.goto(`${base}/energy-usage`);
  await page.getByText(/you have not given your consent, or you withdrew it/).waitFor();
  await page.goto(`${base}/profile`);
  // A profile image goes up as a real multipart upload and comes back as the kept PNG.
  const onePixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixel });
  await page.getByText('Profile image updated.').waitFor();
  await page.locator('img[alt="Your profile image"]').waitFor();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/will be deleted for good/).waitFor();
  // The card payments can be kept first; a trial has none, so the file holds its header alone.
  const [payments] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download the payments (CSV)' }).click(),
  ]);
  assert.equal(payments.suggestedFilename(), 'heatdesk-payments.csv');
  assert.equal(
    readFileSync(await payments.path(), 'utf8'),
    'date,plan,amount_gbp,status,card_last4,invoice\n',
  );
  await dialog.getByLabel('Your password, to confirm').fill(business.password);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await page.waitForURL(`${base}/`);
  await signIn(page);
  await page.getByText('The email or password is incorrect.').waitFor();
  assert.deepEqual(violations, [], 'the app works under the Content-Security-Policy');
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

test('a room gets a radiator whose live temperature follows a new target, then loses it', async () => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    colorScheme: 'light',
  });
  const page = await context.newPage();
  const violations = cspViolations(page);
  await signedInAs(page, `lab-${Date.now()}@labco.co.uk`);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Rooms' })
    .click();
  await page.getByText('No rooms yet').waitFor();
  await page.getByRole('link', { name: 'Add a room' }).first().click();
  await page.getByLabel('Room name').fill('Test lab');
  await page.getByRole('button', { name: 'Create room' }).click();
  await page.waitForURL(`${base}/rooms/Test%20lab`);
  await page.getByRole('heading', { level: 1, name: 'Test lab' }).waitFor();

  await page.getByRole('button', { name: 'Attach radiator' }).click();
  await page.getByLabel('Radiator id').fill('E2E-0001');
  await page.getByLabel('Radiator name').fill('Lab east');
  await page.getByRole('dialog').getByRole('button', { name: 'Attach radiator' }).click();
  const row = page.getByTestId('radiator-E2E-0001');
  await row.waitFor();
  // The simulated radiator reports within a second or two; its temperature appears live.
  await row.getByTestId('current-temperature').filter({ hasText: '°C' }).waitFor();

  await row.getByRole('link', { name: 'Lab east' }).click();
  await page.getByRole('heading', { level: 1, name: 'Lab east' }).waitFor();
  for (let step = 0; step < 4; step += 1) {
    await page.getByRole('button', { name: 'Raise the target by 0.5 °C' }).click();
    await page
      .getByText(/set to/)
      .last()
      .waitFor();
  }
  await page.getByTestId('target-temperature').filter({ hasText: '23.0 °C' }).waitFor();
  // Heating towards 23 °C, the room's temperature moves on the page without a reload.
  const reading = page.getByTestId('current-temperature');
  await reading.filter({ hasText: '°C' }).waitFor();
  const first = await reading.textContent();
  await reading.filter({ hasNotText: first ?? '' }).waitFor({ timeout: 20_000 });
  await page.screenshot({ path: path.join(screenshots, 'radiator-1440.png') });

  await page.getByRole('link', { name: 'Test lab' }).click();
  await page.getByRole('heading', { level: 1, name: 'Test lab' }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'room-1440.png') });
  await row.getByRole('button', { name: /^Detach / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Detach' }).click();
  await page.getByText('No radiators in this room').waitFor();
  assert.deepEqual(violations, [], 'the charts and live pages work under the CSP');
  await context.close();
});

test('a schedule drawn on the day editor heats a room, switches off and on, and shows on the room', async () => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    colorScheme: 'light',
  });
  const page = await context.newPage();
  const violations = cspViolations(page);
  await signedInAs(page, `plan-${Date.now()}@labco.co.uk`);

  // A room with a radiator, through the API with the page's own token.
  const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
  const headers = { Authorization: `Bearer ${token}` };
  const room = await page.request.post(`${base}/v2/rooms`, { headers, data: { name: 'Test lab' } });
  assert.equal(room.status(), 200);
  const roomId = (await room.json()).data.room.id;
  const radiator = await page.request.post(`${base}/v2/rooms/${roomId}/radiators`, {
    headers,
    data: { uid: 'E2E-0101', name: 'Lab east', min_temperature: 7, max_temperature: 26 },
  });
  assert.equal(radiator.status(), 200);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Schedules' })
    .click();
  await page.getByText('No schedules yet').waitFor();
  await page.getByRole('link', { name: 'New schedule' }).first().click();
  await page.waitForURL(`${base}/schedules/new`);
  await page.getByLabel('Schedule name').fill('Lab hours');
  await page.getByRole('combobox', { name: 'Rooms' }).click();
  await page.getByRole('option', { name: 'Test lab' }).click();
  await page.keyboard.press('Escape');
  // Every day, so that the schedule is in force whatever day the test runs on.
  await page.getByRole('combobox', { name: 'Repeats on' }).click();
  await page.getByRole('option', { name: 'Every day' }).click();
  // The menu's popover, fading out, would take the first press meant for the bar.
  await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });

  // Draw 08:00–12:00 on the day editor with the mouse, then set the slot's setpoint.
  const bar = await page.getByTestId('day-bar').boundingBox();
  const hour = (value) => bar.x + (bar.width * value) / 24;
  const middle = bar.y + bar.height / 2;
  await page.mouse.move(hour(8), middle);
  await page.mouse.down();
  await page.mouse.move(hour(10), middle, { steps: 4 });
  await page.mouse.move(hour(12), middle, { steps: 4 });
  await page.mouse.up();
  await page.getByRole('button', { name: /^Slot 1: .08:00–12:00/ }).waitFor();
  await page.getByLabel('Setpoint (°C)').fill('20.5');
  await page.screenshot({ path: path.join(screenshots, 'schedule-new-1440.png'), fullPage: true });
  await page.getByRole('button', { name: 'Create schedule' }).click();
  await page.getByText("Schedule 'Lab hours' created.").waitFor();
  // Saved, the schedule is applied at once, not at the engine's next minute: the radiator
  // leaves the 21 °C it started at for the slot's 20.5 °C or the setback's 16 °C.
  const [{ id: radiatorId }] = (await radiator.json()).data.room.radiators;
  const target = async () => {
    const answer = await page.request.get(`${base}/v2/radiators/${radiatorId}`, { headers });
    return (await answer.json()).data.radiator.target_temperature;
  };
  const deadline = Date.now() + 5000;
  let applied = await target();
  while (applied === 21 && Date.now() < deadline) {
    await page.waitForTimeout(200);
    applied = await target();
  }
  assert.ok([20.5, 16].includes(applied), `applied within 5 s, not ${applied}`);
  await page.waitForURL(`${base}/schedules`);

  const row = page.getByTestId('schedule-Lab hours');
  await row.getByText('Test lab').waitFor();
  await row.getByText('Every day').waitFor();
  // `\s`: a figure's unit follows a no-break space, kept on its line.
  await row.getByText(/08:00–12:00.*20\.5\s°C/).waitFor();
  const name = 'Switch Lab hours on or off';
  const off = page.getByText("Schedule 'Lab hours' switched off.");
  await row.getByRole('switch', { name }).click();
  await off.waitFor();
  await row.getByRole('switch', { name, checked: false }).waitFor();
  await row.getByText('None: the schedule is off or over').waitFor();
  await row.getByRole('switch', { name }).click();
  await page.getByText("Schedule 'Lab hours' switched on.").waitFor();
  await row.getByRole('switch', { name, checked: true }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'schedules-1440.png'), fullPage: true });

  // Closed tomorrow (today could have passed already where the business is), then open again.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const typed = [tomorrow.getDate(), tomorrow.getMonth() + 1]
    .map((part) => String(part).padStart(2, '0'))
    .join('');
  const closedDays = page.getByRole('region', { name: 'Closed days' });
  await closedDays.getByText('No closed days to come.').waitFor();
  await closedDays.getByLabel('Name').fill('Stocktake');
  const firstDay = closedDays.getByRole('group', { name: 'First day' });
  await firstDay.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${typed}${tomorrow.getFullYear()}`);
  await closedDays.getByRole('button', { name: 'Add', exact: true }).click();
  await page
    .getByText(
      "'Stocktake' added to the closed days: every schedule runs as outside its slots then.",
    )
    .waitFor();
  const weekday = tomorrow.toLocaleDateString('en-GB', { weekday: 'short' });
  await closedDays.getByRole('listitem').filter({ hasText: weekday }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'closed-days-1440.png'), fullPage: true });
  await closedDays.getByRole('button', { name: 'Remove Stocktake' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove Stocktake?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await page
    .getByText(
      "'Stocktake' removed from the closed days: the schedules run their slots then again.",
    )
    .waitFor();
  await closedDays.getByText('No closed days to come.').waitFor();

  // The room's page shows the schedule in force on its radiator (no engine round needed).
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Rooms' })
    .click();
  await page.getByRole('link', { name: 'Test lab' }).click();
  await page.getByRole('heading', { level: 1, name: 'Test lab' }).waitFor();
  const inForce = page.getByTestId('schedule-in-force');
  await inForce.getByRole('link', { name: 'Lab hours' }).waitFor();
  assert.match(
    await inForce.textContent(),
    /Schedule: Lab hours\u00a0· \u2066(20\.5|16\.0)\s°C\u2069 until (\S+ )?\u2066\d\d:\d\d\u2069/,
  );
  await page.screenshot({ path: path.join(screenshots, 'room-schedule-1440.png') });
  assert.deepEqual(violations, [], 'the schedule pages work under the CSP');
  await context.close();
});
