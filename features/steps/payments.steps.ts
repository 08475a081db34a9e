import assert from 'node:assert/strict';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import type { CreatePaymentIntentResponse, PaymentSuccessResponse, SubscriptionView, TierId } from '@civicwatch/core';
import type { CivicWorld, Checkout } from '../support/world.ts';
import type { Outcome } from '../support/wirings/accounts.ability.ts';
import type { CheckoutRequest, TestCard } from '../support/wirings/payments.ability.ts';

/** docs/product/screens.md "Checkout": without query parameters the page checks out Patriot at $29. */
const CHECKOUT_PAGE_DEFAULTS = { tier: 'Patriot', price: 29 } as const;

const tierOf = (plan: string) => plan.toLowerCase() as TierId;
const refusal = (outcome: Outcome<unknown> | null, message: string) => {
  assert.ok(outcome && !outcome.ok, `expected a refusal, got ${JSON.stringify(outcome)}`);
  assert.equal(outcome.message, message);
};

// ---- The subscribe and checkout pages

Then('the plans on offer are:', async function (this: CivicWorld, table: DataTable) {
  const plans = await this.payments.plans();
  assert.deepEqual(plans.map((p) => [p.name, p.price, String(p.credits)]), table.rows());
});

Then('this server takes payments', async function (this: CivicWorld) {
  assert.equal(await this.payments.paymentsEnabled(), true);
});
Then('this server takes no payments', async function (this: CivicWorld) {
  assert.equal(await this.payments.paymentsEnabled(), false);
});
Given('this server sends e-mail, so checkout asks for a verified address', async function (this: CivicWorld) {
  assert.equal(await this.payments.verifiedEmailRequired(), true);
});
Given('this server sends no e-mail, so checkout asks for no verified address', async function (this: CivicWorld) {
  assert.equal(await this.payments.verifiedEmailRequired(), false);
});

async function startCheckout(world: CivicWorld, request: CheckoutRequest): Promise<void> {
  const outcome = await world.payments.startCheckout(request);
  world.lastOutcome = outcome;
  if (outcome.ok) world.checkouts.push({ userId: world.userId!, tier: tierOf(request.tier), promoCode: request.promoCode, answer: outcome.value });
}
const startedCheckout = (world: CivicWorld): CreatePaymentIntentResponse => {
  assert.ok(world.lastOutcome?.ok, `the checkout did not start: ${JSON.stringify(world.lastOutcome)}`);
  return world.lastOutcome.value as CreatePaymentIntentResponse;
};

/** The subscribe page sends the plan's own listed price. */
async function choosePlan(world: CivicWorld, plan: string): Promise<void> {
  const listed = (await world.payments.plans()).find((p) => p.name === plan);
  assert.ok(listed, `no ${plan} plan on offer`);
  await startCheckout(world, { tier: listed.name, amount: Number(listed.price) });
}

When('she chooses the {word} plan on the subscribe page', async function (this: CivicWorld, plan: string) {
  await choosePlan(this, plan);
});

When('she opens the checkout without choosing a plan', async function (this: CivicWorld) {
  await startCheckout(this, { tier: CHECKOUT_PAGE_DEFAULTS.tier, amount: CHECKOUT_PAGE_DEFAULTS.price });
});

When('she/he starts a checkout for the {word} plan at ${int}', async function (this: CivicWorld, plan: string, amount: number) {
  await startCheckout(this, { tier: plan, amount });
});
Given('she/he has started a checkout for the {word} plan at ${int}', async function (this: CivicWorld, plan: string, amount: number) {
  await startCheckout(this, { tier: plan, amount });
  startedCheckout(this);
});

When('she starts a checkout for the {word} plan at ${int} with the promo code {string}', async function (this: CivicWorld, plan: string, amount: number, promoCode: string) {
  await startCheckout(this, { tier: plan, amount, promoCode });
});
Given('she has started a checkout for the {word} plan at ${int} with the promo code {string}', async function (this: CivicWorld, plan: string, amount: number, promoCode: string) {
  await startCheckout(this, { tier: plan, amount, promoCode });
  startedCheckout(this);
});

