import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '@civicwatch/adapters/notifications/testing/local-smtp-server.ts';
import type { Page } from 'playwright-core';
import { openJourney, type Journey } from './support/journey.ts';
import { routeStripe } from './support/stripe.ts';

// The server is configured with Stripe keys and Price ids exactly as a self-hoster would (README "Payments
// with Stripe"), pointed at the local fake Stripe server; Stripe.js in the page is the stand-in of
// support/stripe.ts, which confirms cards against the same fake. Stripe's webhook events are forwarded to
// the server as `stripe listen` would. It sends e-mail through a local SMTP server (SMTP_URL), so checkout
// asks for a verified address; the last journey is a default installation without SMTP_URL.
let fake: FakeStripe;
let smtp: LocalSmtpServer;
let j: Journey;
let forwarding: ReturnType<FakeStripe['forwardTo']>;
const stripeSetup = (stripe: FakeStripe) => ({
  ...stripeEnvironment(stripe),
  STRIPE_PRICE_PATRIOT: stripe.createPrice({ unitAmountCents: 2900, nickname: 'Patriot' }),
  STRIPE_PRICE_DEFENDER: stripe.createPrice({ unitAmountCents: 9900, nickname: 'Defender' }),
});
beforeAll(async () => {
  fake = await startFakeStripe();
  smtp = await startLocalSmtpServer();
  j = await openJourney({ ...stripeSetup(fake), SMTP_URL: smtp.url });
  forwarding = fake.forwardTo(`${j.server.url}/api/stripe/webhook`);
  await j.cli('promo', 'create', 'HALFOFF', '--discount', '50', '--max-uses', '10', '--expires', '2099-12-31');
  await j.cli('promo', 'create', 'CIVIC5', '--credits', '5', '--max-uses', '10', '--expires', '2099-12-31');
});
afterAll(async () => {
  forwarding?.stop();
  await j?.close();
  await smtp?.close();
  await fake?.close();
});

/** Fills the checkout's billing details and card, and pays `price`. */
async function payByCard(page: Page, who: { name: string; email: string; address: string; city: string; state: string; zip: string }, card: string, price: number) {
  await page.getByLabel('Full Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Address').fill(who.address);
  await page.getByLabel('City').fill(who.city);
  await page.getByLabel('State').fill(who.state);
  await page.getByLabel('ZIP Code').fill(who.zip);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: `Subscribe for $${price}` }).click();
}

