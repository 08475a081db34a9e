import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../testing/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../contracts/auth.contract.ts';
import { adminTrendsSchema, grantCreditsSchema, updateSettingSchema, updateTierSchema, updateUserTierSchema } from '../contracts/admin.contract.ts';
import { givePaidPatriotPlan } from '../testing/billing-fixtures.ts';
import { FixedClock, SequentialIds, plainTextHasher, testMessages, testAccountLinks } from '../testing/fakes.ts';
import { AdminPolicy } from '../accounts/admin-policy.ts';
import { RegisterUser } from '../accounts/register-user/register-user.use-case.ts';
import { GrantAdminRoles } from '../accounts/grant-admin-roles/grant-admin-roles.use-case.ts';
import { markAddressVerified } from '../accounts/verified-address.ts';
import { err, ok } from '../shared/result.ts';
import { domainError } from '../shared/domain-error.ts';
import type { PaymentGateway } from '../payments/payment-gateway.port.ts';
import type { AdminActor } from './audit-log.port.ts';
import { adminMessages } from './admin-messages.ts';
import { GetPrompts, UpdatePrompt } from './prompts/prompts.use-cases.ts';
import { DeleteUser, GrantCredits, SetUserTier, VerifyUserEmail } from './users/user-admin.use-cases.ts';
import { UpdateTier } from './tiers/update-tier.use-case.ts';
import { SetAdminRole } from './admin-role/set-admin-role.use-case.ts';
import { GetAdminStats } from './stats/get-admin-stats.use-case.ts';
import { GetAdminTrends } from './stats/get-admin-trends.use-case.ts';
import { ListAuditLog, toAuditEntryView } from './audit-log/list-audit-log.use-case.ts';
import { RefundPayment } from './refund/refund-payment.use-case.ts';

const CHIEF = 'chief@example.org';
const DEPUTY = 'deputy@example.org';

let uow: InMemoryUnitOfWork;
let clock: FixedClock;
let ids: SequentialIds;
let policy: AdminPolicy;
let chief: AdminActor;
let n = 0;

beforeEach(async () => {
  clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  ids = new SequentialIds();
  // ADMIN_EMAILS=chief,deputy: the first is the main administrator.
  policy = new AdminPolicy([CHIEF, DEPUTY]);
  chief = { userId: await register(CHIEF), label: CHIEF };
});

async function register(email = `voter${++n}@example.org`): Promise<string> {
  const result = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
    .execute(registerSchema.parse({ firstName: 'Rosa', email, password: 'liberty1' }));
  if (!result.ok) throw new Error(result.error.message);
  // An address ADMIN_EMAILS names is an administrator's once its holder has opened the welcome e-mail's link.
  if (policy.isAdminEmail(email)) await uow.run(({ users }) => markAddressVerified(users, policy, result.value, clock.now()));
  return result.value.id;
}

const userOf = async (id: string) => uow.run(({ users }) => users.findById(id));
const ledgerOf = async (id: string) => (await uow.run(({ ledger }) => ledger.history(id))).map((r) => [r.reason, r.delta]);
const auditLog = async () => (await new ListAuditLog(uow).execute({ page: 1, pageSize: 100 })).entries;

describe('GetPrompts and UpdatePrompt', () => {
  const update = () => new UpdatePrompt(uow, clock, ids);

  it.each([
    ['Analyse for {{STATE}} only'],
    ['Analyse for {{COUNTRY}} only'],
    ['Analyse for the state and the country'],
  ])('refuses a paid prompt "%s" without both placeholders, changing nothing', async (value) => {
    const before = await new GetPrompts(uow).execute();
    const result = await update().execute(chief, updateSettingSchema.parse({ key: 'paid_user_prompt', value }));
    expect(result).toEqual({ ok: false, error: { code: 'validation.invalid', message: 'The paid prompt must contain {{STATE}} and {{COUNTRY}}' } });
    expect(await new GetPrompts(uow).execute()).toEqual(before);
    expect(await auditLog()).toEqual([]);
  });

  it('saves a prompt and audits it with the administrator, the old and the new text', async () => {
    const old = (await new GetPrompts(uow).execute()).find((s) => s.key === 'paid_user_prompt')!.value;
    const value = 'Check this law against the constitution of {{STATE}}, {{COUNTRY}}.';
    expect(await update().execute(chief, updateSettingSchema.parse({ key: 'paid_user_prompt', value }))).toEqual({ ok: true, value: { key: 'paid_user_prompt', value } });
    expect(await new GetPrompts(uow).execute()).toContainEqual({ key: 'paid_user_prompt', value });
    const [entry] = await auditLog();
    expect(entry).toMatchObject({ actorId: chief.userId, actorLabel: CHIEF, action: 'prompt.update', target: 'paid_user_prompt', before: { value: old }, after: { value } });
    expect(entry!.createdAt).toEqual(clock.now());
  });

  it('takes the free and summary prompts without placeholders, and audits nothing when the text is unchanged', async () => {
    expect((await update().execute(chief, { key: 'free_user_prompt', value: 'Summarise this federal document.' })).ok).toBe(true);
    expect((await update().execute(chief, { key: 'free_user_prompt', value: 'Summarise this federal document.' })).ok).toBe(true);
    expect((await auditLog()).map((e) => e.action)).toEqual(['prompt.update']);
  });
});

