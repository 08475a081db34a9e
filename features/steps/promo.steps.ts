import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import type { CivicWorld } from '../support/world.ts';

Given('an administrator has created the promo code {string} worth {int} credits for {int} account(s)', async function (this: CivicWorld, code: string, credits: number, maxUses: number) {
  await this.createPromoCode({ code, type: 'credits', credits, maxUses });
});

Given('an administrator has created the promo code {string} worth {int} credits, which has expired', async function (this: CivicWorld, code: string, credits: number) {
  await this.createPromoCode({ code, type: 'credits', credits }, { expired: true });
});

Given('an administrator has created the promo code {string} for {int}% off the first month', async function (this: CivicWorld, code: string, discountPercent: number) {
  await this.createPromoCode({ code, type: 'discount', discountPercent });
});

When('she redeems the promo code {string}', async function (this: CivicWorld, code: string) {
  this.lastOutcome = await this.promos.redeem(code);
});

Given('she has redeemed the promo code {string}', async function (this: CivicWorld, code: string) {
  this.lastOutcome = await this.promos.redeem(code);
  assert.ok(this.lastOutcome.ok, `redeeming failed: ${JSON.stringify(this.lastOutcome)}`);
});

When('she checks the promo code {string}', async function (this: CivicWorld, code: string) {
  this.lastOutcome = await this.promos.check(code);
});

Then('she receives {int} free credits', function (this: CivicWorld, credits: number) {
  assert.ok(this.lastOutcome?.ok, `expected the code to be redeemed: ${JSON.stringify(this.lastOutcome)}`);
  assert.equal((this.lastOutcome.value as { credits: number }).credits, credits);
});

Then('the code gives {int}% off the first month', function (this: CivicWorld, percent: number) {
  assert.ok(this.lastOutcome?.ok, `expected the code to be valid: ${JSON.stringify(this.lastOutcome)}`);
  assert.deepEqual(this.lastOutcome.value, { type: 'discount', credits: 0, discountPercent: percent });
});

Then('the promo code is refused with {string}', function (this: CivicWorld, message: string) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok, `expected a refusal: ${JSON.stringify(this.lastOutcome)}`);
  assert.equal(this.lastOutcome.message, message);
});

Then('the code {string} has been used by {int} account(s)', async function (this: CivicWorld, code: string, accounts: number) {
  assert.equal(await this.promoUses(code), accounts);
});

// Concurrency: every request is sent before any answer is awaited, so they meet in the database.

Given('{int} citizens have registered', async function (this: CivicWorld, count: number) {
  for (let i = 1; i <= count; i += 1) {
    const citizen = this.newCitizen();
    const registered = await citizen.accounts.register({ firstName: `Citizen ${i}`, email: `citizen${i}@example.org`, password: 'liberty1' });
    assert.ok(registered.ok, `citizen ${i} could not register: ${JSON.stringify(registered)}`);
    this.crowd.push(citizen);
  }
});

When('they all redeem the promo code {string} at the same moment', async function (this: CivicWorld, code: string) {
  this.crowdOutcomes = await Promise.all(this.crowd.map((citizen) => citizen.promos.redeem(code)));
});

When('she redeems the promo code {string} {int} times at the same moment', async function (this: CivicWorld, code: string, times: number) {
  this.crowdOutcomes = await Promise.all(Array.from({ length: times }, () => this.promos.redeem(code)));
});

const exactlyReceive = function (this: CivicWorld, count: number, credits: number) {
  const granted = this.crowdOutcomes.filter((o) => o.ok);
  assert.equal(granted.length, count, JSON.stringify(this.crowdOutcomes));
  for (const outcome of granted) assert.equal((outcome.value as { credits: number }).credits, credits);
};
Then('exactly {int} of them receive {int} free credits', exactlyReceive);
Then('exactly {int} of her attempts receives {int} free credits', exactlyReceive);

Then('the other {int} are refused with {string}', function (this: CivicWorld, count: number, message: string) {
  const refused = this.crowdOutcomes.filter((o) => !o.ok);
  assert.equal(refused.length, count, JSON.stringify(this.crowdOutcomes));
  assert.deepEqual([...new Set(refused.map((o) => (o.ok ? '' : o.message)))], [message]);
});

Then('{int} of them have {int} credits and {int} have {int} credit(s)', async function (this: CivicWorld, richer: number, more: number, others: number, fewer: number) {
  const balances = await Promise.all(this.crowd.map(async (citizen) => (await citizen.accounts.currentUser())?.credits));
  assert.deepEqual(
    [balances.filter((b) => b === more).length, balances.filter((b) => b === fewer).length],
    [richer, others],
    `balances: ${JSON.stringify(balances)}`,
  );
});
