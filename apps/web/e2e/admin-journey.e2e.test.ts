import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { openJourney, type Journey } from './support/journey.ts';
import { routeStripe } from './support/stripe.ts';

// The administrator's day in the panel, in Chromium against the real server: ADMIN_EMAILS names the chief,
// so the account they sign up with is an administrator once its address is verified; Stripe is the local fake, configured as a self-hoster
// would (README "Payments with Stripe"), with its webhook events forwarded as `stripe listen` would. Citizens
// act in browser contexts of their own, as other people on other machines.
const CHIEF = 'chief@example.org';
const NOT_ADMIN = "You don't have admin permissions.";

let fake: FakeStripe;
let j: Journey;
let forwarding: ReturnType<FakeStripe['forwardTo']>;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  fake = await startFakeStripe();
  j = await openJourney({
    ADMIN_EMAILS: CHIEF,
    ...stripeEnvironment(fake),
    STRIPE_PRICE_PATRIOT: fake.createPrice({ unitAmountCents: 2900, nickname: 'Patriot' }),
    STRIPE_PRICE_DEFENDER: fake.createPrice({ unitAmountCents: 9900, nickname: 'Defender' }),
  });
  forwarding = fake.forwardTo(`${j.server.url}/api/stripe/webhook`);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  forwarding?.stop();
  await j?.close();
  await fake?.close();
});

/** A person at their own browser: cookies and storage of their own. */
async function newVisitor(): Promise<Page> {
  const context = await j.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  contexts.push(context);
  const page = await context.newPage();
  await routeStripe(page, fake);
  return page;
}

const visible = (locator: Locator, timeout = 10_000) => expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
const hidden = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(false);
const me = async (page: Page) => (await page.request.get(`${j.server.url}/api/user`)).json() as Promise<{ id: string; subscriptionTier: string; credits: number }>;
const section = (page: Page, name: string) => page.getByRole('region', { name });

async function openPanel(page: Page) {
  await page.goto(`${j.server.url}/admin`);
  await visible(page.getByRole('heading', { name: 'Admin Panel' }));
  // Each section has loaded its data: the last one to answer shows its rows or its empty state.
  await visible(section(page, 'Audit Log').getByRole('navigation', { name: 'Audit log pages' }).or(section(page, 'Audit Log').getByText('No administrative actions yet.')));
}

