import assert from 'node:assert/strict';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { seededSettings, type AdminStats, type PromoCodeView, type RefundResponse, type SettingKey, type UserView } from '@civicwatch/core';
import { FEATURE_ADMIN_EMAILS, type CivicWorld } from '../support/world.ts';
import type { Outcome } from '../support/wirings/accounts.ability.ts';
import type { AuditEntryView, PromoForm } from '../support/wirings/administration.ability.ts';
import { cliAdministration } from '../support/wirings/cli-administration.ts';
import { newestLink } from '../support/mailbox.ts';

const MAIN_ADMIN_EMAIL = FEATURE_ADMIN_EMAILS.split(',')[0]!;
const PASSWORD = 'liberty1';

/** "the paid prompt" and its kin, as the panel's editor labels them. */
const promptKey = (name: string): SettingKey => {
  const key = ({ free: 'free_user_prompt', paid: 'paid_user_prompt', summary: 'summary_prompt' } as const)[name];
  if (!key) throw new Error(`No ${name} prompt: the prompts are free, paid and summary`);
  return key;
};

const answered = <T>(outcome: Outcome<T>): T => {
  assert.ok(outcome.ok, `the administrator was refused: ${JSON.stringify(outcome)}`);
  return outcome.value;
};

// ---- Who administers

Given('the main administrator {string} has signed in', async function (this: CivicWorld, name: string) {
  const admin = this.newCitizen();
  const registered = await admin.accounts.register({ firstName: name, email: MAIN_ADMIN_EMAIL, password: PASSWORD });
  assert.ok(registered.ok, `the administrator could not register: ${JSON.stringify(registered)}`);
  // ADMIN_EMAILS names her address: she is an administrator once she has opened the link of her welcome e-mail.
  const verified = await admin.recovery.verifyEmail(await newestLink(this, MAIN_ADMIN_EMAIL, '/verify-email'));
  assert.ok(verified.ok, `the administrator could not verify her address: ${JSON.stringify(verified)}`);
  assert.equal((await admin.accounts.currentUser())?.isAdmin, true);
  this.people.set(name, registered.value.id);
  this.emails.set(name, MAIN_ADMIN_EMAIL);
  this.admin = admin;
});

// What `civicwatch admin grant|revoke` does beside the running server, whatever the scenario's wiring.
Given('{string} has been made an administrator on the command line', async function (this: CivicWorld, name: string) {
  answered(await cliAdministration(this.runtime).setAdminRole(this.account(name).email, 'admin'));
});
When('the admin role is taken from {string} on the command line', async function (this: CivicWorld, name: string) {
  answered(await cliAdministration(this.runtime).setAdminRole(this.account(name).email, 'user'));
});

/** The admin panel's calls, made from the scenario's own session (a citizen's, or nobody's once signed out). */
const attempts: Record<string, (world: CivicWorld) => Promise<Outcome<unknown>>> = {
  'read the AI prompts': (w) => w.administration.prompts(),
  'save the paid prompt': (w) => w.administration.savePrompt('paid_user_prompt', 'Say yes to everything in {{STATE}}, {{COUNTRY}}.'),
  'list the accounts': (w) => w.administration.users(),
  'put herself on the Defender plan with 50 credits': (w) => w.administration.setPlan(w.account('Rosa'), 'defender', 50),
  'delete the main administrator': (w) => w.administration.deleteUser(w.account('Chief')),
  'create a promo code': (w) => w.administration.createPromo({ code: 'MINE', kind: 'credits', amount: '1000', maxUses: '', expiryDate: '2099-12-31' }),
  'list the promo codes': (w) => w.administration.promos(),
  'read the system stats': (w) => w.administration.stats(),
  'change the Patriot plan': (w) => w.administration.changeTier('patriot', { credits: 1000 }),
  'read the audit log': (w) => w.administration.auditLog(),
  'refund a payment': (w) => w.administration.refund(w.account('Rosa'), 29, 'I want my money back'),
};
When(/^she tries to (.+) as an administrator$/, async function (this: CivicWorld, action: string) {
  const attempt = attempts[action];
  if (!attempt) throw new Error(`No administrative action "${action}"; known: ${Object.keys(attempts).join(', ')}`);
  this.lastOutcome = await attempt(this);
});

Then('she is refused with status {int} and {string}', function (this: CivicWorld, status: number, message: string) {
  const outcome = this.lastOutcome;
  assert.ok(outcome && !outcome.ok, `expected a refusal, got ${JSON.stringify(outcome)}`);
  assert.deepEqual([outcome.status, outcome.message], [status, message]);
});

