import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnitOfWork, outboxMessageListSchema } from '@civicwatch/core';
import { buildTestApp, sessionCookie, verifyEmail, type TestApp } from '../testing/test-app.ts';

// GET /api/admin/outbox on the real wiring (PGlite, no SMTP_URL): the e-mail the product writes waits in the
// outbox, and administrators read it there (docs/product/self-hosting.md "Embedded defaults", ADR 0007). Who may call it is
// checked with every other admin route in admin-authorization.int.test.ts.
const CHIEF = 'chief@example.org';

let t: TestApp;
let chief: string;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: CHIEF });
  chief = await signUp(CHIEF, 'Chief');
  await verifyEmail(t, CHIEF);
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** Each sign-up from its own address: registration is rate-limited per IP. Answers the session cookie. */
async function signUp(email: string, firstName: string): Promise<string> {
  n += 1;
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName, email, password: 'liberty1' }, remoteAddress: `10.7.${n}.1` });
  expect(res.statusCode).toBe(201);
  return sessionCookie(res);
}

const outbox = (query = '') => t.app.inject({ method: 'GET', url: `/api/admin/outbox${query}`, headers: { cookie: chief } });
const listed = async (query = '') => {
  const res = await outbox(query);
  expect(res.statusCode, res.body).toBe(200);
  return { messages: outboxMessageListSchema.parse(res.json()), total: Number(res.headers['x-total-count']) };
};

describe('GET /api/admin/outbox', () => {
  it('shows the administrator the welcome e-mail a registration wrote, whole and waiting to be sent', async () => {
    const before = (await listed()).total;
    await signUp('rosa@example.org', 'Rosa');

    const { messages, total } = await listed();
    expect(total).toBe(before + 1);
    const [newest] = messages;
    expect(newest).toMatchObject({
      to: 'rosa@example.org', kind: 'welcome', subject: 'Welcome to CivicWatch',
      status: 'pending', attempts: 0, lastError: null, sentAt: null,
    });
    // Not by name: the address is not verified, and whoever registered may not own it (message-composer.ts).
    expect(newest!.text).toMatch(/^Hello,\n\nWelcome to CivicWatch\./);
    expect(newest!.text).toMatch(/\/unsubscribe\?token=\S+/);
    expect(Date.now() - Date.parse(newest!.createdAt)).toBeLessThan(60_000);
    expect(messages.map((m) => m.to)).toContain(CHIEF);
  });

  it('pages newest first, with the whole count in X-Total-Count, and refuses a page size over 100', async () => {
    for (const name of ['ana', 'ben', 'cyrus']) await signUp(`${name}@example.org`, name);
    const all = await listed('?page=1&pageSize=100');
    expect(all.messages.slice(0, 3).map((m) => m.to)).toEqual(['cyrus@example.org', 'ben@example.org', 'ana@example.org']);

    const second = await listed('?page=2&pageSize=2');
    expect(second.total).toBe(all.total);
    expect(second.messages.map((m) => m.id)).toEqual(all.messages.slice(2, 4).map((m) => m.id));
    expect((await listed(`?page=${all.total + 1}&pageSize=1`)).messages).toEqual([]);

    const tooMany = await outbox('?pageSize=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ code: 'validation.invalid', message: 'pageSize must be between 1 and 100' });
  });

  it('says which messages were sent and which failed for good, with the attempts and the last error', async () => {
    await signUp('dora@example.org', 'Dora');
    await signUp('eve@example.org', 'Eve');
    const [eve, dora] = (await listed('?pageSize=2')).messages;
    const uow = t.runtime.container.get<UnitOfWork>(UnitOfWork);
    const sentAt = new Date('2026-03-15T12:00:00Z');
    await uow.run(({ outbox: box }) => box.markSent(dora!.id, sentAt));
    const givenUpAt = new Date('2026-03-15T20:00:00Z');
    await uow.run(async ({ outbox: box }) => {
      await box.startAttempt(eve!.id, 10);
      await box.recordFailure(eve!.id, 10, '550 5.1.1 no such user');
      await box.markGivenUp(eve!.id, givenUpAt);
    });

    const after = (await listed('?pageSize=2')).messages;
    expect(after[0]).toMatchObject({ id: eve!.id, status: 'failed', attempts: 10, lastError: '550 5.1.1 no such user', sentAt: null, givenUpAt: givenUpAt.toISOString() });
    expect(after[1]).toMatchObject({ id: dora!.id, status: 'sent', sentAt: sentAt.toISOString(), lastError: null });
  });
});
