import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import type { OtherDevice } from '../support/wirings/account-recovery.ability.ts';
import type { CivicWorld } from '../support/world.ts';
import { linkTokens, mailTo, newestLink } from '../support/mailbox.ts';

/** The address of the scenario's current citizen, as she registered it. */
const herEmail = (world: CivicWorld): string => {
  const name = [...world.people].find(([, id]) => id === world.userId)?.[0];
  const email = name && world.emails.get(name);
  assert.ok(email, 'nobody has registered in this scenario');
  return email;
};

/** Known to this file only: the other devices of the scenario, by name. */
const devices = new WeakMap<CivicWorld, Map<string, OtherDevice>>();
const deviceOf = (world: CivicWorld, name: string): OtherDevice => {
  const device = devices.get(world)?.get(name);
  assert.ok(device, `she has not signed in on her ${name}`);
  return device;
};

const refusedWith = function (this: CivicWorld, message: string) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok, `expected a refusal, got ${JSON.stringify(this.lastOutcome)}`);
  assert.equal(this.lastOutcome.message, message);
};
Then('the reset is refused with {string}', refusedWith);
Then('the link is refused with {string}', refusedWith);
Then('the change is refused with {string}', refusedWith);

Then('she is told {string}', function (this: CivicWorld, message: string) {
  assert.ok(this.lastOutcome?.ok, `expected an answer, got ${JSON.stringify(this.lastOutcome)}`);
  assert.equal((this.lastOutcome.value as { message: string }).message, message);
});

// ---- Password reset

const askForReset = async function (this: CivicWorld, email: string) {
  this.lastOutcome = await this.recovery.forgotPassword(email);
};
When('she asks for a password reset link for {string}', askForReset);
Given('she has asked for a password reset link for {string}', async function (this: CivicWorld, email: string) {
  await askForReset.call(this, email);
  assert.ok(this.lastOutcome?.ok, JSON.stringify(this.lastOutcome));
});

Then('a password reset link has been e-mailed to {string}', async function (this: CivicWorld, email: string) {
  const [mail] = (await mailTo(this, email)).filter((m) => m.kind === 'password_reset');
  assert.ok(mail, `no password reset e-mail to ${email}`);
  assert.equal(mail.subject, 'Reset your CivicWatch password');
  assert.match(mail.text, /\/reset-password\?token=\S+/);
});

Then('nothing has been e-mailed to {string}', async function (this: CivicWorld, email: string) {
  assert.deepEqual(await mailTo(this, email), []);
});

const resetWith = async (world: CivicWorld, token: string, password: string) => {
  world.lastOutcome = await world.recovery.resetPassword(token, password);
};
When('she opens the link e-mailed to {string} and chooses the password {string}', async function (this: CivicWorld, email: string, password: string) {
  await resetWith(this, await newestLink(this, email, '/reset-password'), password);
});
Given('she has opened the link e-mailed to {string} and chosen the password {string}', async function (this: CivicWorld, email: string, password: string) {
  await resetWith(this, await newestLink(this, email, '/reset-password'), password);
  assert.ok(this.lastOutcome?.ok, JSON.stringify(this.lastOutcome));
});
When('she opens the first link e-mailed to {string} and chooses the password {string}', async function (this: CivicWorld, email: string, password: string) {
  const tokens = await linkTokens(this, email, '/reset-password');
  assert.ok(tokens.length >= 2, `expected two reset links to ${email}`);
  await resetWith(this, tokens.at(-1)!, password);
});

/** Test support, not a product path: time passes for the links already sent to this address. */
Given(/^the links e-mailed to "([^"]+)" are (an hour|a day) old$/, async function (this: CivicWorld, email: string, age: string) {
  await this.runtime.database.orm.em.fork().execute(
    `update account_tokens set expires_at = expires_at - interval '${age === 'an hour' ? '1 hour' : '24 hours'}', `
    + `created_at = created_at - interval '${age === 'an hour' ? '1 hour' : '24 hours'}' `
    + 'where user_id = (select id from users where email = ?)',
    [email.toLowerCase()]);
});