describe('DeleteUser', () => {
  /** A gateway that only ends subscriptions and removes customers: deletion needs nothing else of the provider. */
  const cancellingGateway = (outcome: 'ok' | 'down' = 'ok') => {
    const cancelled: string[] = [];
    const deletedCustomers: string[] = [];
    const unused = () => { throw new Error('not used by DeleteUser'); };
    const gateway: PaymentGateway = {
      ensureCustomer: unused, startSubscription: unused, cancelAtPeriodEnd: unused, getPayment: unused, getInvoice: unused,
      refund: unused, readWebhook: unused, openBillingPortal: unused,
      cancelSubscriptionNow: async (id) => {
        if (outcome === 'down') return err(domainError('payments.provider_error', 'Stripe is down'));
        cancelled.push(id);
        return ok(undefined);
      },
      deleteCustomer: async (id) => {
        deletedCustomers.push(id);
        return ok(undefined);
      },
    };
    return { gateway, cancelled, deletedCustomers };
  };
  const deleteUser = (gateway: PaymentGateway | null = null) => new DeleteUser(uow, gateway, policy, clock, ids);

  /** A Patriot with an analysis, a running subscription and its paid invoice. */
  const payingUser = async () => {
    const id = await register();
    const { subscription } = await givePaidPatriotPlan(uow, id, clock);
    await uow.run(async (r) => {
      await r.analyses.save({ id: ids.next(), userId: id, createdAt: clock.now(), analysisType: 'summary', document: { title: 'Ordinance', type: 'text' }, result: { summary: 'A levy.' } });
    });
    return { id, subscription };
  };

  it('never deletes the main administrator, nor any other administrator', async () => {
    const deputy = await register(DEPUTY);
    const granted = await register();
    await new SetAdminRole(uow, policy, clock, ids).execute(chief, (await userOf(granted))!.email, 'admin');
    const logged = (await auditLog()).length;
    expect(await deleteUser().execute(chief, chief.userId!)).toEqual({ ok: false, error: { code: 'user.protected', message: adminMessages.cannotDeleteMainAdmin } });
    expect(await deleteUser().execute(chief, deputy)).toEqual({ ok: false, error: { code: 'user.protected', message: adminMessages.cannotDeleteAdmin } });
    expect(await deleteUser().execute(chief, granted)).toEqual({ ok: false, error: { code: 'user.protected', message: adminMessages.cannotDeleteAdmin } });
    for (const id of [chief.userId!, deputy, granted]) expect(await userOf(id)).not.toBeNull();
    expect(await auditLog()).toHaveLength(logged);
  });

  it('deletes an unverified account of the main administrator\'s address: whoever registered it need not own it', async () => {
    const first = 'first@example.org';
    const squatter = await register(first);
    const firstNamed = new AdminPolicy([first, CHIEF]);
    expect(await new DeleteUser(uow, null, firstNamed, clock, ids).execute(chief, squatter)).toEqual({ ok: true, value: { id: squatter, email: first } });
    expect(await userOf(squatter)).toBeNull();
  });

  it('answers user.not_found for an unknown id', async () => {
    expect(await deleteUser().execute(chief, '00000000-0000-4000-8000-999999999999')).toEqual({ ok: false, error: { code: 'user.not_found', message: adminMessages.userNotFound } });
  });

  it('ends the running subscription and the customer at the provider, then removes the account, keeping its invoice anonymised', async () => {
    const { id, subscription } = await payingUser();
    const bystander = await payingUser();
    const { email } = (await userOf(id))!;
    const { gateway, cancelled, deletedCustomers } = cancellingGateway();
    expect(await deleteUser(gateway).execute(chief, id)).toEqual({ ok: true, value: { id, email } });
    expect(cancelled).toEqual([subscription.id]);
    expect(deletedCustomers).toEqual([subscription.customerId]);
    expect(await userOf(id)).toBeNull();
    const left = await uow.run(async (r) => ({
      ledger: await r.ledger.history(id), analyses: await r.analyses.count(id), payments: await r.billing.listPayments(id),
      subscription: await r.billing.findSubscription(subscription.id), customer: await r.billing.customerIdOf(id),
      outbox: (await r.outbox.list({ offset: 0, limit: 100 })).messages.filter((m) => m.to === email),
    }));
    expect(left).toEqual({ ledger: [], analyses: 0, payments: [], subscription: null, customer: null, outbox: [] });
    expect(await uow.run((r) => r.billing.findPaymentByPaymentId(`pi_${id}`))).toMatchObject({ invoiceId: `in_${id}`, userId: null, amountCents: 2900, tierId: 'patriot' });
    // Another user's records are untouched.
    expect(await ledgerOf(bystander.id)).toEqual([['signup_grant', 1], ['payment', 5]]);
    expect(await uow.run((r) => r.analyses.count(bystander.id))).toBe(1);
    expect((await auditLog())[0]).toMatchObject({
      action: 'user.delete', target: email, actorLabel: CHIEF, before: { email, tier: 'patriot', credits: 6 }, after: null,
    });
  });

  it('deletes nothing when the provider cannot end the subscription', async () => {
    const { id } = await payingUser();
    const { gateway } = cancellingGateway('down');
    expect(await deleteUser(gateway).execute(chief, id)).toMatchObject({ ok: false, error: { code: 'payments.provider_error' } });
    expect(await userOf(id)).not.toBeNull();
    expect((await auditLog()).map((e) => e.action)).not.toContain('user.delete');
  });
});

