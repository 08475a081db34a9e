import assert from 'node:assert/strict';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { ListOutbox, UnitOfWork, type AccountExport, type EmailPreferencesInput } from '@civicwatch/core';
import type { CivicWorld } from '../support/world.ts';

// ---- Account settings: e-mail preferences, credit history, the data export, deleting the account

/** The preferences as account settings names them. */
const preferenceNames: Record<string, keyof EmailPreferencesInput> = {
  'analysis notices': 'analysisNotices',
  'payment receipts': 'receipts',
  'product news': 'productUpdates',
};

const preferencesOf = (table: DataTable): EmailPreferencesInput => {
  const chosen = Object.fromEntries(table.raw().map(([name, choice]) => {
    const key = preferenceNames[name!];
    assert.ok(key, `no e-mail preference "${name}"`);
    assert.ok(choice === 'on' || choice === 'off', `"${name}" is on or off, not "${choice}"`);
    return [key, choice === 'on'];
  }));
  return chosen as EmailPreferencesInput;
};

async function setPreferences(this: CivicWorld, table: DataTable) {
  this.lastOutcome = await this.accountData.updateEmailPreferences(preferencesOf(table));
  assert.ok(this.lastOutcome.ok, JSON.stringify(this.lastOutcome));
}
When('she sets her e-mail preferences to:', setPreferences);
Given('she has set her e-mail preferences to:', setPreferences);

Then('her e-mail preferences read:', async function (this: CivicWorld, table: DataTable) {
  const user = await this.accounts.currentUser();
  assert.deepEqual(user?.emailPreferences, preferencesOf(table));
});

/**
 * Test support, not a product path: the address counts as verified, as if its link had been opened, so that a
 * scenario about something else can reach the checkout (which requires it).
 */
Given('her e-mail address is already verified', async function (this: CivicWorld) {
  await this.runtime.container.get<UnitOfWork>(UnitOfWork).run(({ users }) => users.markEmailVerified(this.userId!, new Date()));
});

/** What the outbox holds for her, as an administrator reads it there. */
Then('she has been sent {int} payment receipt(s)', async function (this: CivicWorld, count: number) {
  const email = (await this.accounts.currentUser())?.email;
  const { messages } = await this.runtime.container.get(ListOutbox).execute({ limit: 200 });
  assert.equal(messages.filter((m) => m.to === email && m.kind === 'payment_receipt').length, count);
});

Then('her credit history in account settings reads:', async function (this: CivicWorld, table: DataTable) {
  const history = await this.accountData.creditHistory();
  assert.ok(history.ok, JSON.stringify(history));
  const signed = (change: number) => (change > 0 ? `+${change}` : String(change));
  assert.deepEqual(history.value.entries.map((e) => [e.label, signed(e.change), String(e.balanceAfter)]), table.rows());
  assert.equal(history.value.total, table.rows().length);
});

When('she downloads her data', async function (this: CivicWorld) {
  this.lastOutcome = await this.accountData.exportData();
});

const exported = (world: CivicWorld): AccountExport => {
  assert.ok(world.lastOutcome?.ok, `the export failed: ${JSON.stringify(world.lastOutcome)}`);
  return world.lastOutcome.value as AccountExport;
};

Then('her data names her {string}', function (this: CivicWorld, email: string) {
  assert.equal(exported(this).profile.email, email);
});

Then('her data holds the analyses {string} and {string}, each with its summary', function (this: CivicWorld, newer: string, older: string) {
  const { analyses } = exported(this);
  assert.deepEqual(analyses.map((a) => a.document.title), [newer, older]);
  for (const analysis of analyses) {
    const { summary } = analysis.result as { summary?: unknown };
    assert.ok(typeof summary === 'string' && summary.length > 0, `"${analysis.document.title}" has no summary`);
  }
});

Then('her data holds her credit history, ending with a balance of {int}', function (this: CivicWorld, balance: number) {
  const { creditHistory } = exported(this);
  assert.equal(creditHistory[0]?.reason, 'signup_grant');
  assert.equal(creditHistory.at(-1)?.balanceAfter, balance);
});

async function deleteAccount(this: CivicWorld, password: string) {
  this.lastOutcome = await this.accountData.deleteAccount(password);
}
When('she deletes her account with the password {string}', deleteAccount);
Given('she has deleted her account with the password {string}', async function (this: CivicWorld, password: string) {
  await deleteAccount.call(this, password);
  assert.ok(this.lastOutcome?.ok, JSON.stringify(this.lastOutcome));
});

Then('her account is gone', async function (this: CivicWorld) {
  assert.ok(this.lastOutcome?.ok, JSON.stringify(this.lastOutcome));
  // Read from the database: no screen shows an account that no longer exists.
  assert.equal(await this.runtime.container.get<UnitOfWork>(UnitOfWork).run(({ users }) => users.findById(this.userId!)), null);
});

Then('the deletion is refused with {string}', function (this: CivicWorld, message: string) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok, `expected a refusal, got ${JSON.stringify(this.lastOutcome)}`);
  assert.equal(this.lastOutcome.message, message);
});

Then('the invoice of her first payment is kept, ${int} for {word}, with no account attached', async function (this: CivicWorld, dollars: number, plan: string) {
  const paymentId = this.latestCheckout().cardPayment?.paymentIntentId;
  assert.ok(paymentId, 'she paid no card payment in this scenario');
  const payment = await this.runtime.container.get<UnitOfWork>(UnitOfWork).run(({ billing }) => billing.findPaymentByPaymentId(paymentId));
  assert.ok(payment, 'the invoice was not kept');
  assert.deepEqual([payment.userId, payment.amountCents, payment.tierId], [null, dollars * 100, plan.toLowerCase()]);
});
