import assert from 'node:assert/strict';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import type { CivicWorld } from '../support/world.ts';

const registers = async function (this: CivicWorld, name: string, email: string, password: string) {
  this.lastOutcome = await this.accounts.register({ firstName: name, email, password });
  if (this.lastOutcome.ok) {
    this.userId = (this.lastOutcome.value as { id: string }).id;
    this.people.set(name, this.userId);
    this.emails.set(name, email);
  }
};
When('{string} registers with the e-mail {string} and the password {string}', registers);
When('{string} registers with the e-mail {string} and the password {string}, the username running onto a second line that reads {string}',
  async function (this: CivicWorld, name: string, email: string, password: string, line: string) {
    this.lastOutcome = await this.accounts.register({ firstName: `${name}\n${line}`, email, password });
  });
Given('{string} has registered with the e-mail {string} and the password {string}', async function (this: CivicWorld, name: string, email: string, password: string) {
  await registers.call(this, name, email, password);
  assert.ok(this.lastOutcome?.ok, `registration failed: ${JSON.stringify(this.lastOutcome)}`);
});

// Given/When/Then share one registry in Cucumber: each sentence is registered once.
When('she signs in with the e-mail {string} and the password {string}', async function (this: CivicWorld, email: string, password: string) {
  this.lastOutcome = await this.accounts.signIn(email, password);
  if (this.lastOutcome.ok) this.userId = (this.lastOutcome.value as { id: string }).id;
});

When('she signs out', async function (this: CivicWorld) { await this.accounts.signOut(); });
Given('she has signed out', async function (this: CivicWorld) { await this.accounts.signOut(); });

Then('she is signed in as {string}', async function (this: CivicWorld, name: string) {
  const user = await this.accounts.currentUser();
  assert.equal(user?.firstName, name);
});

Then('she is signed out', async function (this: CivicWorld) {
  assert.equal(await this.accounts.currentUser(), null);
});

Then('her/his plan is {string} with {int} credit(s)', async function (this: CivicWorld, tier: string, credits: number) {
  const user = await this.accounts.currentUser();
  assert.equal(user?.subscriptionTier, tier);
  assert.equal(user?.credits, credits);
});

Then('her credit history shows {int} credit(s) granted at sign-up', async function (this: CivicWorld, credits: number) {
  const rows = await this.accounts.creditHistory(this.userId!);
  assert.deepEqual(rows.map((r) => [r.reason, r.delta, r.balanceAfter]), [['signup_grant', credits, credits]]);
});

Then('she is not an administrator', async function (this: CivicWorld) {
  const user = await this.accounts.currentUser();
  assert.ok(user, 'nobody is signed in');
  assert.deepEqual([user.role, user.isAdmin], ['user', false]);
});

Then('she is an administrator on the {string} plan', async function (this: CivicWorld, tier: string) {
  const user = await this.accounts.currentUser();
  assert.equal(user?.isAdmin, true);
  assert.equal(user?.subscriptionTier, tier);
});

const refusedWith = function (this: CivicWorld, message: string) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok, 'expected a refusal');
  assert.equal(this.lastOutcome.message, message);
};
Then('registration is refused with {string}', refusedWith);
Then('signing in is refused with {string}', refusedWith);
Then('the profile update is refused with {string}', refusedWith);

Then('registration is refused because the e-mail is taken', function (this: CivicWorld) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok);
  assert.equal(this.lastOutcome.code, 'auth.email_taken');
});

Then('nobody can sign in as {string} with the password {string}', async function (this: CivicWorld, email: string, password: string) {
  const outcome = await this.accounts.signIn(email, password);
  assert.equal(outcome.ok, false);
});

Then('{string} can still sign in with the password {string}', async function (this: CivicWorld, email: string, password: string) {
  const outcome = await this.accounts.signIn(email, password);
  assert.ok(outcome.ok, JSON.stringify(outcome));
});

When('she updates her profile with:', async function (this: CivicWorld, table: DataTable) {
  this.lastOutcome = await this.accounts.updateProfile(Object.fromEntries(table.raw().map(([k, v]) => [k!, v ?? ''])));
});

Then('her profile shows:', async function (this: CivicWorld, table: DataTable) {
  const user = (await this.accounts.currentUser()) as unknown as Record<string, string | null>;
  for (const [field, expected] of table.raw()) {
    assert.equal(user[field!] ?? '', expected ?? '', field);
  }
});
