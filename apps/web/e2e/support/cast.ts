import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startLocalSmtpServer, type LocalSmtpServer } from '@civicwatch/adapters/notifications/testing/local-smtp-server.ts';
import { startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { analyzeAndShare } from './analyses.ts';
import { openJourney, type Journey } from './journey.ts';
import { routeStripe } from './stripe.ts';

/** Who looks at a screen: signed out, a Citizen, a paying subscriber, an administrator. */
export type Visitor = 'visitor' | 'citizen' | 'paid' | 'admin';
const VISITORS: readonly Visitor[] = ['visitor', 'citizen', 'paid', 'admin'];

/** Text as people write it: a long address, a URL without a break, a surname of one long word. */
export const CITIZEN_EMAIL = 'rosalind.wolfeschlegelsteinhausenbergerdorff@example.org';
export const PAID_NAME = 'Wolfeschlegelsteinhausen';
const CHIEF = 'chief@example.org';
const ORDINANCE_URL = 'https://www.springfield-city.gov/council/ordinances/2025/ordinance-2025-14-riverside-park-hours-adopted.pdf';
/** The citizen's past analysis, which her dashboard, history and View Results show. */
export const ANALYSIS_TITLE = `Ordinance 2025-14 (${ORDINANCE_URL})`;
export const ORDINANCE_TEXT = [
  'The City Council of Springfield ordains that Riverside Park shall close at 10:00 p.m. every day from June 1, 2025.',
  'Any person who remains in the park after closing shall be fined $250 for a first offence and $500 for each further offence.',
  `The Parks Department shall post the new hours at every entrance by May 15, 2025 and publish them at ${ORDINANCE_URL}.`,
  'Residents may comment on this ordinance at the public hearing on April 30, 2025 or in writing to the City Clerk.',
].join(' ');

/** The server, the four visitors' browsers, and what the set-up found for the screens' paths (tokens from e-mails). */
export interface Cast {
  j: Journey;
  found: Record<string, string>;
  /** A page in `as`'s browser; Stripe.js and Stripe's API answered by the local fake. */
  open(as: Visitor): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The world the screen suites walk (phone layout, accessibility): the server as a self-hoster runs it with Stripe
 * (the local fake), a mail server (so that the verification banner shows) and the developer pages on; an
 * administrator named by ADMIN_EMAILS; Rosa, a Citizen with a shared past analysis and a promo code's credits to
 * analyze with; a subscriber who paid for Patriot. Each visitor browses in a context made with `contextOptions`.
 */
export async function openCast(contextOptions: BrowserContextOptions): Promise<Cast> {
  const smtp: LocalSmtpServer = await startLocalSmtpServer();
  const fake: FakeStripe = await startFakeStripe();
  const j = await openJourney({
    ADMIN_EMAILS: CHIEF,
    ENABLE_DEV_PAGES: 'true',
    SMTP_URL: smtp.url,
    ...stripeEnvironment(fake),
    STRIPE_PRICE_PATRIOT: fake.createPrice({ unitAmountCents: 2900, nickname: 'Patriot' }),
    STRIPE_PRICE_DEFENDER: fake.createPrice({ unitAmountCents: 9900, nickname: 'Defender' }),
  });
  const forwarding = fake.forwardTo(`${j.server.url}/api/stripe/webhook`);
  const contexts = {} as Record<Visitor, BrowserContext>;
  for (const as of VISITORS) contexts[as] = await j.browser.newContext(contextOptions);
  const found: Record<string, string> = {};
  const open = async (as: Visitor) => {
    const page = await contexts[as].newPage();
    await routeStripe(page, fake);
    return page;
  };

  const close = async () => {
    for (const context of Object.values(contexts)) await context.close();
    forwarding.stop();
    await j.close();
    await fake.close();
    await smtp.close();
  };
  try {
    await castUp(j, open, found);
  } catch (error) {
    await close();
    throw error;
  }
  return { j, found, open, close };
}

/** Signs up the administrator, the Citizen and the subscriber, and notes their tokens in `found`. */
async function castUp(j: Journey, open: Cast['open'], found: Record<string, string>): Promise<void> {
  const admin = await open('admin');
  await j.signUp(admin, 'Chief', CHIEF);
  // ADMIN_EMAILS names the address: the role comes with its verification, here from the server's shell.
  await j.cli('users', 'verify', CHIEF);
  await j.cli('promo', 'create', 'CIVIC5', '--credits', '5', '--max-uses', '10', '--expires', '2099-12-31');

  const citizen = await open('citizen');
  await j.signUp(citizen, 'Rosa', CITIZEN_EMAIL);
  // Her one credit buys the analysis her dashboard, history and View Results show; the code's five, the ones she analyzes with on /analyze.
  found.shareToken = await analyzeAndShare(citizen, j.server.url, { title: ANALYSIS_TITLE, text: ORDINANCE_TEXT });
  expect((await citizen.request.post(`${j.server.url}/api/redeem-promo`, { data: { code: 'CIVIC5' } })).status()).toBe(200);
  found.unsubscribeToken = new URL(await j.emailedLink(CITIZEN_EMAIL, '/unsubscribe')).searchParams.get('token')!;
  // Her verification link; she opens it after her home page has been seen with the banner on.
  found.verifyToken = new URL(await j.emailedLink(CITIZEN_EMAIL, '/verify-email')).searchParams.get('token')!;

  // A subscriber who paid for Patriot.
  const paid = await open('paid');
  const paidEmail = await j.signUp(paid, PAID_NAME);
  await j.verifyEmail(paid, paidEmail);
  await paid.goto(`${j.server.url}/checkout?tier=patriot&price=29`);
  await paid.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor();
  await paid.getByLabel('Full Name').fill('Hubert Wolfeschlegelsteinhausen');
  await paid.getByLabel('Email').fill(paidEmail);
  await paid.getByLabel('Address').fill('2 Market Street');
  await paid.getByLabel('City').fill('Philadelphia');
  await paid.getByLabel('State').fill('PA');
  await paid.getByLabel('ZIP Code').fill('19106');
  await paid.getByLabel('Card number').fill('4242 4242 4242 4242');
  await paid.getByRole('button', { name: 'Subscribe for $29' }).click();
  await paid.waitForURL(/\/payment-success\?tier=patriot/, { timeout: 30_000 });

  for (const page of [admin, citizen, paid]) await page.close();
}