Then('she is shown the system stats', function (this: CivicWorld) {
  assert.ok(this.lastOutcome?.ok, `expected the stats, got ${JSON.stringify(this.lastOutcome)}`);
  assert.equal((this.lastOutcome.value as AdminStats).totalUsers, this.people.size);
});

Then('the administrator is refused with {string}', function (this: CivicWorld, message: string) {
  const outcome = this.lastOutcome;
  assert.ok(outcome && !outcome.ok, `expected a refusal, got ${JSON.stringify(outcome)}`);
  assert.equal(outcome.message, message);
});

// ---- Prompts

const prompt = async (world: CivicWorld, name: string) => {
  const key = promptKey(name);
  const found = answered(await world.administrator.prompts()).find((p) => p.key === key);
  assert.ok(found, `no ${key} among the prompts`);
  return found.value;
};

Then('the {word} prompt is the one CivicWatch ships with', async function (this: CivicWorld, name: string) {
  assert.equal(await prompt(this, name), seededSettings[promptKey(name)]);
});

When('the administrator saves the {word} prompt {string}', async function (this: CivicWorld, name: string, text: string) {
  this.lastOutcome = await this.administrator.savePrompt(promptKey(name), text);
});

Then('the {word} prompt reads {string}', async function (this: CivicWorld, name: string, text: string) {
  assert.equal(await prompt(this, name), text);
});

// ---- Accounts

When('the administrator puts {string} on the {word} plan with {int} credit(s)', async function (this: CivicWorld, name: string, plan: string, credits: number) {
  this.lastOutcome = await this.administrator.setPlan(this.account(name), plan, credits);
});

When('the administrator grants {string} {int} credits because {string}', async function (this: CivicWorld, name: string, credits: number, reason: string) {
  this.lastOutcome = await this.administrator.grantCredits(this.account(name), credits, reason);
});
When('the administrator takes {int} credits from {string} because {string}', async function (this: CivicWorld, credits: number, name: string, reason: string) {
  this.lastOutcome = await this.administrator.grantCredits(this.account(name), -credits, reason);
});
Then('the administrator is refused because a balance never goes below zero', function (this: CivicWorld) {
  const outcome = this.lastOutcome;
  assert.ok(outcome && !outcome.ok, `expected a refusal, got ${JSON.stringify(outcome)}`);
  assert.equal(outcome.code, 'credits.insufficient');
});

When('the administrator marks the e-mail address of {string} verified', async function (this: CivicWorld, name: string) {
  this.lastOutcome = await this.administrator.verifyEmail(this.account(name));
});

When('the administrator deletes the account of {string}', async function (this: CivicWorld, name: string) {
  this.lastOutcome = await this.administrator.deleteUser(this.account(name));
});

const accounts = async (world: CivicWorld): Promise<UserView[]> => answered(await world.administrator.users());

Then('the administrator\'s list of accounts reads {string}', async function (this: CivicWorld, emails: string) {
  assert.deepEqual((await accounts(this)).map((u) => u.email), emails.split(',').map((e) => e.trim()));
});

When('the administrator makes {string} an administrator', async function (this: CivicWorld, name: string) {
  this.lastOutcome = await this.administrator.setAdminRole(this.account(name).email, 'admin');
});
When('the administrator takes the admin role from {string}', async function (this: CivicWorld, name: string) {
  this.lastOutcome = await this.administrator.setAdminRole(this.account(name).email, 'user');
});

Then(/^"([^"]*)" is (an|not an) administrator$/, async function (this: CivicWorld, name: string, which: string) {
  const account = (await accounts(this)).find((u) => u.id === this.account(name).id);
  assert.ok(account, `${name} is not among the accounts`);
  assert.deepEqual([account.role, account.isAdmin], which === 'an' ? ['admin', true] : ['user', false]);
});

// ---- Promo codes

When('the administrator creates a promo code with:', async function (this: CivicWorld, table: DataTable) {
  const [row, ...more] = table.hashes();
  assert.ok(row && more.length === 0, 'one promo code at a time');
  const form: PromoForm = {
    code: row.code ?? '',
    kind: row.kind === 'discount' ? 'discount' : 'credits',
    amount: row.amount ?? '',
    maxUses: row['max uses'] ?? '',
    expiryDate: row.expires ?? '',
  };
  this.lastOutcome = await this.administrator.createPromo(form);
});

Then('the promo codes read:', async function (this: CivicWorld, table: DataTable) {
  const promos = answered(await this.administrator.promos());
  assert.deepEqual(
    promos.map((p: PromoCodeView) => [p.code, p.type, String(p.credits), String(p.discountPercent), String(p.currentUses), String(p.maxUses), p.expiresAt, p.isActive ? 'yes' : 'no']),
    table.rows(),
  );
});

Then('there are no promo codes', async function (this: CivicWorld) {
  assert.deepEqual(answered(await this.administrator.promos()), []);
});

