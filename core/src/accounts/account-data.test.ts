import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../testing/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../contracts/auth.contract.ts';
import { accountExportSchema, creditHistoryQuerySchema, deleteAccountSchema, emailPreferencesSchema } from '../contracts/account-data.contract.ts';
import { givePaidPatriotPlan } from '../testing/billing-fixtures.ts';
import { FixedClock, SequentialIds, TEST_PUBLIC_URL, plainTextHasher, testAccountLinks, testMessages } from '../testing/fakes.ts';
import { domainError } from '../shared/domain-error.ts';
import { err, ok } from '../shared/result.ts';
import type { PaymentGateway } from '../payments/payment-gateway.port.ts';
import { settlePaidInvoice } from '../payments/settle-paid-invoice.ts';
import { applyRefund } from '../payments/apply-refund.ts';
import { OpenBillingPortal } from '../payments/open-billing-portal/open-billing-portal.use-case.ts';
import { GetBillingAccount } from '../payments/get-billing-account/get-billing-account.use-case.ts';
import { ListCreditHistory } from '../credits/list-credit-history/list-credit-history.use-case.ts';
import { AdminPolicy } from './admin-policy.ts';
import { RegisterUser } from './register-user/register-user.use-case.ts';
import { markAddressVerified } from './verified-address.ts';
import { LogIn } from './log-in/log-in.use-case.ts';
import { UpdateEmailPreferences } from './update-email-preferences/update-email-preferences.use-case.ts';
import { ExportAccount, toAccountExport } from './export-account/export-account.use-case.ts';
import { ADMIN_CANNOT_DELETE_OWN_ACCOUNT_MESSAGE, DeleteAccount } from './delete-account/delete-account.use-case.ts';
import { PAID_PLAN_NEEDS_PAYMENTS_MESSAGE } from './erase-account.ts';
import { WRONG_PASSWORD_MESSAGE } from './confirm-password.ts';
import { toCreditHistoryEntry } from '../credits/credit-history-entry.ts';

const CHIEF = 'chief@example.org';

let uow: InMemoryUnitOfWork;
let clock: FixedClock;
let ids: SequentialIds;
let policy: AdminPolicy;
let n = 0;

beforeEach(() => {
  clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  ids = new SequentialIds();
  policy = new AdminPolicy([CHIEF]);
});

async function register(email = `voter${++n}@example.org`): Promise<string> {
  const result = await new RegisterUser(uow, plainTextHasher, clock, ids, testMessages(clock), testAccountLinks(clock))
    .execute(registerSchema.parse({ firstName: 'Rosa', email, password: 'liberty1' }));
  if (!result.ok) throw new Error(result.error.message);
  return result.value.id;
}

const userOf = (id: string) => uow.run(({ users }) => users.findById(id));
const outboxTo = async (email: string) =>
  (await uow.run(({ outbox }) => outbox.list({ offset: 0, limit: 1000 }))).messages.filter((m) => m.to === email);

/** An analysis stored as RunAnalysis stores it, `minutes` after the test's start. */
const saveAnalysis = (userId: string, title: string, minutes = 0) => uow.run(({ analyses }) => analyses.save({
  id: ids.next(), userId, createdAt: new Date(clock.now().getTime() + minutes * 60_000), analysisType: 'summary',
  document: { title, type: 'text' }, result: { summary: `About ${title}.`, keyInsights: [`${title} matters.`] },
}));

/** A Patriot with a running subscription, its customer and its paid invoice, as checkout leaves them. */
const payingUser = (id: string) => givePaidPatriotPlan(uow, id, clock);

/** The provider as account deletion and the billing portal use it; `down` refuses every call. */
function fakeGateway(outcome: 'ok' | 'down' = 'ok') {
  const calls: string[] = [];
  const unused = () => { throw new Error('not used by account data'); };
  const refuse = () => err(domainError('payments.provider_error', 'Stripe is down'));
  const gateway: PaymentGateway = {
    ensureCustomer: unused, startSubscription: unused, cancelAtPeriodEnd: unused, getPayment: unused, getInvoice: unused,
    refund: unused, readWebhook: unused,
    cancelSubscriptionNow: async (id) => {
      if (outcome === 'down') return refuse();
      calls.push(`cancel ${id}`);
      return ok(undefined);
    },
    deleteCustomer: async (id) => {
      if (outcome === 'down') return refuse();
      calls.push(`delete ${id}`);
      return ok(undefined);
    },
    openBillingPortal: async ({ customerId, returnUrl }) => (outcome === 'down'
      ? refuse()
      : ok({ url: `https://billing.example/${customerId}?return=${encodeURIComponent(returnUrl)}` })),
  };
  return { gateway, calls };
}

