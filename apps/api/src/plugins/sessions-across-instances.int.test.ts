import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateTier } from '@civicwatch/core';
import { buildTestApp, sessionCookie, type TestApp } from '../testing/test-app.ts';

/**
 * Two API instances on one database, as behind a load balancer: nothing about a session is kept in an
 * instance between requests (issue 19), so what one instance ends, the other refuses at its next request;
 * the tiers each instance caches follow what an administrator changed on the other (ADR 0024).
 */
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await buildTestApp();
  // The second instance reaches the first one's embedded database through its socket (ADR 0001).
  second = await buildTestApp({ DATA_DIR: first.runtime.config.dataDir });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
});

const PASSWORD = 'liberty1';
const currentUser = (test: TestApp, cookie: string) => test.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const signIn = async (test: TestApp, email: string, password = PASSWORD) =>
  sessionCookie(await test.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } }));

async function signUp(): Promise<{ id: string; email: string; cookie: string }> {
  const email = `rosa-${randomUUID()}@example.org`;
  const res = await first.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: 'Rosa', email, password: PASSWORD } });
  expect(res.statusCode).toBe(201);
  return { id: (res.json() as { id: string }).id, email, cookie: sessionCookie(res) };
}

describe('two API instances on one database', () => {
  it('answers a session on either instance, and refuses it on both at once once it signs out', async () => {
    const rosa = await signUp();
    // Each instance has read the session, and the other its user, before the sign-out.
    expect((await currentUser(first, rosa.cookie)).statusCode).toBe(200);
    expect((await currentUser(second, rosa.cookie)).json()).toMatchObject({ email: rosa.email });

    expect((await first.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: rosa.cookie } })).statusCode).toBe(204);
    expect((await currentUser(second, rosa.cookie)).statusCode).toBe(401);
    expect((await second.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: rosa.cookie } })).statusCode).toBe(401);
  });

  it('refuses on one instance, at once, the other sessions of an account whose password changed on the other', async () => {
    const rosa = await signUp();
    const elsewhere = await signIn(second, rosa.email);
    expect((await currentUser(second, elsewhere)).statusCode).toBe(200);
    expect((await currentUser(first, elsewhere)).statusCode).toBe(200);

    const changed = await first.app.inject({
      method: 'POST', url: '/api/account/password', headers: { cookie: rosa.cookie }, payload: { currentPassword: PASSWORD, newPassword: 'freedom22' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await currentUser(second, elsewhere)).statusCode).toBe(401);
    expect((await currentUser(first, elsewhere)).statusCode).toBe(401);
    // The session that changed it stays signed in, on both.
    expect((await currentUser(second, rosa.cookie)).statusCode).toBe(200);
  });

  it("shows on one instance, at the next request, what the other changed about the session's account", async () => {
    const rosa = await signUp();
    expect((await currentUser(second, rosa.cookie)).json()).toMatchObject({ firstName: 'Rosa', credits: 1 });
    const updated = await first.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: rosa.cookie }, payload: { firstName: 'Ruth' } });
    expect(updated.statusCode).toBe(200);
    expect((await currentUser(second, rosa.cookie)).json()).toMatchObject({ firstName: 'Ruth' });
  });

  it('shows on one instance, at its next read, a tier an administrator changed on the other', async () => {
    const patriot = async () => ((await second.app.inject({ method: 'GET', url: '/api/subscription-tiers' })).json() as Array<{ id: string; credits: number }>)
      .find((tier) => tier.id === 'patriot')!;
    const before = await patriot();
    const admin = await signUp();
    // What PATCH /api/admin/tiers/patriot runs on the first instance.
    const updated = await first.runtime.container.get(UpdateTier).execute({ userId: admin.id, label: admin.email }, { tier: 'patriot', credits: before.credits + 5 });
    expect(updated.ok).toBe(true);
    expect((await patriot()).credits).toBe(before.credits + 5);
  });
});