test('a citizen subscribes to Patriot with a discount code, then redeems a credits code once', async () => {
  const context = await j.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  await routeStripe(page, fake);
  const email = await j.signUp(page, 'Rosa');
  // The welcome e-mail, with its verification link, really leaves through SMTP_URL.
  await expect.poll(() => smtp.received.some((m) => m.to.includes(email)), { timeout: 15_000 }).toBe(true);
  await page.goto(`${j.server.url}/checkout?tier=patriot&price=29`);
  await expect.poll(() => page.getByText('Please verify your e-mail address before subscribing.').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByRole('button', { name: /Subscribe for/ }).count()).toBe(0);
  await j.verifyEmail(page, email);

  await page.goto(`${j.server.url}/subscribe`);
  await expect.poll(() => page.getByRole('heading', { name: 'Upgrade Your Watchdog Powers' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Most Popular').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
  await page.getByRole('link', { name: 'Upgrade to Patriot' }).click();
  await page.waitForURL(/\/checkout\?/);
  await expect.poll(() => page.getByRole('heading', { name: 'Complete Your Subscription' }).isVisible()).toBe(true);

  await page.getByLabel('Promo Code').fill('halfoff');
  expect(await page.getByLabel('Promo Code').inputValue()).toBe('HALFOFF');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => page.getByText("You'll get 50% off your first month subscription.").first().isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Applied' }).isDisabled()).toBe(true);
  await j.shot(page, 'payment-checkout-discount');

  await payByCard(page, { name: 'Rosa Parks', email: 'rosa.parks@example.org', address: '1 Main Street', city: 'Montgomery', state: 'AL', zip: '36104' },
    '4242 4242 4242 4242', 15);

  await expect.poll(() => page.getByText('Welcome to the Patriot tier! You now have 6 credits.').first().isVisible(), { timeout: 30_000 }).toBe(true);
  await page.waitForURL(/\/payment-success\?tier=patriot&upgraded=true/, { timeout: 10_000 });
  await expect.poll(() => page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);
  await j.shot(page, 'payment-success');
  const charged = fake.events.filter((e) => e.type === 'invoice.paid').map((e) => (e.data.object as { amount_paid: number }).amount_paid);
  expect(charged).toEqual([1500]);

  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await page.waitForURL(`${j.server.url}/`);
  await expect.poll(() => page.getByText('Patriot').first().isVisible()).toBe(true);
  const user = await (await page.request.get(`${j.server.url}/api/user`)).json() as { subscriptionTier: string; credits: number };
  expect(user).toMatchObject({ subscriptionTier: 'patriot', credits: 6 });
  // The webhook reported the same invoice; it granted nothing more.
  await forwarding.settled();
  expect(await (await page.request.get(`${j.server.url}/api/user`)).json()).toMatchObject({ credits: 6 });

  await page.goto(`${j.server.url}/redeem-promo`);
  await page.getByRole('textbox', { name: 'Promo Code' }).fill('civic5');
  await page.getByRole('textbox', { name: 'Promo Code' }).press('Enter');
  await expect.poll(() => page.getByText('You received 5 free credits!').first().isVisible()).toBe(true);
  expect(await (await page.request.get(`${j.server.url}/api/user`)).json()).toMatchObject({ credits: 11 });

  await page.getByRole('textbox', { name: 'Promo Code' }).fill('CIVIC5');
  await page.getByRole('button', { name: 'Redeem Code' }).click();
  await expect.poll(() => page.getByText('You have already redeemed this promo code').first().isVisible()).toBe(true);
  expect(await page.getByText('Invalid Promo Code').first().isVisible()).toBe(true);
  expect(await (await page.request.get(`${j.server.url}/api/user`)).json()).toMatchObject({ credits: 11 });
  await j.shot(page, 'payment-redeem-again');
  await context.close();
});

test('a declined card shows Stripe\'s message and grants nothing', async () => {
  const context = await j.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  await routeStripe(page, fake);
  await j.verifyEmail(page, await j.signUp(page, 'Ben'));
  await page.goto(`${j.server.url}/checkout?tier=defender&price=99`);
  await expect.poll(() => page.getByRole('heading', { name: 'Complete Your Subscription' }).isVisible()).toBe(true);
  await payByCard(page, { name: 'Ben Franklin', email: 'ben@example.org', address: '2 Market Street', city: 'Philadelphia', state: 'PA', zip: '19106' },
    '4000 0000 0000 0002', 99);
  await expect.poll(() => page.getByText('Your card was declined.').first().isVisible(), { timeout: 30_000 }).toBe(true);
  expect(page.url()).toContain('/checkout');
  expect(await (await page.request.get(`${j.server.url}/api/user`)).json()).toMatchObject({ subscriptionTier: 'citizen', credits: 1 });
  await context.close();
});

describe('a fresh installation without SMTP_URL', () => {
  // Its own server, data dir and Stripe account, configured as a default installation that takes payments:
  // no mail server, so no verification link could arrive, and checkout asks for none (docs/product/accounts.md "E-mail
  // verification"). SMTP_URL is set empty so that the environment of the test run cannot set it.
  let plainStripe: FakeStripe;
  let plain: Journey;
  let plainForwarding: ReturnType<FakeStripe['forwardTo']>;
  beforeAll(async () => {
    plainStripe = await startFakeStripe();
    plain = await openJourney({ ...stripeSetup(plainStripe), SMTP_URL: '' });
    plainForwarding = plainStripe.forwardTo(`${plain.server.url}/api/stripe/webhook`);
  });
  afterAll(async () => {
    plainForwarding?.stop();
    await plain?.close();
    await plainStripe?.close();
  });

  test('a new citizen subscribes to Patriot without verifying her e-mail address', async () => {
    const context = await plain.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await routeStripe(page, plainStripe);
    const configured = page.waitForResponse((response) => response.url().endsWith('/api/config'));
    const email = await plain.signUp(page, 'Ida');
    await configured;
    // A server just started on a busy machine may take a few seconds for its first pages.
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Ida!' }).isVisible(), { timeout: 10_000 }).toBe(true);
    // No banner asks her to open a link that cannot reach her.
    expect(await page.getByRole('region', { name: 'E-mail verification' }).count()).toBe(0);

    await page.goto(`${plain.server.url}/subscribe`);
    await page.getByRole('link', { name: 'Upgrade to Patriot' }).click();
    await page.waitForURL(/\/checkout\?/);
    await expect.poll(() => page.getByRole('heading', { name: 'Complete Your Subscription' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('Please verify your e-mail address before subscribing.').count()).toBe(0);
    await payByCard(page, { name: 'Ida Wells', email, address: '3 Beale Street', city: 'Memphis', state: 'TN', zip: '38103' }, '4242 4242 4242 4242', 29);

    await expect.poll(() => page.getByText('Welcome to the Patriot tier! You now have 6 credits.').first().isVisible(), { timeout: 30_000 }).toBe(true);
    await page.waitForURL(/\/payment-success\?tier=patriot&upgraded=true/, { timeout: 10_000 });
    await plain.shot(page, 'payment-without-mail-server');
    expect(await (await page.request.get(`${plain.server.url}/api/user`)).json()).toMatchObject({ subscriptionTier: 'patriot', credits: 6, emailVerified: false });
    await plainForwarding.settled();
    expect(await (await page.request.get(`${plain.server.url}/api/user`)).json()).toMatchObject({ credits: 6 });
    await context.close();
  });
});