describe('UpdateEmailPreferences', () => {
  it('keeps the three choices as the user leaves them, and only for that user', async () => {
    const rosa = await register();
    const other = await register();
    clock.set(new Date('2026-03-16T08:00:00Z'));
    const result = await new UpdateEmailPreferences(uow, clock)
      .execute(rosa, emailPreferencesSchema.parse({ productUpdates: false, analysisNotices: true, receipts: false }));
    expect(result).toMatchObject({ ok: true, value: { emailPreferences: { productUpdates: false, analysisNotices: true, receipts: false } } });
    expect(await userOf(rosa)).toMatchObject({
      emailPreferences: { productUpdates: false, analysisNotices: true, receipts: false }, updatedAt: new Date('2026-03-16T08:00:00Z'),
    });
    expect((await userOf(other))?.emailPreferences).toEqual({ productUpdates: true, analysisNotices: true, receipts: true });
  });

  it('refuses a body without all three choices, naming the missing one', () => {
    const parsed = emailPreferencesSchema.safeParse({ productUpdates: true, analysisNotices: false });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['Choose whether to receive payment receipts']);
  });

  it('answers auth.unauthorized for an account that is gone', async () => {
    const result = await new UpdateEmailPreferences(uow, clock)
      .execute('00000000-0000-4000-8000-999999999999', { productUpdates: true, analysisNotices: true, receipts: true });
    expect(result).toEqual({ ok: false, error: { code: 'auth.unauthorized', message: 'Unauthorized' } });
  });

  it('decides whether a paid invoice is followed by a receipt', async () => {
    const invoice = (userId: string) => ({
      invoiceId: `in_${userId}`, status: 'paid' as const, customerId: `cus_${userId}`, subscriptionId: null, priceId: null,
      amountDueCents: 2900, amountPaidCents: 2900, billingReason: 'subscription_create' as const, paymentId: `pi_${userId}`, periodEnd: null,
    });
    const settle = async (receipts: boolean) => {
      const id = await register();
      await new UpdateEmailPreferences(uow, clock).execute(id, { productUpdates: true, analysisNotices: true, receipts });
      await uow.run(async (r) => {
        await r.billing.saveCustomer(id, `cus_${id}`);
        await r.billing.saveSubscription({
          id: `sub_${id}`, userId: id, customerId: `cus_${id}`, tierId: 'patriot', status: 'incomplete', cancelAtPeriodEnd: false,
          currentPeriodEnd: null, promoId: null, createdAt: clock.now(), updatedAt: clock.now(),
        });
        await settlePaidInvoice(r, { ...invoice(id), subscriptionId: `sub_${id}` }, clock, testMessages(clock));
      });
      const user = (await userOf(id))!;
      return { tier: user.tierId, receipts: (await outboxTo(user.email)).filter((m) => m.kind === 'payment_receipt').length };
    };
    expect(await settle(true)).toEqual({ tier: 'patriot', receipts: 1 });
    expect(await settle(false)).toEqual({ tier: 'patriot', receipts: 0 });
  });
});

describe('ListCreditHistory', () => {
  it('lists the changes newest first, a page at a time, with each reason in words and the balance after it', async () => {
    const rosa = await register();
    await uow.run(async ({ ledger }) => {
      await ledger.post({ userId: rosa, delta: -1, reason: 'analysis_debit', reference: 'a1' });
      await ledger.post({ userId: rosa, delta: 1, reason: 'analysis_refund', reference: 'a1' });
      await ledger.post({ userId: rosa, delta: 3, reason: 'promo', reference: 'p1' });
      await ledger.post({ userId: rosa, delta: 2, reason: 'admin_adjustment' });
    });
    await register();
    const list = (page: number) => new ListCreditHistory(uow).execute(rosa, creditHistoryQuerySchema.parse({ page, pageSize: 3 }));

    const first = await list(1);
    expect(first.total).toBe(5);
    expect(first.entries.map(toCreditHistoryEntry).map(({ change, reason, label, balanceAfter }) => ({ change, reason, label, balanceAfter }))).toEqual([
      { change: 2, reason: 'admin_adjustment', label: 'Adjusted by an administrator', balanceAfter: 6 },
      { change: 3, reason: 'promo', label: 'Promo code', balanceAfter: 4 },
      { change: 1, reason: 'analysis_refund', label: 'Failed analysis refunded', balanceAfter: 1 },
    ]);
    const second = await list(2);
    expect(second.entries.map((e) => [e.reason, e.delta, e.balanceAfter])).toEqual([['analysis_debit', -1, 0], ['signup_grant', 1, 1]]);
    expect((await list(3)).entries).toEqual([]);
  });
});