describe('SetUserTier', () => {
  const setTier = (input: unknown) => new SetUserTier(uow, clock, ids).execute(chief, updateUserTierSchema.parse(input));

  it('moves the tier and the balance to the credits asked, through one admin_adjustment row, audited before and after', async () => {
    const id = await register();
    const result = await setTier({ userId: id, tier: 'Patriot', credits: 5 });
    expect(result).toMatchObject({ ok: true, value: { id, tierId: 'patriot', credits: 5 } });
    expect(await ledgerOf(id)).toEqual([['signup_grant', 1], ['admin_adjustment', 4]]);
    expect((await auditLog())[0]).toMatchObject({
      action: 'user.tier', target: (await userOf(id))?.email, actorId: chief.userId, actorLabel: CHIEF,
      before: { tier: 'citizen', credits: 1 }, after: { tier: 'patriot', credits: 5 },
    });

    await setTier({ userId: id, tier: 'citizen', credits: 1 });
    expect(await userOf(id)).toMatchObject({ tierId: 'citizen', credits: 1 });
    expect(await ledgerOf(id)).toEqual([['signup_grant', 1], ['admin_adjustment', 4], ['admin_adjustment', -4]]);
  });

  it('writes no ledger row when the credits stay, and still audits the tier change', async () => {
    const id = await register();
    await setTier({ userId: id, tier: 'defender', credits: 1 });
    expect(await ledgerOf(id)).toEqual([['signup_grant', 1]]);
    expect((await auditLog())[0]).toMatchObject({ before: { tier: 'citizen', credits: 1 }, after: { tier: 'defender', credits: 1 } });
  });

  it('answers user.not_found for an unknown user, auditing nothing', async () => {
    expect(await setTier({ userId: '00000000-0000-4000-8000-999999999999', tier: 'patriot', credits: 5 })).toMatchObject({ ok: false, error: { code: 'user.not_found' } });
    expect(await auditLog()).toEqual([]);
  });

  it('refuses, in its contract, an unknown tier and negative credits', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(updateUserTierSchema.safeParse({ userId: id, tier: 'admin', credits: 5 }).error?.issues[0]?.message).toBe('The tier must be citizen, patriot or defender');
    expect(updateUserTierSchema.safeParse({ userId: id, tier: 'patriot', credits: -1 }).error?.issues[0]?.message).toBe('Credits cannot be negative');
    expect(updateUserTierSchema.parse({ userId: id, tier: 'FREE', credits: 1 }).tier).toBe('citizen');
  });
});