When('she starts a checkout for the {word} plan at ${int} instead of ${int} with the promo code {string}', async function (this: CivicWorld, plan: string, amount: number, originalAmount: number, promoCode: string) {
  await startCheckout(this, { tier: plan, amount, originalAmount, promoCode });
});

Then('she is asked to pay ${int} by card', function (this: CivicWorld, dollars: number) {
  const answer = startedCheckout(this);
  assert.equal(answer.amount, dollars);
  assert.equal(answer.paid, false);
  assert.match(answer.clientSecret ?? '', /^pi_\w+_secret_\w+$/);
});

Then('she needs no card: her plan is paid already and she has {int} credits', function (this: CivicWorld, credits: number) {
  const answer = startedCheckout(this);
  assert.deepEqual([answer.amount, answer.paid, answer.credits, answer.clientSecret], [0, true, credits, undefined]);
});

Then('the checkout is refused with {string}', function (this: CivicWorld, message: string) {
  refusal(this.lastOutcome, message);
});

// ---- The card, in the browser (Stripe.js)

const pay = function (this: CivicWorld, card: TestCard) {
  const checkout = this.latestCheckout();
  assert.ok(checkout.answer.clientSecret, 'this checkout has nothing to pay by card');
  checkout.cardPayment = this.payments.payInBrowser(checkout.answer.clientSecret, card);
};
When('she pays with a valid card', function (this: CivicWorld) { pay.call(this, 'valid'); });
When('she pays with a card that is declined', function (this: CivicWorld) { pay.call(this, 'declined'); });
Given('she has paid with a valid card', function (this: CivicWorld) {
  pay.call(this, 'valid');
  assert.equal(this.latestCheckout().cardPayment?.succeeded, true);
});

Then('the card is refused with {string}', function (this: CivicWorld, message: string) {
  const payment = this.latestCheckout().cardPayment;
  assert.deepEqual([payment?.succeeded, payment?.errorMessage], [false, message]);
});

Then('Stripe has charged her ${int} for the first month', function (this: CivicWorld, dollars: number) {
  const payment = this.latestCheckout().cardPayment;
  assert.deepEqual([payment?.succeeded, payment?.amountCents], [true, dollars * 100]);
});

// ---- payment-success

const paymentOf = (checkout: Checkout): string => {
  assert.ok(checkout.cardPayment, 'nothing was paid in the browser for this checkout');
  return checkout.cardPayment.paymentIntentId;
};
const report = (world: CivicWorld, checkout = world.latestCheckout()) =>
  world.payments.reportPaymentSuccess(paymentOf(checkout), { tier: checkout.tier, ...(checkout.promoCode ? { promoCode: checkout.promoCode } : {}) });

When('the checkout page reports the payment', async function (this: CivicWorld) {
  this.lastOutcome = await report(this);
});
When('the checkout page reports the payment again', async function (this: CivicWorld) {
  this.lastOutcome = await report(this);
});
When('the checkout page reports the payment {string}', async function (this: CivicWorld, paymentIntentId: string) {
  this.lastOutcome = await this.payments.reportPaymentSuccess(paymentIntentId, { tier: 'patriot' });
});

When('he reports {word}\'s payment as his own', async function (this: CivicWorld, name: string) {
  const payer = this.people.get(name);
  const theirs = this.checkouts.findLast((c) => c.userId === payer && c.cardPayment);
  assert.ok(theirs, `${name} paid nothing in this scenario`);
  this.lastOutcome = await this.payments.reportPaymentSuccess(paymentOf(theirs), { tier: theirs.tier });
});

Then('the payment is confirmed with {int} new credits: she now has {int}', function (this: CivicWorld, granted: number, balance: number) {
  assert.ok(this.lastOutcome?.ok, `expected a confirmation, got ${JSON.stringify(this.lastOutcome)}`);
  const answer = this.lastOutcome.value as PaymentSuccessResponse;
  assert.deepEqual([answer.creditsGranted, answer.credits], [granted, balance]);
});

