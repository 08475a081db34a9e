import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DeliverOutbox, MessageComposer, RegisterUser, registerSchema, retryDelayMs, type OutboxMessage, type UnitOfWork,
} from '@civicwatch/core';
import { FixedClock, plainTextHasher, testAccountLinks } from '@civicwatch/core/testing';
import { CryptoIdGenerator } from '../security/crypto-id-generator.ts';
import { createTestDatabase, serverTestSkipReason, type TestDatabase, type TestDatabaseKind } from '../persistence/testing/create-test-database.ts';
import { HmacTokenSigner } from './hmac-token-signer.ts';
import { NodemailerMailSender } from './nodemailer-mail-sender.ts';
import { OutboxDispatcher } from './outbox-dispatcher.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from './testing/local-smtp-server.ts';

const SECRET = 'an-unsubscribe-secret-of-at-least-32-characters';
const PUBLIC_URL = 'https://civicwatch.example';
const FROM = 'CivicWatch <no-reply@civicwatch.example>';

/**
 * The outbox delivered by the real adapters over SMTP to a real (local) mail server, on each kind of
 * database: what the user receives, what a refusal leaves behind, and that nothing goes out twice.
 */
const kinds: Array<{ kind: TestDatabaseKind; skip: string | null }> = [
  { kind: 'pglite', skip: null },
  { kind: 'server', skip: serverTestSkipReason() },
];

for (const { kind, skip } of kinds) {
  describe.skipIf(skip !== null)(`outbox delivery over SMTP (${kind})`, () => {
    let test: TestDatabase;
    let uow: UnitOfWork;
    let smtp: LocalSmtpServer;
    let sender: NodemailerMailSender;
    let clock: FixedClock;
    let n = 0;
    const signer = new HmacTokenSigner(SECRET);
    const ids = new CryptoIdGenerator();

    beforeAll(async () => {
      test = await createTestDatabase({ kind });
      uow = test.db.uow;
      smtp = await startLocalSmtpServer();
      sender = new NodemailerMailSender({ url: smtp.url, from: FROM });
    });
    afterAll(async () => {
      sender?.close();
      await smtp?.close();
      await test?.dispose();
    });
    beforeEach(async () => {
      // Each test starts with nothing due: earlier tests' messages are sent or given up.
      await uow.run(async ({ outbox }) => {
        for (const m of (await outbox.list({ offset: 0, limit: 1000, unsentOnly: true })).messages) await outbox.markSent(m.id, new Date());
      });
      smtp.received.length = 0;
      clock = new FixedClock(new Date());
    });

    const register = async (firstName = 'Rosa') => {
      n += 1;
      const messages = new MessageComposer(signer, PUBLIC_URL, clock, ids);
      const result = await new RegisterUser(uow, plainTextHasher, clock, ids, messages, testAccountLinks(clock))
        .execute(registerSchema.parse({ firstName, email: `${firstName.toLowerCase()}-${n}@example.org`, password: 'liberty1' }));
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    };
    const messageTo = async (email: string): Promise<OutboxMessage> =>
      (await uow.run(({ outbox }) => outbox.list({ offset: 0, limit: 1000 }))).messages.find((m) => m.to === email)!;

    it('delivers the welcome e-mail: from us, to the user, with its subject, text and a working unsubscribe link', async () => {
      const user = await register();
      const dispatcher = new OutboxDispatcher(new DeliverOutbox(uow, sender, clock));
      expect(await dispatcher.runOnce()).toEqual({ sent: 1, failed: 0 });

      const [mail, ...more] = await smtp.waitForMessages(1);
      expect(more).toEqual([]);
      expect(mail!.to).toEqual([user.email]);
      expect(mail!.from).toBe('no-reply@civicwatch.example');
      expect(mail!.headers.subject).toBe('Welcome to CivicWatch');
      expect(mail!.headers.from).toBe(FROM);
      expect(mail!.headers['content-type']).toMatch(/^text\/plain/);
      expect(mail!.text).toMatch(/^Hello,\n\nWelcome to CivicWatch\./);
      const link = /Stop optional e-mails \(analysis notices and product news\): (\S+)/.exec(mail!.text)?.[1];
      expect(link).toBeDefined();
      const url = new URL(link!);
      expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/unsubscribe`);
      expect(signer.verify('unsubscribe', url.searchParams.get('token')!)).toBe(user.id);

      expect(await messageTo(user.email)).toMatchObject({ sentAt: clock.now(), attempts: 1, lastError: null, nextAttemptAt: null });
      expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
    });

    it('keeps a message the server refused, with the server\'s answer, and delivers it on a later attempt', async () => {
      const user = await register('Ada');
      smtp.refuseRecipients(1, '550 Mailbox unavailable');
      const deliver = new DeliverOutbox(uow, sender, clock);
      expect(await deliver.execute()).toEqual({ sent: 0, failed: 1 });
      const refused = await messageTo(user.email);
      expect(refused).toMatchObject({ sentAt: null, attempts: 1, nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(1)) });
      expect(refused.lastError).toMatch(/550/);
      expect(refused.lastError).toMatch(/Mailbox unavailable/);
      expect(refused.lastError).not.toContain('p@ss');

      expect(await deliver.execute()).toEqual({ sent: 0, failed: 0 });
      clock.set(new Date(clock.now().getTime() + retryDelayMs(1)));
      expect(await deliver.execute()).toEqual({ sent: 1, failed: 0 });
      expect((await smtp.waitForMessages(1)).map((m) => m.to)).toEqual([[user.email]]);
      expect(await messageTo(user.email)).toMatchObject({ attempts: 2, lastError: refused.lastError, sentAt: clock.now() });
    });

    it('sends each message once while several senders deliver at the same time', async () => {
      const users = [];
      for (const name of ['Alba', 'Bruno', 'Chen', 'Dalia', 'Emeka', 'Farah', 'Gus', 'Hana']) users.push(await register(name));
      const senders = [0, 1, 2].map(() => new NodemailerMailSender({ url: smtp.url, from: FROM }));
      try {
        const reports = await Promise.all(senders.map((s) => new OutboxDispatcher(new DeliverOutbox(uow, s, clock)).runOnce()));
        expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(users.length);
        expect(reports.every((r) => r.failed === 0)).toBe(true);
      } finally {
        for (const s of senders) s.close();
      }
      const received = await smtp.waitForMessages(users.length);
      expect(received.map((m) => m.to[0]).sort()).toEqual(users.map((u) => u.email).sort());
    });

    it('delivers in the background once started, until stopped', async () => {
      const dispatcher = new OutboxDispatcher(new DeliverOutbox(uow, sender, clock), { intervalMs: 50 });
      dispatcher.start();
      try {
        const first = await register('Iris');
        await smtp.waitForMessages(1);
        const second = await register('Jon');
        expect((await smtp.waitForMessages(2)).map((m) => m.to[0])).toEqual([first.email, second.email]);
      } finally {
        await dispatcher.stop();
      }
      await register('Kofi');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received).toHaveLength(2);
    });
  });
}
