import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { openJourney, type Journey } from './support/journey.ts';
import { routeStripe } from './support/stripe.ts';

// The server is configured with Stripe keys and Price ids exactly as a self-hoster would (README "Payments
// with Stripe"), pointed at the local fake Stripe server; Stripe.js in the page is the stand-in of
// support/stripe.ts, which confirms cards against the same fake. Stripe's webhook events are forwarded to
// the server as `stripe listen` would.
let fake: FakeStripe;
let j: Journey;
let forwarding: ReturnType<FakeStripe['forwardTo']>;
beforeAll(async () => {
  fake = await startFakeStripe();
  j = await openJourney({
    ...stripeEnvironment(fake),
    STRIPE_PRICE_PATRIOT: fake.createPrice({ unitAmountCents: 2900, nickname: 'Patriot' }),
    STRIPE_PRICE_DEFENDER: fake.createPrice({ unitAmountCents: 9900, nickname: 'Defender' }),
  });
  forwarding = fake.forwardTo(`${j.server.url}/api/stripe/webhook`);
  await j.cli('promo', 'create', 'HALFOFF', '--discount', '50', '--max-uses', '10', '--expires', '2099-12-31');
  await j.cli('promo', 'create', 'CIVIC5', '--credits', '5', '--max-uses', '10', '--expires', '2099-12-31');
});
afterAll(async () => {
  forwarding?.stop();
  await j?.close();
  await fake?.close();
});

test('a citizen subscribes to Patriot with a discount code, then redeems a credits code once', async () => {
  const context = await j.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  await routeStripe(page, fake);
  await j.verifyEmail(page, await j.signUp(page, 'Rosa'));

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

  await page.getByLabel('Full Name').fill('Rosa Parks');
  await page.getByLabel('Email').fill('rosa.parks@example.org');
  await page.getByLabel('Address').fill('1 Main Street');
  await page.getByLabel('City').fill('Montgomery');
  await page.getByLabel('State').fill('AL');
  await page.getByLabel('ZIP Code').fill('36104');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe for $15' }).click();

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
  await page.getByLabel('Full Name').fill('Ben Franklin');
  await page.getByLabel('Email').fill('ben@example.org');
  await page.getByLabel('Address').fill('2 Market Street');
  await page.getByLabel('City').fill('Philadelphia');
  await page.getByLabel('State').fill('PA');
  await page.getByLabel('ZIP Code').fill('19106');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Subscribe for $99' }).click();
  await expect.poll(() => page.getByText('Your card was declined.').first().isVisible(), { timeout: 30_000 }).toBe(true);
  expect(page.url()).toContain('/checkout');
  expect(await (await page.request.get(`${j.server.url}/api/user`)).json()).toMatchObject({ subscriptionTier: 'citizen', credits: 1 });
  await context.close();
});