Then('the payment is refused with {string}', function (this: CivicWorld, message: string) {
  refusal(this.lastOutcome, message);
});

// ---- The subscription (Profile → Manage Subscription)

const subscription = async (world: CivicWorld): Promise<SubscriptionView> => {
  const read = await world.payments.subscription();
  assert.ok(read.ok, JSON.stringify(read));
  return read.value;
};

Then('she/he has no paid subscription', async function (this: CivicWorld) {
  assert.equal(await subscription(this), null);
});

Then(/^her (\w+) subscription is (active|past due)$/, async function (this: CivicWorld, plan: string, status: string) {
  const view = await subscription(this);
  assert.deepEqual(
    [view?.tier, view?.status, view?.cancelAtPeriodEnd],
    [tierOf(plan), status.replace(' ', '_'), false],
  );
});

When('she cancels her subscription', async function (this: CivicWorld) {
  this.lastOutcome = await this.payments.cancelSubscription();
});

Then('her {word} subscription ends with the month she paid for', async function (this: CivicWorld, plan: string) {
  assert.ok(this.lastOutcome?.ok, `the cancellation failed: ${JSON.stringify(this.lastOutcome)}`);
  const view = await subscription(this);
  assert.deepEqual([view?.tier, view?.status, view?.cancelAtPeriodEnd], [tierOf(plan), 'active', true]);
  const daysLeft = (Date.parse(view?.currentPeriodEnd ?? '') - Date.now()) / 86_400_000;
  assert.ok(daysLeft > 27 && daysLeft <= 31, `the paid month ends in ${daysLeft} days`);
});

Then('cancelling is refused with {string}', function (this: CivicWorld, message: string) {
  refusal(this.lastOutcome, message);
});

async function subscribe(world: CivicWorld, plan: string): Promise<void> {
  await choosePlan(world, plan);
  startedCheckout(world);
  pay.call(world, 'valid');
  const confirmed = await report(world);
  assert.ok(confirmed.ok, `the payment was not confirmed: ${JSON.stringify(confirmed)}`);
}
Given('she has subscribed to the {word} plan with a valid card', async function (this: CivicWorld, plan: string) {
  await subscribe(this, plan);
});
When('she subscribes to the {word} plan with a valid card', async function (this: CivicWorld, plan: string) {
  await subscribe(this, plan);
});

Then('her {word} subscription has ended at Stripe', function (this: CivicWorld, plan: string) {
  const checkout = this.checkouts.findLast((c) => c.userId === this.userId && c.tier === tierOf(plan));
  assert.ok(checkout, `no ${plan} checkout in this scenario`);
  assert.equal(this.payments.statusAtStripe(checkout.answer.subscriptionId), 'canceled');
});

// ---- Stripe's side: time passing, refunds, webhook deliveries

When('a month passes', function (this: CivicWorld) {
  this.lastRenewal = this.payments.monthPasses(this.latestCheckout().answer.subscriptionId);
});
When('a month passes and her card is declined', function (this: CivicWorld) {
  this.lastRenewal = this.payments.monthPasses(this.latestCheckout().answer.subscriptionId, 'declined');
  assert.equal(this.lastRenewal.status, 'payment_failed');
});

Then('Stripe charges her ${int} for the new month', function (this: CivicWorld, dollars: number) {
  assert.deepEqual([this.lastRenewal?.status, this.lastRenewal?.amountCents], ['paid', dollars * 100]);
});
Then('Stripe charges her nothing more', function (this: CivicWorld) {
  assert.deepEqual([this.lastRenewal?.status, this.lastRenewal?.amountCents], ['ended', 0]);
});

const deliverPending = async (world: CivicWorld) => {
  const deliveries = await world.payments.deliverPendingEvents();
  const refused = deliveries.filter((d) => !d.outcome.ok);
  assert.deepEqual(refused, [], 'the server refused some of Stripe\'s events');
};
When('Stripe\'s events reach the server', async function (this: CivicWorld) {
  await deliverPending(this);
});