describe('ExportAccount', () => {
  it('holds the profile, every analysis with its whole result, the ledger, the payments and the promo codes; nothing of anyone else', async () => {
    const rosa = await register();
    const other = await register();
    for (let i = 0; i < 25; i += 1) await saveAnalysis(rosa, `Ordinance ${i + 1}`, i);
    await saveAnalysis(other, 'Someone else’s budget');
    await payingUser(rosa);
    await uow.run(async ({ promos }) => {
      await promos.insert({
        id: ids.next(), code: 'SPRING25', type: 'credits', credits: 3, discountPercent: 0, maxUses: 10, currentUses: 0,
        expiresAt: new Date('2099-01-01T00:00:00Z'), isActive: true, createdAt: clock.now(),
      });
      const promo = (await promos.findByCode('SPRING25'))!;
      await promos.recordRedemption(promo.id, rosa, clock.now());
    });

    const exported = await new ExportAccount(uow, clock).execute(rosa);
    if (!exported.ok) throw new Error(exported.error.message);
    const file = accountExportSchema.parse(toAccountExport(exported.value, TEST_PUBLIC_URL));
    expect(file.exportedAt).toBe('2026-03-15T12:00:00.000Z');
    expect(file.profile).toMatchObject({ id: rosa, email: (await userOf(rosa))?.email, firstName: 'Rosa', subscriptionTier: 'patriot', credits: 6 });
    expect(JSON.stringify(file)).not.toContain('plain:liberty1');
    expect(file.analyses).toHaveLength(25);
    expect(file.analyses[0]).toMatchObject({ document: { title: 'Ordinance 25' }, result: { summary: 'About Ordinance 25.', keyInsights: ['Ordinance 25 matters.'] } });
    expect(file.analyses.map((a) => a.document.title)).not.toContain('Someone else’s budget');
    expect(file.creditHistory.map((e) => [e.label, e.change, e.balanceAfter])).toEqual([['Welcome credits', 1, 1], ['Plan payment', 5, 6]]);
    expect(file.payments).toEqual([{ invoiceId: `in_${rosa}`, tier: 'patriot', amount: 29, refunded: 0, creditsGranted: 5, paidAt: '2026-03-15T12:00:00.000Z' }]);
    expect(file.promoRedemptions).toEqual([{ code: 'SPRING25', redeemedAt: '2026-03-15T12:00:00.000Z' }]);
  });

  it('answers auth.unauthorized for an account that is gone', async () => {
    expect(await new ExportAccount(uow, clock).execute('00000000-0000-4000-8000-999999999999'))
      .toEqual({ ok: false, error: { code: 'auth.unauthorized', message: 'Unauthorized' } });
  });
});

