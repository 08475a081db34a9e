import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../testing/in-memory/in-memory-unit-of-work.ts';
import { registerSchema } from '../contracts/auth.contract.ts';
import { FixedClock, SequentialIds, TEST_PUBLIC_URL, plainTextHasher, plainTokenSigner, testMessages, testAccountLinks } from '../testing/fakes.ts';
import { RegisterUser } from '../accounts/register-user/register-user.use-case.ts';
import { SetTierPriceIds } from '../tiers/set-tier-price-ids/set-tier-price-ids.use-case.ts';
import { settlePaidInvoice } from '../payments/settle-paid-invoice.ts';
import type { InvoiceRecord } from '../payments/payment-gateway.port.ts';
import type { Mail } from './outbox.port.ts';
import { defaultEmailPreferences, type User } from '../accounts/user.ts';
import type { MailSender } from './mail-sender.port.ts';
import { Unsubscribe } from './unsubscribe/unsubscribe.use-case.ts';
import { ListOutbox, toOutboxMessageView } from './list-outbox/list-outbox.use-case.ts';
import { DeliverMail } from './deliver-mail/deliver-mail.use-case.ts';
import { GiveUpMail } from './give-up-mail/give-up-mail.use-case.ts';

let clock: FixedClock;
let uow: InMemoryUnitOfWork;
let register: RegisterUser;
let outbox: ListOutbox;

beforeEach(() => {
  clock = new FixedClock(new Date('2026-03-15T12:00:00Z'));
  uow = new InMemoryUnitOfWork({ clock });
  register = new RegisterUser(uow, plainTextHasher, clock, new SequentialIds(), testMessages(clock), testAccountLinks(clock));
  outbox = new ListOutbox(uow);
});