When('the administrator deletes the promo code {string}', async function (this: CivicWorld, code: string) {
  this.lastOutcome = await this.administrator.deletePromo(code);
});

// ---- Plans

When('the administrator changes the {word} plan\'s monthly credits to {int}', async function (this: CivicWorld, plan: string, credits: number) {
  this.lastOutcome = await this.administrator.changeTier(plan, { credits });
});
When('the administrator changes the {word} plan\'s price to ${int}', async function (this: CivicWorld, plan: string, price: number) {
  this.lastOutcome = await this.administrator.changeTier(plan, { price });
});

// ---- Refunds

When('the administrator refunds ${int} to {string} because {string}', async function (this: CivicWorld, dollars: number, name: string, reason: string) {
  this.lastOutcome = await this.administrator.refund(this.account(name), dollars, reason);
});

Then('the refund of ${int} is made', function (this: CivicWorld, dollars: number) {
  const refund = answered(this.lastOutcome as Outcome<RefundResponse>);
  assert.equal(refund.amount, dollars);
  assert.match(refund.refundId, /^re_\w+$/);
  assert.match(refund.invoiceId, /^in_\w+$/);
});

Then('Stripe has refunded ${int} of her first payment in all', function (this: CivicWorld, dollars: number) {
  const first = this.checkouts.find((c) => c.userId === this.userId && c.cardPayment?.succeeded);
  assert.ok(first?.cardPayment, 'she paid nothing by card in this scenario');
  assert.equal(this.payments.refundedAtStripe(first.cardPayment.paymentIntentId), dollars * 100);
});

// ---- Stats

Then('the system stats read:', async function (this: CivicWorld, table: DataTable) {
  const stats = answered(await this.administrator.stats());
  assert.deepEqual(
    [[stats.totalUsers, stats.freeUsers, stats.paidUsers, stats.admins, stats.totalAnalyses, stats.creditsSpent].map(String)],
    table.rows(),
  );
});

// ---- The audit log

const auditLog = async (world: CivicWorld): Promise<AuditEntryView[]> => answered(await world.administrator.auditLog());

Then('the audit log is empty', async function (this: CivicWorld) {
  assert.deepEqual(await auditLog(this), []);
});

/**
 * A before or after cell: `key=value, key=value`, or `-` for none. A value is read as a number, true, false
 * or null when it looks like one, else as text; `*` stands for a value the product made up (an id, a time).
 */
const ANY = Symbol('any value');
const valuesOf = (cell: string): Record<string, unknown> | null => {
  if (cell.trim() === '-') return null;
  return Object.fromEntries(cell.split(/,\s*(?=[A-Za-z]+=)/).map((pair) => {
    const at = pair.indexOf('=');
    assert.ok(at > 0, `not key=value: "${pair}"`);
    const raw = pair.slice(at + 1).trim();
    const value = raw === '*' ? ANY : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw)
      : raw === 'true' ? true : raw === 'false' ? false : raw === 'null' ? null : raw;
    return [pair.slice(0, at).trim(), value];
  }));
};
const matches = (actual: Record<string, unknown> | null, expected: Record<string, unknown> | null): unknown => {
  if (!actual || !expected) return actual;
  const same = Object.keys(actual).sort().join() === Object.keys(expected).sort().join();
  // Shown as the expectation where a made-up value is there, so that deepEqual reports only real differences.
  return same ? Object.fromEntries(Object.entries(actual).map(([k, v]) => [k, expected[k] === ANY && v != null ? ANY : v])) : actual;
};

Then('the audit log reads:', async function (this: CivicWorld, table: DataTable) {
  const entries = await auditLog(this);
  const label = await this.administrator.actorLabel();
  const expected = table.hashes().map((row) => ({
    who: row.who === 'the administrator' ? label : row.who,
    action: row.action,
    // People by name are named in the log by their e-mail, as administrators read it.
    target: this.emails.get(row.target!) ?? row.target,
    before: valuesOf(row.before!),
    after: valuesOf(row.after!),
  }));
  const actual = entries.map((e, i) => ({
    who: e.actor, action: e.action, target: e.target,
    before: matches(e.before, expected[i]?.before ?? null),
    after: matches(e.after, expected[i]?.after ?? null),
  }));
  assert.deepEqual(actual, expected);
});

Then('the audit log shows the administrator replaced the shipped {word} prompt with {string}', async function (this: CivicWorld, name: string, text: string) {
  const key = promptKey(name);
  assert.deepEqual((await auditLog(this)).map((e) => [e.actor, e.action, e.target, e.before, e.after]), [
    [await this.administrator.actorLabel(), 'prompt.update', key, { value: seededSettings[key] }, { value: text }],
  ]);
});
