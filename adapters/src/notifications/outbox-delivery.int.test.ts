import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RegisterUser, TokenSigner, UnitOfWork, registerSchema, type OutboxMessage } from '@civicwatch/core';
import { loadConfig } from '../config/config.ts';
import { createRuntime, type Runtime } from '../container/container.ts';
import { createTestDatabase, serverTestSkipReason, type TestDatabase, type TestDatabaseKind } from '../persistence/testing/create-test-database.ts';
import { seedEmbeddedDataDir } from '../persistence/testing/pglite-template.ts';
import { QUEUE_SCHEMA } from '../queue/pg-boss-jobs.ts';
import { MAIL_POLICY, MAIL_QUEUE } from '../queue/pg-boss-mail-queue.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from './testing/local-smtp-server.ts';

const PUBLIC_URL = 'https://civicwatch.example';
const FROM = 'CivicWatch <no-reply@civicwatch.example>';

/**
 * E-mail delivered as jobs of the job queue (ADR 0028) by the product's own wiring, over SMTP to a real (local)
 * mail server, on each kind of database: what the user receives, the retries and their backoff, the dead letter,
 * a rolled back change, and e-mail waiting where no mail worker runs.
 */
const kinds: Array<{ kind: TestDatabaseKind; skip: string | null }> = [
  { kind: 'pglite', skip: null },
  { kind: 'server', skip: serverTestSkipReason() },
];

/** Polls until `check` answers something, for at most 20 s (mail workers poll every 2 s). */
async function eventually<T>(check: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(100);
  }
}