describe('GrantCredits', () => {
  const grant = (input: unknown) => new GrantCredits(uow, clock, ids).execute(chief, grantCreditsSchema.parse(input));

  it('adds and takes credits through the ledger, with the reason in the audit log', async () => {
    const id = await register();
    expect(await grant({ userId: id, credits: 10, reason: 'Press pass' })).toEqual({ ok: true, value: { balance: 11 } });
    expect(await grant({ userId: id, credits: -4 })).toEqual({ ok: true, value: { balance: 7 } });
    expect(await ledgerOf(id)).toEqual([['signup_grant', 1], ['admin_adjustment', 10], ['admin_adjustment', -4]]);
    expect((await auditLog()).map((e) => [e.before, e.after])).toEqual([
      [{ credits: 11 }, { credits: 7, delta: -4 }],
      [{ credits: 1 }, { credits: 11, delta: 10, reason: 'Press pass' }],
    ]);
  });

  it('never takes the balance below zero, and then changes and audits nothing', async () => {
    const id = await register();
    expect(await grant({ userId: id, credits: -2 })).toMatchObject({ ok: false, error: { code: 'credits.insufficient' } });
    expect((await userOf(id))?.credits).toBe(1);
    expect(await ledgerOf(id)).toEqual([['signup_grant', 1]]);
    expect(await auditLog()).toEqual([]);
  });
});

describe('UpdateTier', () => {
  const updateTier = (input: unknown) => new UpdateTier(uow, clock, ids).execute(chief, updateTierSchema.parse(input));
  const citizenRefusal = 'The Citizen tier is free and always offered: its price, Stripe price and active flag cannot change';

  it.each([
    [{ price: 5 }],
    [{ isActive: false }],
    [{ stripePriceId: 'price_citizen' }],
  ])('refuses %j on the Citizen tier, changing nothing', async (change) => {
    expect(await updateTier({ tier: 'citizen', ...change })).toEqual({ ok: false, error: { code: 'validation.invalid', message: citizenRefusal } });
    expect(await uow.run(({ tiers }) => tiers.get('citizen'))).toMatchObject({ priceCents: 0, isActive: true, stripePriceId: null });
    expect(await auditLog()).toEqual([]);
  });

  it('lets the Citizen tier change its credits and limits', async () => {
    expect(await updateTier({ tier: 'free', credits: 2, maxCharacters: 2000 })).toMatchObject({ ok: true, value: { id: 'citizen', monthlyCredits: 2, maxCharacters: 2000 } });
  });

  it('writes the changes, price in cents, and audits only the fields that changed', async () => {
    const before = (await uow.run(({ tiers }) => tiers.get('patriot')))!;
    const result = await updateTier({ tier: 'Patriot', price: 35, credits: before.monthlyCredits, maxPages: before.maxPages, stripePriceId: 'price_patriot_2026' });
    expect(result).toMatchObject({ ok: true, value: { id: 'patriot', priceCents: 3500, stripePriceId: 'price_patriot_2026' } });
    expect(await uow.run(({ tiers }) => tiers.get('patriot'))).toMatchObject({ priceCents: 3500, stripePriceId: 'price_patriot_2026', monthlyCredits: before.monthlyCredits });
    const [entry] = await auditLog();
    expect(entry).toMatchObject({
      action: 'tier.update', target: 'patriot', actorLabel: CHIEF,
      before: { priceCents: before.priceCents, stripePriceId: before.stripePriceId }, after: { priceCents: 3500, stripePriceId: 'price_patriot_2026' },
    });
    expect(Object.keys(entry!.before!).sort()).toEqual(['priceCents', 'stripePriceId']);
  });

  it('audits nothing when nothing changes', async () => {
    const before = (await uow.run(({ tiers }) => tiers.get('defender')))!;
    expect((await updateTier({ tier: 'defender', credits: before.monthlyCredits, features: before.features })).ok).toBe(true);
    expect(await auditLog()).toEqual([]);
  });
});