const registered = async (email = 'rosa@example.org', firstName = 'Rosa') => {
  const result = await register.execute(registerSchema.parse({ firstName, email, password: 'liberty1' }));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const messagesOf = async (userId: string) => (await outbox.execute({ limit: 100 })).messages.filter((m) => m.userId === userId);
const unsubscribeLink = (userId: string) => `${TEST_PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(plainTokenSigner.sign('unsubscribe', userId))}`;

describe('welcome e-mail', () => {
  it('goes into the outbox with the new account, greeting an address not verified yet without a name, with the free analysis and the unsubscribe link', async () => {
    const user = await registered();
    const [welcome, ...others] = await messagesOf(user.id);
    expect(others).toEqual([]);
    expect(welcome).toMatchObject({ kind: 'welcome', to: 'rosa@example.org', subject: 'Welcome to CivicWatch', sentAt: null, attempts: 0 });
    expect(welcome!.text).toMatch(/^Hello,\n/);
    expect(welcome!.text).toContain('1 free analysis');
    expect(welcome!.text).toContain(`Stop optional e-mails (analysis notices and product news): ${unsubscribeLink(user.id)}`);
    expect(welcome!.text).toContain('Essential account e-mails, such as password resets, are always sent.');
    expect(welcome!.text).toContain(`analysis notices and product news in your account settings: ${TEST_PUBLIC_URL}/account`);
  });

  it('is not written for a registration that was refused', async () => {
    await registered();
    expect((await register.execute(registerSchema.parse({ firstName: 'Rosa', email: 'ROSA@example.org', password: 'liberty1' }))).ok).toBe(false);
    expect((await outbox.execute()).total).toBe(1);
  });
});

describe('payment receipt', () => {
  const invoice = (overrides: Partial<InvoiceRecord> = {}): InvoiceRecord => ({
    invoiceId: 'in_1', status: 'paid', customerId: 'cus_1', subscriptionId: null, priceId: 'price_patriot',
    amountDueCents: 2900, amountPaidCents: 2900, billingReason: 'subscription_create', paymentId: 'pi_1', periodEnd: null, ...overrides,
  });
  const settle = (paid: InvoiceRecord) => uow.run((repos) => settlePaidInvoice(repos, paid, clock, testMessages(clock)));

  beforeEach(async () => {
    await new SetTierPriceIds(uow).execute({ patriot: 'price_patriot' });
  });

  it('is written once per invoice, however often it is settled, with the amount, plan and credits', async () => {
    const user = await registered();
    await uow.run(({ billing }) => billing.saveCustomer(user.id, 'cus_1'));
    expect(await settle(invoice())).toMatchObject({ creditsGranted: 5 });
    expect(await settle(invoice())).toMatchObject({ creditsGranted: 0 });

    const receipts = (await messagesOf(user.id)).filter((m) => m.kind === 'payment_receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ to: 'rosa@example.org', subject: 'Your CivicWatch receipt: Patriot plan' });
    expect(receipts[0]!.text).toContain('We received your payment for the Patriot plan.');
    expect(receipts[0]!.text).toContain('Amount paid: $29.00\nPlan: Patriot (monthly)\nCredits added: 5\nDate: 2026-03-15\nReference: in_1');
    expect(receipts[0]!.text).toContain(unsubscribeLink(user.id));
  });

  it('reads a renewal as the month\'s payment', async () => {
    const user = await registered();
    await uow.run(({ billing }) => billing.saveCustomer(user.id, 'cus_1'));
    await settle(invoice({ invoiceId: 'in_2', paymentId: 'pi_2', billingReason: 'subscription_cycle' }));
    const [receipt] = (await messagesOf(user.id)).filter((m) => m.kind === 'payment_receipt');
    expect(receipt!.text).toContain("We received this month's payment for your Patriot plan.");
  });

  it('is sent even to a user who unsubscribed: it is essential account e-mail', async () => {
    const user = await registered();
    await uow.run(({ billing }) => billing.saveCustomer(user.id, 'cus_1'));
    await new Unsubscribe(uow, plainTokenSigner, clock).execute(plainTokenSigner.sign('unsubscribe', user.id));
    await settle(invoice());
    expect((await messagesOf(user.id)).map((m) => m.kind)).toContain('payment_receipt');
  });
});

describe('Unsubscribe', () => {
  const unsubscribe = (token: string) => new Unsubscribe(uow, plainTokenSigner, clock).execute(token);

  it('turns off analysis notices and product news for the token\'s user, and says so', async () => {
    const user = await registered();
    const other = await registered('ada@example.org', 'Ada');
    clock.set(new Date('2026-03-16T08:00:00Z'));
    expect(await unsubscribe(plainTokenSigner.sign('unsubscribe', user.id))).toEqual({
      ok: true, value: { message: 'You have been unsubscribed from CivicWatch e-mails.' },
    });
    const after = await uow.run(({ users }) => users.findById(user.id));
    expect(after).toMatchObject({ emailPreferences: { productUpdates: false, analysisNotices: false }, updatedAt: new Date('2026-03-16T08:00:00Z') });
    expect((await uow.run(({ users }) => users.findById(other.id)))?.emailPreferences).toEqual({ productUpdates: true, analysisNotices: true, receipts: true });
  });

  it('answers the same when the link is followed again', async () => {
    const user = await registered();
    const token = plainTokenSigner.sign('unsubscribe', user.id);
    await unsubscribe(token);
    expect(await unsubscribe(token)).toEqual({ ok: true, value: { message: 'You have been unsubscribed from CivicWatch e-mails.' } });
  });

  it('refuses a token it did not sign, or signed for another purpose, as an invalid link', async () => {
    const user = await registered();
    for (const token of ['forged', `session.${user.id}`, user.id, '']) {
      expect(await unsubscribe(token)).toEqual({ ok: false, error: { code: 'validation.invalid', message: 'Invalid unsubscribe link' } });
    }
    expect((await uow.run(({ users }) => users.findById(user.id)))?.emailPreferences.analysisNotices).toBe(true);
  });

  it('answers user.not_found for the link of an account deleted since', async () => {
    const user = await registered();
    await uow.run(({ users }) => users.delete(user.id));
    expect(await unsubscribe(plainTokenSigner.sign('unsubscribe', user.id))).toEqual({
      ok: false, error: { code: 'user.not_found', message: 'This unsubscribe link belongs to an account that no longer exists.' },
    });
  });
});

class RecordingSender implements MailSender {
  sent: Mail[] = [];
  /** Recipients refused, with the server's answer. */
  refuse = new Map<string, string>();
  async send(mail: Mail): Promise<void> {
    const refusal = this.refuse.get(mail.to);
    if (refusal) throw new Error(refusal);
    this.sent.push(mail);
  }
}

describe('DeliverMail and GiveUpMail (one attempt of a mail job; the queue retries, ADR 0028)', () => {
  let sender: RecordingSender;
  let deliver: DeliverMail;
  beforeEach(() => {
    sender = new RecordingSender();
    deliver = new DeliverMail(uow, sender, clock);
  });
  const welcomeOf = async (userId: string) => (await messagesOf(userId))[0]!;

  it('sends the message once and marks it sent: a retried job after that sends nothing', async () => {
    const rosa = await registered();
    const welcome = await welcomeOf(rosa.id);
    clock.set(new Date('2026-03-15T12:01:00Z'));
    expect(await deliver.execute({ messageId: welcome.id, attempt: 1 })).toBe(true);
    expect(sender.sent).toEqual([{ to: 'rosa@example.org', subject: 'Welcome to CivicWatch', text: welcome.text }]);
    expect(sender.sent[0]!.text).toContain(unsubscribeLink(rosa.id));
    expect(await welcomeOf(rosa.id)).toMatchObject({ sentAt: new Date('2026-03-15T12:01:00Z'), attempts: 1, lastError: null, givenUpAt: null });

    expect(await deliver.execute({ messageId: welcome.id, attempt: 2 })).toBe(false);
    expect(sender.sent).toHaveLength(1);
    expect((await welcomeOf(rosa.id)).attempts).toBe(1);
    expect((await outbox.execute({ unsentOnly: true })).total).toBe(0);
  });

  it('keeps a refusal on the message and throws it for the queue to retry; a later attempt sends it', async () => {
    const rosa = await registered();
    const { id } = await welcomeOf(rosa.id);
    sender.refuse.set('rosa@example.org', '450 mailbox busy');
    await expect(deliver.execute({ messageId: id, attempt: 1 })).rejects.toThrow('450 mailbox busy');
    expect(toOutboxMessageView(await welcomeOf(rosa.id))).toMatchObject({ status: 'pending', attempts: 1, lastError: '450 mailbox busy', sentAt: null });

    sender.refuse.clear();
    expect(await deliver.execute({ messageId: id, attempt: 2 })).toBe(true);
    expect(await welcomeOf(rosa.id)).toMatchObject({ attempts: 2, sentAt: clock.now() });
  });

  it('lets no earlier attempt, finishing late, overwrite what a later one recorded', async () => {
    const rosa = await registered();
    const { id } = await welcomeOf(rosa.id);
    await uow.run(({ outbox: box }) => box.startAttempt(id, 1));
    await uow.run(({ outbox: box }) => box.startAttempt(id, 2));
    await uow.run(({ outbox: box }) => box.recordFailure(id, 1, 'timed out'));
    expect(await welcomeOf(rosa.id)).toMatchObject({ attempts: 2, lastError: null });
  });

  it('gives up a message for good: failed for administrators with its last error, never sent after', async () => {
    const rosa = await registered();
    const { id } = await welcomeOf(rosa.id);
    sender.refuse.set('rosa@example.org', '550 no such user');
    await expect(deliver.execute({ messageId: id, attempt: 1 })).rejects.toThrow();
    clock.set(new Date('2026-03-15T20:00:00Z'));
    await new GiveUpMail(uow, clock).execute(id);
    expect(toOutboxMessageView(await welcomeOf(rosa.id))).toMatchObject({
      status: 'failed', attempts: 1, lastError: '550 no such user', sentAt: null, givenUpAt: '2026-03-15T20:00:00.000Z',
    });
    sender.refuse.clear();
    expect(await deliver.execute({ messageId: id, attempt: 2 })).toBe(false);
    expect(sender.sent).toEqual([]);
    expect((await outbox.execute({ unsentOnly: true })).total).toBe(1);
  });

  it('sends nothing for a message deleted with its account', async () => {
    const rosa = await registered();
    const { id } = await welcomeOf(rosa.id);
    await uow.run(({ users }) => users.delete(rosa.id));
    expect(await deliver.execute({ messageId: id, attempt: 1 })).toBe(false);
    expect(sender.sent).toEqual([]);
  });
});

describe('ListOutbox', () => {
  it('pages newest first', async () => {
    for (const [i, name] of ['ana', 'ben', 'cyrus'].entries()) {
      clock.set(new Date(Date.UTC(2026, 2, 15, 12, i)));
      await registered(`${name}@example.org`, name);
    }
    const page = await outbox.execute({ offset: 1, limit: 1 });
    expect(page.total).toBe(3);
    expect(page.messages.map((m) => m.to)).toEqual(['ben@example.org']);
  });

  it('shows each message to administrators as pending, sent, or failed once delivery gave up', async () => {
    await registered();
    const [waiting] = (await outbox.execute()).messages;
    const view = toOutboxMessageView(waiting!);
    expect(view).toMatchObject({ to: 'rosa@example.org', kind: 'welcome', status: 'pending', attempts: 0, lastError: null, sentAt: null, createdAt: '2026-03-15T12:00:00.000Z' });
    expect(view.text).toMatch(/^Hello,\n\nWelcome to CivicWatch\./);
    const at = new Date('2026-03-15T12:05:00Z');
    expect(toOutboxMessageView({ ...waiting!, attempts: 2, lastError: '450 busy' }).status).toBe('pending');
    expect(toOutboxMessageView({ ...waiting!, attempts: 1, sentAt: at })).toMatchObject({ status: 'sent', sentAt: '2026-03-15T12:05:00.000Z' });
    expect(toOutboxMessageView({ ...waiting!, attempts: 10, lastError: '550 no such user', givenUpAt: at })).toMatchObject({ status: 'failed', givenUpAt: '2026-03-15T12:05:00.000Z' });
  });
});

// Whoever registers can choose the name and title an e-mail would show, and the address it goes to: CivicWatch's
// e-mail must never read an attacker's words as its own (a "first name" of "ALERT: account locked. Unlock at …").
describe('what a stranger can make CivicWatch e-mail say', () => {
  const LURE = 'ALERT: account locked. Unlock at http://evil.example/x';
  const someone = (overrides: Partial<User> = {}): User => ({
    id: '00000000-0000-4000-8000-000000000001', email: 'victim@example.org', firstName: 'Unlock at evil.example', lastName: 'Now',
    state: null, country: 'US', tierId: 'citizen', credits: 1, role: 'user', passwordHash: 'x', emailPreferences: { ...defaultEmailPreferences },
    emailVerifiedAt: null, createdAt: clock.now(), updatedAt: clock.now(), ...overrides,
  });
  const messages = () => testMessages(clock);

  it('greets an address nobody has verified without the name typed at registration, in the welcome e-mail and every other', async () => {
    const user = someone();
    for (const mail of [
      messages().welcome(user, 1, 'token'), messages().emailVerification(user, 'token'), messages().passwordReset(user, 'token'),
      messages().passwordChanged(user), messages().emailChangeNotice(user, 'new@example.org'), messages().analysisComplete(user, { title: LURE }),
    ]) {
      expect(mail.text, mail.kind).toMatch(/^Hello,\n/);
      expect(mail.text, mail.kind).not.toContain('evil.example');
      expect(mail.subject, mail.kind).not.toContain('evil.example');
    }
    // Nor the title of a document its account analysed: the address may be someone else's.
    expect(messages().analysisComplete(user, { title: 'Levy' })).toMatchObject({ subject: 'Your CivicWatch analysis is ready' });
  });

  it('never names the account in the confirmation sent to a new address, which may be anyone\'s', async () => {
    const user = someone({ emailVerifiedAt: clock.now(), firstName: 'Unlock at evil.example', lastName: 'Support' });
    const mail = messages().emailChangeConfirmation(user, 'target@example.org', 'token');
    expect(mail.to).toBe('target@example.org');
    expect(mail.text).toMatch(/^Hello,\n/);
    for (const told of ['evil.example', 'Support', user.email, plainTokenSigner.sign('unsubscribe', user.id)]) expect(mail.text).not.toContain(told);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/confirm-email?token=token`);
  });

  it('greets a verified address by its own first name; a stored name that breaks the name rule is left out', async () => {
    expect(messages().passwordChanged(someone({ emailVerifiedAt: clock.now(), firstName: 'Rosa' })).text).toMatch(/^Hello Rosa,\n/);
    // Written before names were one line (core/src/contracts/fields.ts).
    const old = messages().passwordChanged(someone({ emailVerifiedAt: clock.now(), firstName: `Rosa\n${LURE}` }));
    expect(old.text).toMatch(/^Hello,\n/);
    expect(old.text).not.toContain('evil.example');
  });

  it('quotes a document title as the user\'s, on one line and without direction controls, in the subject and the text', async () => {
    const mail = messages().analysisComplete(someone({ emailVerifiedAt: clock.now() }), { title: `Levy\r\n\u202e${LURE}` });
    expect(mail.subject).toBe(`Your CivicWatch analysis is ready: "Levy ${LURE}"`);
    expect(mail.subject).not.toMatch(/[\r\n\u202e]/);
    expect(mail.text).toContain(`Your analysis of the document titled "Levy ${LURE}" is complete.`);
  });
});