Then('she has been told by e-mail at {string} that her password was changed', async function (this: CivicWorld, email: string) {
  const kinds = (await mailTo(this, email)).map((m) => m.kind);
  assert.ok(kinds.includes('password_changed'), `no password_changed e-mail to ${email}: ${kinds.join(', ')}`);
});

// ---- Other devices

Given('she has signed in on her {word} with the e-mail {string} and the password {string}', async function (this: CivicWorld, device: string, email: string, password: string) {
  const signedIn = await this.recovery.signInOnAnotherDevice(email, password);
  devices.set(this, (devices.get(this) ?? new Map()).set(device, signedIn));
});
Then('her {word} is signed out', async function (this: CivicWorld, device: string) {
  assert.equal(await deviceOf(this, device).isSignedIn(), false);
});
Then('her {word} is still signed in', async function (this: CivicWorld, device: string) {
  assert.equal(await deviceOf(this, device).isSignedIn(), true);
});

// ---- Changing the password

When('she changes her password from {string} to {string}', async function (this: CivicWorld, current: string, next: string) {
  this.lastOutcome = await this.recovery.changePassword(current, next);
});

// ---- E-mail verification

Then('her e-mail address is not verified', async function (this: CivicWorld) {
  assert.equal((await this.accounts.currentUser())?.emailVerified, false);
});
Then('her e-mail address is verified', async function (this: CivicWorld) {
  assert.equal((await this.accounts.currentUser())?.emailVerified, true);
});

Then('her welcome e-mail holds a link to verify her address', async function (this: CivicWorld) {
  const [welcome] = (await mailTo(this, herEmail(this))).filter((m) => m.kind === 'welcome');
  assert.ok(welcome, 'no welcome e-mail');
  assert.match(welcome.text, /\/verify-email\?token=\S+/);
});

const openVerificationLink = async (world: CivicWorld, which: 'newest' | 'welcome') => {
  const email = herEmail(world);
  const token = which === 'newest'
    ? await newestLink(world, email, '/verify-email')
    : (await linkTokens(world, email, '/verify-email')).at(-1);
  assert.ok(token, `no verification link e-mailed to ${email}`);
  world.lastOutcome = await world.recovery.verifyEmail(token);
};
When('she opens the verification link', async function (this: CivicWorld) {
  await openVerificationLink(this, 'newest');
});
Given('she/he has opened the verification link', async function (this: CivicWorld) {
  await openVerificationLink(this, 'newest');
  assert.ok(this.lastOutcome?.ok, JSON.stringify(this.lastOutcome));
});
When('she opens the verification link of her welcome e-mail', async function (this: CivicWorld) {
  await openVerificationLink(this, 'welcome');
});

When('she asks for a new verification e-mail', async function (this: CivicWorld) {
  this.lastOutcome = await this.recovery.resendVerification();
});

// ---- Changing the e-mail address

const askForEmailChange = async function (this: CivicWorld, email: string, password: string) {
  this.lastOutcome = await this.recovery.changeEmail(email, password);
};
When('she asks to change her e-mail address to {string} with the password {string}', askForEmailChange);
Given('she has asked to change her e-mail address to {string} with the password {string}', async function (this: CivicWorld, email: string, password: string) {
  await askForEmailChange.call(this, email, password);
  assert.ok(this.lastOutcome?.ok, JSON.stringify(this.lastOutcome));
});

Then('{string} has been told by e-mail that the address is changing to {string}', async function (this: CivicWorld, old: string, next: string) {
  const [notice] = (await mailTo(this, old)).filter((m) => m.kind === 'email_change_notice');
  assert.ok(notice, `no notice to ${old}`);
  assert.ok(notice.text.includes(`change its e-mail address to ${next}`), notice.text);
});

When('she opens the confirmation link e-mailed to {string}', async function (this: CivicWorld, email: string) {
  this.lastOutcome = await this.recovery.confirmEmailChange(await newestLink(this, email, '/confirm-email'));
});

Then('her e-mail address is {string}', async function (this: CivicWorld, email: string) {
  assert.equal((await this.accounts.currentUser())?.email, email);
});