/** Finds the account in the user overview by its e-mail and opens Manage User. */
async function manage(admin: Page, email: string): Promise<Locator> {
  const users = section(admin, 'Users');
  await users.getByLabel('Search users').fill(email);
  await visible(users.getByRole('row').filter({ hasText: email }));
  await expect.poll(() => users.getByRole('row').count()).toBe(2);
  await users.getByRole('button', { name: `Manage ${email}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Manage User' });
  await visible(dialog);
  await visible(dialog.getByText(email));
  return dialog;
}

/** A checkout of Patriot with Stripe's test card, through the page as a citizen pays. */
async function payForPatriot(page: Page, fullName: string) {
  await page.goto(`${j.server.url}/checkout?tier=patriot&price=29`);
  await visible(page.getByRole('heading', { name: 'Complete Your Subscription' }));
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill('ben.franklin@example.org');
  await page.getByLabel('Address').fill('2 Market Street');
  await page.getByLabel('City').fill('Philadelphia');
  await page.getByLabel('State').fill('PA');
  await page.getByLabel('ZIP Code').fill('19106');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe for $29' }).click();
  await visible(page.getByText('Welcome to the Patriot tier! You now have 6 credits.'), 30_000);
  await page.waitForURL(/\/payment-success\?tier=patriot/, { timeout: 10_000 });
}

let admin: Page;
let citizen: Page;
let citizenEmail: string;
let payerEmail: string;

test('the administrator edits a prompt, creates a promo code a citizen redeems, and moves the citizen to Patriot', async () => {
  admin = await newVisitor();
  expect(await j.signUp(admin, 'Chief', CHIEF)).toBe(CHIEF);
  // Whoever types an address ADMIN_EMAILS names need not own it: no Admin link until it is verified, here as a
  // server that sends no e-mail verifies its first administrator (README "Administration").
  await visible(admin.getByText('Welcome, Chief'));
  await hidden(admin.getByRole('link', { name: 'Admin', exact: true }));
  await j.cli('users', 'verify', CHIEF);
  await admin.reload();
  await visible(admin.getByRole('link', { name: 'Admin', exact: true }));
  await openPanel(admin);
  await j.shot(admin, 'admin-01-panel');

  // The summary prompt, saved with the others.
  const prompt = 'Summarise this document for a busy resident in five plain sentences, citing pages.';
  await section(admin, 'AI Analysis Prompts').getByLabel('Summary Prompt').fill(prompt);
  await section(admin, 'AI Analysis Prompts').getByRole('button', { name: 'Save Prompts' }).click();
  await visible(admin.getByText('Prompts Updated', { exact: true }));
  await visible(admin.getByText('AI analysis prompts have been updated successfully.'));
  const settings = await (await admin.request.get(`${j.server.url}/api/admin/settings`)).json() as Array<{ key: string; value: string }>;
  expect(settings.find((s) => s.key === 'summary_prompt')?.value).toBe(prompt);
  await j.shot(admin, 'admin-02-prompts-saved');

  // A credits code, made in the panel.
  const form = admin.getByRole('form', { name: 'Create promo code' });
  await form.getByLabel('Code').fill('townhall3');
  expect(await form.getByLabel('Code').inputValue()).toBe('TOWNHALL3');
  await form.getByLabel('Type').selectOption({ label: 'Free credits' });
  await form.getByLabel('Credits', { exact: true }).fill('3');
  await form.getByLabel('Max Uses').fill('5');
  await form.getByLabel('Expiry Date').fill('2099-12-31');
  await form.getByRole('button', { name: 'Create Promo Code' }).click();
  await visible(admin.getByText('Promo Code Created', { exact: true }));
  const promoRow = section(admin, 'Promo Codes').getByRole('row').filter({ hasText: 'TOWNHALL3' });
  await visible(promoRow);
  expect(await promoRow.innerText()).toMatch(/3 credits[\s\S]*0 \/ 5[\s\S]*Active/);
  await j.shot(admin, 'admin-03-promo-created');

  // A citizen, at their own browser, redeems it.
  citizen = await newVisitor();
  citizenEmail = await j.signUp(citizen, 'Rosa');
  expect(await me(citizen)).toMatchObject({ subscriptionTier: 'citizen', credits: 1 });
  await citizen.goto(`${j.server.url}/redeem-promo`);
  await citizen.getByRole('textbox', { name: 'Promo Code' }).fill('townhall3');
  await citizen.getByRole('button', { name: 'Redeem Code' }).click();
  await visible(citizen.getByText('You received 3 free credits!'));
  expect(await me(citizen)).toMatchObject({ credits: 4 });
  await citizen.goto(`${j.server.url}/`);
  const creditsCard = citizen.getByText('Credits Remaining', { exact: true }).locator('xpath=../following-sibling::p');
  // The home is a chunk of its own, fetched once /api/user has answered: longer than a poll's default second here.
  await expect.poll(() => creditsCard.innerText(), { timeout: 10_000 }).toBe('4');

  // The administrator sees the use, finds the citizen, and moves them to Patriot with its 5 credits.
  await admin.reload();
  await visible(promoRow);
  await expect.poll(() => promoRow.innerText()).toMatch(/1 \/ 5/);
  const dialog = await manage(admin, citizenEmail);
  expect(await dialog.getByTestId('manage-user-credits').innerText()).toBe('4');
  await dialog.getByLabel('Subscription Tier').selectOption('patriot');
  await visible(admin.getByText('User Updated', { exact: true }));
  await visible(admin.getByText(`${citizenEmail} is now on the Patriot tier with 5 credits.`));
  await expect.poll(() => dialog.getByTestId('manage-user-credits').innerText()).toBe('5');
  expect(await dialog.getByRole('definition').nth(1).innerText()).toBe('Patriot');
  await j.shot(admin, 'admin-04-manage-user-patriot');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await hidden(dialog);
  const row = section(admin, 'Users').getByRole('row').filter({ hasText: citizenEmail });
  await expect.poll(() => row.innerText()).toMatch(/Patriot\s+5/);
  expect(await me(citizen)).toMatchObject({ subscriptionTier: 'patriot', credits: 5 });
});

test('the administrator refunds part of a Patriot payment, and is refused a refund of more than is left', async () => {
  const payer = await newVisitor();
  payerEmail = await j.signUp(payer, 'Ben');
  await j.verifyEmail(payer, payerEmail);
  await payForPatriot(payer, 'Ben Franklin');
  await forwarding.settled();
  expect(await me(payer)).toMatchObject({ subscriptionTier: 'patriot', credits: 6 });

  await openPanel(admin);
  let dialog = await manage(admin, payerEmail);
  await dialog.getByLabel('Amount ($)').fill('10');
  await dialog.getByLabel('Reason').fill('Service outage on March 3');
  await dialog.getByRole('button', { name: 'Process Refund' }).click();
  await visible(admin.getByText('Refund Processed', { exact: true }));
  await visible(admin.getByText(`$10 was refunded to ${payerEmail}.`));
  await hidden(dialog);
  await j.shot(admin, 'admin-05-refund-processed');
  // Stripe refunded $10 of the $29 charge; the payer keeps their plan and credits (a partial refund).
  await forwarding.settled();
  const refunded = fake.events.filter((e) => e.type === 'charge.refunded').map((e) => (e.data.object as { amount_refunded: number }).amount_refunded);
  expect(refunded).toEqual([1000]);
  expect(await me(payer)).toMatchObject({ subscriptionTier: 'patriot', credits: 6 });

  dialog = await manage(admin, payerEmail);
  await dialog.getByLabel('Amount ($)').fill('20');
  await dialog.getByLabel('Reason').fill('Goodwill');
  await dialog.getByRole('button', { name: 'Process Refund' }).click();
  await visible(admin.getByText('Refund Failed', { exact: true }));
  await visible(admin.getByText("A refund cannot be more than was paid: at most $19.00 can be refunded on this user's latest payment"));
  // Refused: the dialog stays for a corrected amount, and Stripe was not asked.
  expect(await dialog.isVisible()).toBe(true);
  await j.shot(admin, 'admin-06-refund-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await hidden(dialog);
  expect(fake.events.filter((e) => e.type === 'charge.refunded')).toHaveLength(1);
});

test('every action is in the audit log, and the outbox holds the e-mail the server wrote', async () => {
  await openPanel(admin);
  const audit = section(admin, 'Audit Log');
  const rows = audit.getByRole('row');
  const entry = (action: string, target: string) => rows.filter({ has: admin.getByRole('cell', { name: action, exact: true }) }).filter({ hasText: target });
  await visible(entry('Prompt updated', 'summary_prompt'));
  expect(await entry('Prompt updated', 'summary_prompt').innerText()).toContain(CHIEF);
  await visible(entry('Promo code created', 'TOWNHALL3'));
  await visible(entry('Tier changed', citizenEmail));
  expect(await entry('Tier changed', citizenEmail).innerText()).toMatch(/tier: citizen → patriot[\s\S]*credits: 4 → 5/);
  // The refund that went through, and only that one.
  const refunds = rows.filter({ has: admin.getByRole('cell', { name: 'Refund', exact: true }) });
  await expect.poll(() => refunds.count()).toBe(1);
  expect(await refunds.innerText()).toMatch(/refundedCents: 0 → 1000/);
  await audit.scrollIntoViewIfNeeded();
  await j.shot(admin, 'admin-07-audit-log');

  const outbox = section(admin, 'E-mail Outbox');
  const welcome = outbox.getByRole('row').filter({ hasText: citizenEmail });
  await visible(welcome);
  expect(await welcome.innerText()).toMatch(/Welcome to CivicWatch[\s\S]*Welcome[\s\S]*Pending/);
  await visible(outbox.getByRole('row').filter({ hasText: payerEmail }).filter({ hasText: 'Payment receipt' }));
  await outbox.getByRole('button', { name: `Show the message to ${citizenEmail}: Welcome to CivicWatch` }).click();
  await visible(outbox.getByText(/^Hello,\s+Welcome to CivicWatch\./));
  await outbox.scrollIntoViewIfNeeded();
  await j.shot(admin, 'admin-08-outbox');
});

test('a citizen who opens /admin is told they are not an administrator and sent home', async () => {
  await citizen.goto(`${j.server.url}/admin`);
  await visible(citizen.getByRole('heading', { name: 'Access Denied' }));
  await visible(citizen.getByText(NOT_ADMIN));
  await j.shot(citizen, 'admin-09-access-denied');
  await citizen.waitForURL(`${j.server.url}/`, { timeout: 10_000 });
  await visible(citizen.getByText('Credits Remaining', { exact: true }));
  // The toast keeps the reason on screen after the move.
  await visible(citizen.getByText(NOT_ADMIN));
  expect((await citizen.request.get(`${j.server.url}/api/admin/stats`)).status()).toBe(403);
});
