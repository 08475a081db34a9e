import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import type { CivicWorld } from '../support/world.ts';

Given('an administrator has created the promo code {string} worth {int} credits for {int} accounts', async function (this: CivicWorld, code: string, credits: number, maxUses: number) {
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