for (const { kind, skip } of kinds) {
  describe.skipIf(skip !== null)(`e-mail delivery as jobs over SMTP (${kind})`, () => {
    let dataDir: string;
    let server: TestDatabase | undefined;
    let smtp: LocalSmtpServer;
    let n = 0;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'cw-mail-'));
      if (kind === 'pglite') await seedEmbeddedDataDir(dataDir);
      else server = await createTestDatabase({ kind: 'server' });
      smtp = await startLocalSmtpServer();
    }, 60_000);
    afterAll(async () => {
      await smtp?.close();
      await server?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    });

    /** The product as `civicwatch serve` starts it, running no analysis; with a mail server or without. */
    const openRuntime = async (withSmtp: boolean): Promise<Runtime> => {
      const runtime = await createRuntime(loadConfig({
        NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL,
        ...(server ? { DATABASE_URL: server.location, SESSION_SECRET: 'mail-jobs-test-session-secret-of-32-chars' } : {}),
        ...(withSmtp ? { SMTP_URL: smtp.url, MAIL_FROM: FROM } : {}),
      }));
      await runtime.database.migrate();
      await runtime.startAnalysisQueue({ workers: 0 });
      expect(await runtime.startMailDelivery()).toBe(withSmtp);
      return runtime;
    };
    const register = async (runtime: Runtime, firstName = 'Rosa') => {
      n += 1;
      const result = await runtime.container.get(RegisterUser)
        .execute(registerSchema.parse({ firstName, email: `${firstName.toLowerCase()}-${n}@example.org`, password: 'liberty1' }));
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    };
    const messageTo = async (runtime: Runtime, email: string): Promise<OutboxMessage | undefined> =>
      (await runtime.database.uow.run(({ outbox }) => outbox.list({ offset: 0, limit: 1000 }))).messages.find((m) => m.to === email);
    const sql = <T extends object>(runtime: Runtime, query: string, params: unknown[] = []) => runtime.database.orm.em.fork().execute<T[]>(query, params);
    /** The message's job: its state, its retries so far and how long until it may run. */
    const jobOf = async (runtime: Runtime, messageId: string) =>
      (await sql<{ state: string; retry_count: number; wait_seconds: number }>(runtime,
        `select state, retry_count, extract(epoch from start_after - now())::float8 as wait_seconds from ${QUEUE_SCHEMA}.job where name = ? and id = ?`,
        [MAIL_QUEUE, messageId]))[0];

    it('waits, its job kept, where no mail worker runs; a worker that starts later sends it, and queues messages that lost their job', async () => {
      const waiting = await openRuntime(false);
      let first: { email: string };
      let second: { email: string };
      try {
        first = await register(waiting, 'Uma');
        second = await register(waiting, 'Vic');
        await sleep(2_500);
        const message = (await messageTo(waiting, first.email))!;
        expect(message).toMatchObject({ sentAt: null, attempts: 0, givenUpAt: null });
        expect(await jobOf(waiting, message.id)).toMatchObject({ state: 'created', retry_count: 0 });
        // As pg-boss's retention would after 14 days with no worker, or a restore from a backup.
        const lost = (await messageTo(waiting, second.email))!;
        await sql(waiting, `delete from ${QUEUE_SCHEMA}.job where name = ? and id = ?`, [MAIL_QUEUE, lost.id]);
      } finally {
        await waiting.close();
      }
      expect(smtp.received).toEqual([]);

      const delivering = await openRuntime(true);
      try {
        const received = await smtp.waitForMessages(2, 20_000);
        expect(received.map((m) => m.to[0]).sort()).toEqual([first.email, second.email].sort());
        for (const email of [first.email, second.email]) {
          expect(await eventually(async () => (await messageTo(delivering, email))?.sentAt)).toBeInstanceOf(Date);
        }
      } finally {
        await delivering.close();
      }
      smtp.received.length = 0;
    }, 90_000);

    describe('with a mail worker', () => {
      let runtime: Runtime;
      beforeAll(async () => {
        runtime = await openRuntime(true);
      }, 60_000);
      afterAll(async () => {
        await runtime?.close();
      });
      beforeEach(() => {
        smtp.received.length = 0;
      });

      it('delivers the welcome e-mail once: from us, to the user, with its subject, text and a working unsubscribe link', async () => {
        const user = await register(runtime);
        const [mail] = await smtp.waitForMessages(1);
        expect(mail!.to).toEqual([user.email]);
        expect(mail!.from).toBe('no-reply@civicwatch.example');
        expect(mail!.headers.subject).toBe('Welcome to CivicWatch');
        expect(mail!.headers.from).toBe(FROM);
        expect(mail!.headers['content-type']).toMatch(/^text\/plain/);
        expect(mail!.text).toMatch(/^Hello,\n\nWelcome to CivicWatch\./);
        const link = /Stop optional e-mails \(analysis notices and product news\): (\S+)/.exec(mail!.text)?.[1];
        const url = new URL(link!);
        expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/unsubscribe`);
        expect(runtime.container.get<TokenSigner>(TokenSigner).verify('unsubscribe', url.searchParams.get('token')!)).toBe(user.id);

        const sent = await eventually(async () => {
          const message = await messageTo(runtime, user.email);
          return message?.sentAt ? message : null;
        });
        expect(sent).toMatchObject({ attempts: 1, lastError: null, givenUpAt: null });
        expect(await eventually(async () => (await jobOf(runtime, sent.id))?.state === 'completed')).toBe(true);
        await sleep(2_500);
        expect(smtp.received).toHaveLength(1);
      }, 30_000);

      it('sends nothing for a change rolled back: neither its message nor its job exists', async () => {
        const uow = runtime.container.get<UnitOfWork>(UnitOfWork);
        const message = (to: string) => ({
          id: randomUUID(), userId: null, to, kind: 'welcome' as const, subject: 'Welcome to CivicWatch', text: 'Hello,\n', createdAt: new Date(),
        });
        const rolledBack = message('never@example.org');
        const kept = message('kept@example.org');
        await expect(uow.run(async ({ outbox }) => {
          await outbox.enqueue(rolledBack);
          throw new Error('the change failed');
        })).rejects.toThrow('the change failed');
        await uow.run(({ outbox }) => outbox.enqueue(kept));

        expect((await smtp.waitForMessages(1)).map((m) => m.to)).toEqual([['kept@example.org']]);
        expect(await messageTo(runtime, 'never@example.org')).toBeUndefined();
        expect(await jobOf(runtime, rolledBack.id)).toBeUndefined();
        await sleep(2_500);
        expect(smtp.received).toHaveLength(1);
      }, 30_000);

      it('keeps each refusal on the message and retries it later and later, then delivers it', async () => {
        smtp.refuseRecipients(2, '550 Mailbox unavailable');
        const user = await register(runtime, 'Ada');
        const id = (await messageTo(runtime, user.email))!.id;
        // pg-boss counts a retry when it starts: after the nth failure the job has n - 1.
        const failed = async (failures: number) => eventually(async () => {
          const job = await jobOf(runtime, id);
          return job?.state === 'retry' && job.retry_count === failures - 1 ? job : null;
        });

        // pg-boss's backoff: 1–2 minutes after the first failure, 2–4 after the second.
        const firstWait = (await failed(1)).wait_seconds;
        expect(firstWait).toBeGreaterThan(MAIL_POLICY.retryDelay - 5);
        expect(firstWait).toBeLessThanOrEqual(2 * MAIL_POLICY.retryDelay);
        const refused = (await messageTo(runtime, user.email))!;
        expect(refused).toMatchObject({ sentAt: null, attempts: 1, givenUpAt: null });
        expect(refused.lastError).toMatch(/550/);
        expect(refused.lastError).toMatch(/Mailbox unavailable/);
        expect(refused.lastError).not.toContain('p@ss');

        await sql(runtime, `update ${QUEUE_SCHEMA}.job set start_after = now() where name = ? and id = ?`, [MAIL_QUEUE, id]);
        const secondWait = (await failed(2)).wait_seconds;
        expect(secondWait).toBeGreaterThan(2 * MAIL_POLICY.retryDelay - 5);
        expect(secondWait).toBeLessThanOrEqual(4 * MAIL_POLICY.retryDelay);
        expect(smtp.received).toEqual([]);

        await sql(runtime, `update ${QUEUE_SCHEMA}.job set start_after = now() where name = ? and id = ?`, [MAIL_QUEUE, id]);
        expect((await smtp.waitForMessages(1)).map((m) => m.to)).toEqual([[user.email]]);
        const sent = await eventually(async () => {
          const message = await messageTo(runtime, user.email);
          return message?.sentAt ? message : null;
        });
        expect(sent).toMatchObject({ attempts: 3, lastError: refused.lastError, givenUpAt: null });
      }, 60_000);

      it('gives a message up once its last attempt failed: its job dead-lettered, the message failed with its last error', async () => {
        smtp.refuseRecipients(2, '550 No such user here');
        const user = await register(runtime, 'Bea');
        const id = (await messageTo(runtime, user.email))!.id;
        await eventually(async () => (await jobOf(runtime, id))?.state === 'retry');
        // Straight to the last attempt (its start counts the last retry) instead of waiting hours for it.
        await sql(runtime, `update ${QUEUE_SCHEMA}.job set retry_count = retry_limit - 1, start_after = now() where name = ? and id = ?`, [MAIL_QUEUE, id]);

        const givenUp = await eventually(async () => {
          const message = await messageTo(runtime, user.email);
          return message?.givenUpAt ? message : null;
        });
        expect(givenUp).toMatchObject({ sentAt: null, attempts: MAIL_POLICY.retryLimit + 1 });
        expect(givenUp.lastError).toMatch(/550 No such user here/);
        expect(await jobOf(runtime, id)).toMatchObject({ state: 'failed' });
        expect(smtp.received).toEqual([]);
      }, 60_000);
    });
  });
}
