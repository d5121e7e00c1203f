// Paying for a plan: the plans page, the hosted checkout in a new tab (a declined card, then
// the test card), the first tab noticing the payment, and the subscription page after.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { cspViolations, launchBrowser, screenshots, startServer } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a business pays for a plan in the checkout tab and the app moves on by itself', async () => {
  const { base } = server;
  const email = `pay-${Date.now()}@acme.co.uk`;
  const password = 'correct horse battery';
  const registered = await fetch(`${base}/v2/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Pay Co',
      last_name: 'Pay Co Trading',
      business_name: 'Pay Co',
      email,
      mobile: '07700 900125',
      address_line1: '3 Mill Lane',
      town: 'Leeds',
      city: 'Leeds',
      post_code: 'LS3 1AA',
      password,
      is_business: 1,
      is_same_address: 1,
    }),
  });
  assert.equal(registered.status, 200);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const violations = cspViolations(page);
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A new business starts onboarding at the plan.
  await page.waitForURL(`${base}/subscription-plan`);
  const business = page.getByRole('region', { name: 'Business' });
  await business.getByText(/Radiators: up to .100/).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'plans-1280.png'), fullPage: true });
  await business.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL(`${base}/plan-payment`);

  const [checkout] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Open the secure checkout' }).click(),
  ]);
  const checkoutViolations = cspViolations(checkout);
  await checkout.waitForLoadState();
  await page.getByText('Waiting for your payment in the other tab…').waitFor();
  await checkout.getByRole('heading', { name: 'Pay for HeatDesk Business' }).waitFor();

  const payWith = async (number) => {
    await checkout.getByLabel('Card number').fill(number);
    await checkout.getByLabel('Expiry date (MM/YY)').fill('12/30');
    await checkout.getByLabel('Security code (CVC)').fill('123');
    await checkout.getByLabel('Name on the card').fill('Pat Payer');
    await checkout.getByRole('button', { name: 'Pay £79.00' }).click();
  };
  await payWith('4000 0000 0000 0002');
  await checkout.getByText('Your card was declined.').waitFor();
  // The app's tab, still waiting, hears of it within a few seconds.
  await page
    .getByText('The card was declined in the checkout tab and nothing was charged', {
      exact: false,
    })
    .waitFor({ timeout: 15_000 });
  await checkout.setViewportSize({ width: 390, height: 844 });
  await checkout.screenshot({
    path: path.join(screenshots, 'checkout-declined-390.png'),
    fullPage: true,
  });
  await payWith('4111 1111 1111 1111');
  await checkout.getByRole('heading', { name: 'Payment received' }).waitFor();

  // The first tab notices within a few seconds and moves on to the next step, consent.
  await page.waitForURL(`${base}/consent-setup`, { timeout: 15_000 });
  await page.getByText('Payment received: Business is active.').waitFor();

  // The rest of onboarding through the API, then the subscription page.
  const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
  const headers = { Authorization: `Bearer ${token}` };
  const consent = { terms_version: '2026-11', agreed: 1, mpan: '1200023305967' };
  // The registered office differs from the trading address given at sign-up.
  const address = {
    business_address_line1: 'Unit 2, Tannery Yard',
    business_address_line2: '',
    business_town: 'Leeds',
    business_city: 'Leeds',
    business_post_code: 'LS3 1AA',
  };
  for (const [step, data] of [
    ['/v2/consents', consent],
    ['/v2/users/address/confirm', address],
    ['/v2/users/onboarding/complete', {}],
  ]) {
    assert.equal((await page.request.post(`${base}${step}`, { headers, data })).status(), 200);
  }
  await page.goto(`${base}/subscriptions`);
  await page.getByText('Active', { exact: true }).waitFor();
  const payments = page.getByRole('table', { name: 'Payments' });
  await payments.getByText('Declined').waitFor();
  assert.equal(await payments.getByRole('row').count(), 3, 'a header, the payment, the refusal');
  await page.screenshot({ path: path.join(screenshots, 'subscriptions-1280.png'), fullPage: true });
  // The payment's VAT invoice, to the business that paid, ready to print.
  await payments.getByRole('link', { name: 'HD-000001' }).click();
  await page.waitForURL(`${base}/subscriptions/invoices/HD-000001`);
  const invoice = page.getByRole('article');
  await invoice.getByRole('heading', { name: 'VAT invoice' }).waitFor();
  await invoice.getByText(/VAT number .GB123456789/).waitFor();
  // Paid before the address step, it is addressed to the office confirmed there.
  await invoice.getByText('Unit 2, Tannery Yard').waitFor();
  await invoice.getByRole('row', { name: /Total paid/ }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'invoice-1280.png'), fullPage: true });
  await page.getByRole('link', { name: 'Back to Subscriptions' }).click();
  await page.waitForURL(`${base}/subscriptions`);
  // Past onboarding, the plans page keeps the app's menu, so the way back is one click.
  await page.getByRole('link', { name: 'Change plan' }).click();
  await page.waitForURL(`${base}/subscription-plan`);
  // Narrower than 1366 px, the menu opens from the top bar.
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Home' })
    .click();
  await page.waitForURL(`${base}/home`);
  assert.deepEqual([...violations, ...checkoutViolations], []);
  await context.close();
});