describe('SetAdminRole', () => {
  const setRole = (email: string, role: 'admin' | 'user') => new SetAdminRole(uow, policy, clock, ids).execute(chief, email, role);

  it('grants and revokes the role of an account, each audited once', async () => {
    const id = await register();
    const email = (await userOf(id))!.email;
    expect(await setRole(` ${email.toUpperCase()} `, 'admin')).toMatchObject({ ok: true, value: { id, role: 'admin' } });
    expect(await setRole(email, 'admin')).toMatchObject({ ok: true, value: { role: 'admin' } });
    expect((await userOf(id))?.role).toBe('admin');
    expect(await setRole(email, 'user')).toMatchObject({ ok: true, value: { role: 'user' } });
    expect((await userOf(id))?.role).toBe('user');
    expect((await auditLog()).map((e) => [e.action, e.target, e.before, e.after])).toEqual([
      ['admin.revoke', email, { role: 'admin' }, { role: 'user' }],
      ['admin.grant', email, { role: 'user' }, { role: 'admin' }],
    ]);
  });

  it('refuses to revoke an account that ADMIN_EMAILS names, the main administrator first', async () => {
    await register(DEPUTY);
    for (const email of [CHIEF, 'Deputy@Example.org']) {
      expect(await setRole(email, 'user')).toEqual({ ok: false, error: { code: 'user.protected', message: adminMessages.cannotRevokeConfigured } });
    }
    expect((await userOf(chief.userId!))?.role).toBe('admin');
    expect(await auditLog()).toEqual([]);
  });

  it('protects the accounts the server stored at its start when this process has no ADMIN_EMAILS (a bare command line)', async () => {
    await register(DEPUTY);
    await new GrantAdminRoles(uow, policy).execute();
    const bare = new AdminPolicy([]);
    const cli: AdminActor = { userId: null, label: 'cli' };
    expect(await new SetAdminRole(uow, bare, clock, ids).execute(cli, DEPUTY, 'user')).toMatchObject({ ok: false, error: { code: 'user.protected' } });
    expect(await new DeleteUser(uow, null, bare, clock, ids).execute(cli, chief.userId!)).toMatchObject({ ok: false, error: { code: 'user.protected', message: adminMessages.cannotDeleteMainAdmin } });
    expect(await auditLog()).toEqual([]);
  });

  it('answers user.not_found for an unknown e-mail', async () => {
    expect(await setRole('nobody@example.org', 'admin')).toMatchObject({ ok: false, error: { code: 'user.not_found' } });
  });

  it('refuses to grant the role to an unverified account ADMIN_EMAILS names: its address must be verified first', async () => {
    const squatter = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
      .execute(registerSchema.parse({ firstName: 'Mallory', email: DEPUTY, password: 'liberty1' }));
    expect(await setRole(DEPUTY, 'admin')).toEqual({ ok: false, error: { code: 'email.unverified', message: adminMessages.configuredUnverified(DEPUTY) } });
    expect((await userOf(squatter.ok ? squatter.value.id : ''))?.role).toBe('user');
    expect(await auditLog()).toEqual([]);
  });
});

describe('VerifyUserEmail', () => {
  const verify = (id: string, actor: AdminActor = chief) => new VerifyUserEmail(uow, policy, clock, ids).execute(actor, id);
  const unverified = async (email?: string) => {
    const result = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
      .execute(registerSchema.parse({ firstName: 'Rosa', email: email ?? `voter${++n}@example.org`, password: 'liberty1' }));
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };

  it('marks an account verified and audits it; a second time changes nothing and audits nothing', async () => {
    const rosa = await unverified();
    expect(await verify(rosa.id)).toMatchObject({ ok: true, value: { id: rosa.id, role: 'user', emailVerifiedAt: clock.now() } });
    expect(await userOf(rosa.id)).toMatchObject({ emailVerifiedAt: clock.now(), role: 'user' });
    expect((await verify(rosa.id)).ok).toBe(true);
    expect((await auditLog()).map((e) => [e.actorLabel, e.action, e.target, e.before, e.after])).toEqual([
      [CHIEF, 'user.verify', rosa.email, { emailVerified: false, role: 'user' }, { emailVerified: true, role: 'user' }],
    ]);
  });

  it('makes an address ADMIN_EMAILS names an administrator, also from a bare command line that knows the list only as the server stored it', async () => {
    await new GrantAdminRoles(uow, policy).execute();
    const deputy = await unverified(DEPUTY);
    const cli: AdminActor = { userId: null, label: 'cli:root' };
    expect(await new VerifyUserEmail(uow, new AdminPolicy([]), clock, ids).execute(cli, deputy.id)).toMatchObject({ ok: true, value: { role: 'admin' } });
    expect((await userOf(deputy.id))?.role).toBe('admin');
    expect((await auditLog()).map((e) => [e.actorId, e.actorLabel, e.action, e.target, e.after])).toEqual([
      [null, 'cli:root', 'user.verify', DEPUTY, { emailVerified: true, role: 'admin' }],
    ]);
  });

  it('answers user.not_found for an unknown id', async () => {
    expect(await verify('00000000-0000-4000-8000-000000000099')).toEqual({ ok: false, error: { code: 'user.not_found', message: 'No such user' } });
  });
});