describe('DeleteAccount', () => {
  const deleteAccount = (gateway: PaymentGateway | null = null) => new DeleteAccount(uow, plainTextHasher, gateway, policy);
  const withPassword = (password: string) => deleteAccountSchema.parse({ password });

  it('refuses a wrong password, deleting nothing', async () => {
    const rosa = await register();
    await saveAnalysis(rosa, 'Library levy');
    expect(await deleteAccount().execute(rosa, withPassword('tyranny1')))
      .toEqual({ ok: false, error: { code: 'auth.wrong_password', message: WRONG_PASSWORD_MESSAGE } });
    expect(await userOf(rosa)).not.toBeNull();
    expect(await uow.run(({ analyses }) => analyses.count(rosa))).toBe(1);
  });

  it('asks for the password before anything else', () => {
    expect(deleteAccountSchema.safeParse({ password: '' }).error?.issues[0]?.message).toBe('Please enter your current password');
  });

  it('removes the account with its analyses, ledger and e-mail, so that the address can open a new account', async () => {
    const rosa = await register('rosa@example.org');
    const other = await register();
    await saveAnalysis(rosa, 'Library levy');
    await saveAnalysis(other, 'Road budget');
    expect(await deleteAccount().execute(rosa, withPassword('liberty1'))).toEqual({ ok: true, value: undefined });

    expect(await userOf(rosa)).toBeNull();
    expect(await new LogIn(uow, plainTextHasher).execute({ email: 'rosa@example.org', password: 'liberty1' })).toMatchObject({ ok: false });
    const left = await uow.run(async (r) => ({ analyses: await r.analyses.all(rosa), ledger: await r.ledger.history(rosa) }));
    expect(left).toEqual({ analyses: [], ledger: [] });
    expect(await outboxTo('rosa@example.org')).toEqual([]);
    expect(await uow.run(({ analyses }) => analyses.count(other))).toBe(1);

    const again = await register('rosa@example.org');
    expect(again).not.toBe(rosa);
    expect(await uow.run(({ analyses }) => analyses.all(again))).toEqual([]);
    expect((await uow.run(({ ledger }) => ledger.history(again))).map((r) => r.reason)).toEqual(['signup_grant']);
  });

  it('ends the subscription and the customer at the provider first, keeping the paid invoice without its owner', async () => {
    const rosa = await register();
    const { subscription, payment } = await payingUser(rosa);
    const { gateway, calls } = fakeGateway();
    expect((await deleteAccount(gateway).execute(rosa, withPassword('liberty1'))).ok).toBe(true);
    expect(calls).toEqual([`cancel ${subscription.id}`, `delete ${subscription.customerId}`]);
    expect(await uow.run((r) => r.billing.findSubscription(subscription.id))).toBeNull();
    expect(await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!))).toEqual({ ...payment, userId: null });
  });

  it('records a refund Stripe reports later on the anonymised invoice, taking back no credits', async () => {
    const rosa = await register();
    const { payment } = await payingUser(rosa);
    await deleteAccount(fakeGateway().gateway).execute(rosa, withPassword('liberty1'));
    await uow.run(async (r) => applyRefund(r, (await r.billing.findPaymentByPaymentId(payment.paymentId!))!, 2900));
    expect(await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!))).toMatchObject({ userId: null, refundedCents: 2900 });
  });

  it('deletes nothing when the provider cannot end the subscription', async () => {
    const rosa = await register();
    await payingUser(rosa);
    const result = await deleteAccount(fakeGateway('down').gateway).execute(rosa, withPassword('liberty1'));
    expect(result).toMatchObject({ ok: false, error: { code: 'payments.provider_error' } });
    expect(await userOf(rosa)).not.toBeNull();
  });

  it('refuses, deleting nothing, when a paid plan is running and payments are no longer configured', async () => {
    const rosa = await register();
    await payingUser(rosa);
    expect(await deleteAccount(null).execute(rosa, withPassword('liberty1')))
      .toEqual({ ok: false, error: { code: 'payments.not_configured', message: PAID_PLAN_NEEDS_PAYMENTS_MESSAGE } });
    expect(await userOf(rosa)).not.toBeNull();
  });

  it('never deletes an administrator, the main one included', async () => {
    const chief = await register(CHIEF);
    // The address ADMIN_EMAILS names first, verified: the main administrator.
    await uow.run(async ({ users }) => markAddressVerified(users, policy, (await users.findById(chief))!, clock.now()));
    expect(await deleteAccount().execute(chief, withPassword('liberty1')))
      .toEqual({ ok: false, error: { code: 'user.protected', message: ADMIN_CANNOT_DELETE_OWN_ACCOUNT_MESSAGE } });
    expect(await userOf(chief)).not.toBeNull();
  });

  it('deletes an account that registered the main administrator\'s address without verifying it', async () => {
    const squatter = await register(CHIEF);
    expect(await deleteAccount().execute(squatter, withPassword('liberty1'))).toEqual({ ok: true, value: undefined });
    expect(await userOf(squatter)).toBeNull();
  });
});

describe('OpenBillingPortal and GetBillingAccount', () => {
  const returnUrl = `${TEST_PUBLIC_URL}/account`;

  it('opens the provider portal of an account with a customer, coming back to account settings', async () => {
    const rosa = await register();
    await payingUser(rosa);
    const { gateway } = fakeGateway();
    expect(await new GetBillingAccount(uow, gateway).execute(rosa)).toEqual({ portalAvailable: true });
    expect(await new OpenBillingPortal(uow, gateway, returnUrl).execute(rosa))
      .toEqual({ ok: true, value: { url: `https://billing.example/cus_${rosa}?return=${encodeURIComponent(returnUrl)}` } });
  });

  it('has no portal for an account that never paid, nor on a server without payments', async () => {
    const rosa = await register();
    const { gateway } = fakeGateway();
    expect(await new GetBillingAccount(uow, gateway).execute(rosa)).toEqual({ portalAvailable: false });
    expect(await new OpenBillingPortal(uow, gateway, returnUrl).execute(rosa)).toMatchObject({ ok: false, error: { code: 'billing.no_customer' } });

    const paying = await register();
    await payingUser(paying);
    expect(await new GetBillingAccount(uow, null).execute(paying)).toEqual({ portalAvailable: false });
    expect(await new OpenBillingPortal(uow, null, returnUrl).execute(paying)).toMatchObject({ ok: false, error: { code: 'payments.not_configured' } });
  });
});