When('Stripe delivers the renewal\'s payment event again', async function (this: CivicWorld) {
  this.lastOutcome = await this.payments.redeliver('invoice.paid');
});
Then('the server answers that it had handled that event already', function (this: CivicWorld) {
  assert.deepEqual(this.lastOutcome, { ok: true, value: 'duplicate' });
});

When('someone posts a copy of the renewal\'s payment event signed with another secret', async function (this: CivicWorld) {
  this.lastOutcome = await this.payments.deliverForged('invoice.paid', 'signed with another secret');
});
When('someone posts an unsigned copy of the renewal\'s payment event', async function (this: CivicWorld) {
  this.lastOutcome = await this.payments.deliverForged('invoice.paid', 'unsigned');
});
When('a Stripe event is posted to the server', async function (this: CivicWorld) {
  this.lastOutcome = await this.payments.deliverNewEvent('invoice.paid', { id: 'in_features_made_up', object: 'invoice', status: 'paid' });
});
Then('the event is refused with {string}', function (this: CivicWorld, message: string) {
  refusal(this.lastOutcome, message);
});

const firstCardPayment = (world: CivicWorld) => {
  const first = world.checkouts.find((c) => c.userId === world.userId && c.cardPayment?.succeeded);
  assert.ok(first?.cardPayment, 'she paid nothing by card in this scenario');
  return first.cardPayment;
};
When('Stripe refunds her first payment in full', async function (this: CivicWorld) {
  const payment = firstCardPayment(this);
  await this.payments.refundAtStripe(payment.paymentIntentId, payment.amountCents);
});
When('Stripe refunds ${int} of her first payment', async function (this: CivicWorld, dollars: number) {
  await this.payments.refundAtStripe(firstCardPayment(this).paymentIntentId, dollars * 100);
});

// ---- Credits

/** A short ordinance: long enough for the 50-character minimum, well within every plan's limit. */
const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. Any resident may object in writing before the public hearing.';

Given('she has spent {int} credits on analyses', async function (this: CivicWorld, count: number) {
  const before = (await this.accounts.currentUser())?.credits ?? 0;
  for (let i = 1; i <= count; i += 1) {
    const analysed = await this.analyses.analyze({ text: ORDINANCE, title: `Library levy ${i}` });
    assert.ok(analysed.ok, JSON.stringify(analysed));
  }
  assert.equal((await this.accounts.currentUser())?.credits, before - count);
});

Then('her credit history ends with:', async function (this: CivicWorld, table: DataTable) {
  const rows = await this.accounts.creditHistory(this.userId!);
  const expected = table.rows();
  assert.deepEqual(rows.slice(-expected.length).map((r) => [r.reason, String(r.delta), String(r.balanceAfter)]), expected);
});

// ---- At the same moment

When('the checkout page reports the payment {int} times while Stripe\'s events reach the server', async function (this: CivicWorld, times: number) {
  const [reports] = await Promise.all([
    Promise.all(Array.from({ length: times }, () => report(this))),
    deliverPending(this),
  ]);
  this.crowdOutcomes = reports;
});
Then('every report confirms the payment', function (this: CivicWorld) {
  const refused = this.crowdOutcomes.filter((o) => !o.ok);
  assert.deepEqual(refused, []);
  const granted = this.crowdOutcomes.map((o) => (o.ok ? (o.value as PaymentSuccessResponse).creditsGranted : null));
  assert.ok(granted.filter((g) => g! > 0).length <= 1, `credits granted by more than one report: ${JSON.stringify(granted)}`);
});

When('Stripe delivers the renewal\'s payment event {int} times at the same moment', async function (this: CivicWorld, times: number) {
  this.crowdOutcomes = await this.payments.deliverAtOnce('invoice.paid', times);
});
Then('the server handles it once and answers the other {int} deliveries as already handled', function (this: CivicWorld, others: number) {
  const outcomes = this.crowdOutcomes.map((o) => (o.ok ? o.value : o.code)).sort();
  assert.deepEqual(outcomes, [...Array<string>(others).fill('duplicate'), 'processed']);
});