describe('GetAdminStats', () => {
  it('counts users by tier and role, analyses, and credits spent net of failed analyses', async () => {
    const [a, b, c] = [await register(), await register(), await register()];
    await uow.run(async (r) => {
      await r.users.updateTier(b, 'patriot');
      await r.users.updateTier(c, 'defender');
      await r.ledger.post({ userId: a, delta: -1, reason: 'analysis_debit', reference: 'analysis-1' });
      await r.ledger.post({ userId: b, delta: -1, reason: 'analysis_debit', reference: 'analysis-2' });
      await r.ledger.post({ userId: b, delta: 1, reason: 'analysis_refund', reference: 'analysis-2' });
      await r.ledger.post({ userId: c, delta: -1, reason: 'analysis_debit', reference: 'analysis-3' });
      await r.analyses.save({ id: 'analysis-1', userId: a, createdAt: clock.now(), analysisType: 'summary', document: { title: 'A', type: 'text' }, result: {} });
      await r.analyses.save({ id: 'analysis-3', userId: c, createdAt: clock.now(), analysisType: 'summary', document: { title: 'C', type: 'text' }, result: {} });
    });
    expect(await new GetAdminStats(uow).execute()).toEqual({ totalUsers: 4, freeUsers: 2, paidUsers: 2, admins: 1, totalAnalyses: 2, creditsSpent: 2 });
  });
});

describe('GetAdminTrends', () => {
  it('answers the 30 UTC days that end with today, as the Clock tells it, revenue in US cents', async () => {
    const voter = await register();
    await givePaidPatriotPlan(uow, voter, clock);
    clock.set(new Date('2026-03-16T00:30:00Z'));

    const trends = await new GetAdminTrends(uow, clock).execute();
    expect(adminTrendsSchema.parse(trends)).toEqual(trends);
    expect(trends.currency).toBe('USD');
    expect(trends.days[0]?.day).toBe('2026-02-15');
    expect(trends.days.slice(-2)).toEqual([
      { day: '2026-03-15', analyses: 0, signUps: 2, revenueCents: 2900 },
      { day: '2026-03-16', analyses: 0, signUps: 0, revenueCents: 0 },
    ]);
  });
});

describe('ListAuditLog', () => {
  it('pages newest first and shows the actor by label', async () => {
    const id = await register();
    for (const credits of [2, 3, 4]) await new GrantCredits(uow, clock, ids).execute(chief, { userId: id, credits });
    const cli: AdminActor = { userId: null, label: 'cli' };
    await new GrantCredits(uow, clock, ids).execute(cli, { userId: id, credits: 5 });
    const page1 = await new ListAuditLog(uow).execute({ page: 1, pageSize: 3 });
    const page2 = await new ListAuditLog(uow).execute({ page: 2, pageSize: 3 });
    expect(page1.total).toBe(4);
    expect(page1.entries.map((e) => e.after?.delta)).toEqual([5, 4, 3]);
    expect(page2.entries.map((e) => e.after?.delta)).toEqual([2]);
    expect(toAuditEntryView(page1.entries[0]!)).toEqual({
      id: page1.entries[0]!.id, actor: 'cli', action: 'user.credits', target: (await userOf(id))?.email,
      before: { credits: 10 }, after: { credits: 15, delta: 5 }, createdAt: '2026-03-15T12:00:00.000Z',
    });
  });
});

describe('RefundPayment', () => {
  it('answers payments.not_configured without a payment provider', async () => {
    const id = await register();
    const result = await new RefundPayment(uow, null, clock, ids).execute(chief, { userId: id, amount: 10, reason: 'Goodwill' });
    expect(result).toMatchObject({ ok: false, error: { code: 'payments.not_configured' } });
  });
});
