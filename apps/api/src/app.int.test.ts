import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLinkToken, buildTestApp, sessionCookie, verifyEmail, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ ADMIN_EMAILS: 'chief@civicwatch.test,deputy@civicwatch.test' }); });
afterAll(async () => { await t?.close(); });

const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload: body, headers });
const login = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, headers, remoteAddress });

describe('registration', () => {
  it('creates a Citizen with 1 credit granted through the ledger, and signs them in', async () => {
    const res = await register({ firstName: 'Ada', email: ' Ada@Example.org ', password: 'secret1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ firstName: 'Ada', email: 'ada@example.org', subscriptionTier: 'citizen', credits: 1, isAdmin: false });
    const cookie = res.cookies.find((c) => c.name === 'civicwatch.sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('ada@example.org');
    const ledger = await t.runtime.database.uow.run(({ ledger: l }) => l.history(me.json().id));
    expect(ledger).toMatchObject([{ delta: 1, reason: 'signup_grant', balanceAfter: 1 }]);
  });

  it.each([
    [{ firstName: 'Bob', email: 'not-an-email', password: 'secret1' }, 'Invalid email address'],
    [{ firstName: 'Bob', email: 'bob@example.org', password: '12345' }, 'Password must be at least 6 characters'],
    [{ firstName: 'Bo', email: 'bob@example.org', password: 'secret1' }, 'Username must be at least 3 characters'],
  ])('refuses %j with 400 and the spec message, creating nothing', async (body, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation.invalid', message });
    expect((await login('bob@example.org', 'secret1')).statusCode).toBe(401);
  });

  // The username is the first name the product shows and e-mails: one line, no control characters, or an
  // attacker's name would write sentences of its own into the product's e-mail (message-composer.ts).
  it.each([
    ['a line break and a link', 'Rosa\nALERT: account locked. Unlock at http://evil.example/x'],
    ['a carriage return', 'Rosa\r\nUnlock at http://evil.example/x'],
    ['a NUL', 'Ro\u0000sa'],
    ['a tab', 'Ro\tsa'],
    ['a line separator', 'Rosa\u2028ALERT'],
    ['a right-to-left override', 'Rosa\u202Egnp.exe'],
  ])('refuses a username with %s with 400 and the contract message, creating nothing', async (what, firstName) => {
    const email = `hostile-${what.replaceAll(' ', '-')}@example.org`;
    const res = await register({ firstName, email, password: 'secret1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation.invalid', message: 'Username must be one line, without control characters' });
    expect(await t.runtime.database.uow.run(({ users }) => users.findByEmail(email))).toBeNull();
  });

  it('refuses a username of more than 50 characters, and trims one that is padded', async () => {
    const long = await register({ firstName: 'R'.repeat(51), email: 'long-name@example.org', password: 'secret1' });
    expect(long.json()).toEqual({ code: 'validation.invalid', message: 'Username must be at most 50 characters' });
    const padded = await register({ firstName: ` ${'R'.repeat(50)}\n`, email: 'padded-name@example.org', password: 'secret1' });
    expect(padded.statusCode).toBe(201);
    expect(padded.json()).toMatchObject({ firstName: 'R'.repeat(50) });
  });

  it('answers 409 for an e-mail already registered, whatever its case', async () => {
    await register({ firstName: 'Carol', email: 'carol@example.org', password: 'secret1' });
    const res = await register({ firstName: 'Carol', email: 'CAROL@example.org', password: 'other-pass' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('auth.email_taken');
    expect((await login('carol@example.org', 'secret1')).statusCode).toBe(200);
  });


  it('answers 400 for a malformed JSON body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation.invalid', message: 'The request body is not valid JSON' });
  });
});

// Whoever registers an address ADMIN_EMAILS names first must not become an administrator on the strength of
// typing it: without a mail server, an administrator could read the verification link in the panel's outbox.
describe('the admin role of an address ADMIN_EMAILS names', () => {
  const asUser = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('waits until the address is verified: until then the account is refused every admin route', async () => {
    const res = await register({ firstName: 'Chief', email: 'chief@civicwatch.test', password: 'secret1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'user', isAdmin: false, emailVerified: false });
    const cookie = sessionCookie(res);
    for (const url of ['/api/admin/outbox', '/api/admin/users', '/api/admin/stats']) {
      const refused = await asUser(cookie, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ code: 'auth.forbidden', message: "You don't have admin permissions." });
    }

    await verifyEmail(t, 'chief@civicwatch.test');
    expect((await asUser(cookie, '/api/user')).json()).toMatchObject({ role: 'admin', isAdmin: true, emailVerified: true });
    expect((await asUser(cookie, '/api/admin/stats')).statusCode).toBe(200);
  });

  it('is not granted by asking to move an account to such an address, only once the new address confirms it', async () => {
    const res = await register({ firstName: 'Mallory', email: 'mallory@example.org', password: 'secret1' });
    const cookie = sessionCookie(res);
    await verifyEmail(t, 'mallory@example.org');
    const asked = await t.app.inject({ method: 'POST', url: '/api/account/email', payload: { newEmail: 'deputy@civicwatch.test', password: 'secret1' }, headers: { cookie } });
    expect(asked.statusCode).toBe(202);
    expect((await asUser(cookie, '/api/user')).json()).toMatchObject({ email: 'mallory@example.org', isAdmin: false });
    expect((await asUser(cookie, '/api/admin/stats')).statusCode).toBe(403);

    const token = await accountLinkToken(t, 'deputy@civicwatch.test', '/confirm-email');
    expect((await t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } })).statusCode).toBe(200);
    expect((await asUser(cookie, '/api/user')).json()).toMatchObject({ email: 'deputy@civicwatch.test', isAdmin: true, emailVerified: true });
  });
});

describe('sessions', () => {
  it('rotates the session id at login and destroys the session at logout', async () => {
    const registered = await register({ firstName: 'Dan', email: 'dan@example.org', password: 'secret1' });
    const first = sessionCookie(registered);
    const loggedIn = await login('dan@example.org', 'secret1', { cookie: first });
    expect(loggedIn.statusCode).toBe(200);
    const second = sessionCookie(loggedIn);
    expect(second).not.toBe(first);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: second } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: second } });
    expect(after.statusCode).toBe(401);
  });

  it('calls the session that created the account its first visit, and no later sign-in', async () => {
    const registered = await register({ firstName: 'Maria', email: 'maria@example.org', password: 'secret1' });
    expect(registered.json().firstVisit).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(registered) } });
    expect(me.json().firstVisit).toBe(true);
    const loggedIn = await login('maria@example.org', 'secret1');
    expect(loggedIn.json().firstVisit).toBe(false);
    const later = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(loggedIn) } });
    expect(later.json().firstVisit).toBe(false);
  });

  it('keeps a session for 30 days after its last use, writing its row at most once a day', async () => {
    const cookie = sessionCookie(await register({ firstName: 'Fay', email: 'fay@example.org', password: 'secret1' }));
    const sql = t.runtime.database.orm.em.fork();
    const userId = (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json<{ id: string }>().id;
    const stored = async () => new Date((await sql.execute<Array<{ expires_at: Date | string }>>(`select expires_at from sessions where data->>'userId' = ?`, [userId]))[0]!.expires_at).getTime();
    const day = 24 * 60 * 60 * 1000;
    const atSignUp = await stored();
    expect(atSignUp).toBeGreaterThan(Date.now() + 30 * day - 60_000);

    // A session last pushed back two days ago: its next request pushes it to 30 days from now, once.
    await sql.execute(
      `update sessions set expires_at = expires_at - interval '2 days', data = jsonb_set(data, '{refreshedAt}', to_jsonb(?::bigint))
       where data->>'userId' = ?`, [Date.now() - 2 * day, userId]);
    const aged = await stored();
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    const refreshed = await stored();
    expect(refreshed).toBeGreaterThan(aged + day);
    // The row's version (xmin) moves with any write: a request that changes nothing in the session writes nothing,
    // though the account read with it changed since the last one.
    const version = async () => (await sql.execute<Array<{ version: string }>>(`select xmin::text as version from sessions where data->>'userId' = ?`, [userId]))[0]!.version;
    const written = await version();
    await sql.execute(`update users set first_name = 'Faye' where id = ?`, [userId]);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
    expect(dashboard.json().user.firstName).toBe('Faye');
    expect(await stored()).toBe(refreshed);
    expect(await version()).toBe(written);
  });

  it('answers 401 Unauthorized when signed out, on both current-user paths, case-insensitively', async () => {
    for (const url of ['/api/user', '/api/auth/user', '/API/User/', '/api/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
    }
  });

  it('refuses wrong credentials, then the 21st failed login in a minute with 429', async () => {
    await register({ firstName: 'Eve', email: 'eve@example.org', password: 'secret1' });
    for (let i = 1; i <= 20; i++) {
      // Its own address: other tests' failed logins from 127.0.0.1 must not spend this budget.
      const res = await login('eve@example.org', `wrong-${i}`, {}, '10.0.0.21');
      expect(res.statusCode, `attempt ${i}`).toBe(401);
      expect(res.json()).toEqual({ code: 'auth.invalid_credentials', message: 'Invalid credentials' });
    }
    const limited = await login('eve@example.org', 'wrong-21', {}, '10.0.0.21');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate.limited');
  });

  it('refuses an invalid e-mail at login with the sign-in message', async () => {
    const res = await login('nope', 'secret1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address');
  });

  it('refuses state-changing requests from another site', async () => {
    const res = await register({ firstName: 'Mallory', email: 'mallory@example.org', password: 'secret1' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    const same = await register({ firstName: 'Frank', email: 'frank@example.org', password: 'secret1' }, { origin: 'http://localhost:3000' });
    expect(same.statusCode).toBe(201);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(async () => { proxied = await buildTestApp({ TRUST_PROXY: 'true' }); });
  afterAll(async () => { await proxied?.close(); });

  it('counts sign-in failures by the address the proxy saw, whatever X-Forwarded-For the client sent before it', async () => {
    // The proxy (10.0.0.1) appends the client's address (203.0.113.7) to the header the client sent.
    const viaProxy = (i: number, claimed: string) => proxied.app.inject({
      method: 'POST', url: '/api/login', payload: { email: `sprayed-${i}@example.org`, password: 'secret1' },
      headers: { 'x-forwarded-for': `${claimed}, 203.0.113.7` }, remoteAddress: '10.0.0.1',
    });
    for (let i = 1; i <= 20; i++) expect((await viaProxy(i, `198.51.100.${i}`)).statusCode, `attempt ${i}`).toBe(401);
    expect((await viaProxy(21, '198.51.100.99')).statusCode).toBe(429);
    // Another client behind the same proxy has its own budget.
    const other = await proxied.app.inject({
      method: 'POST', url: '/api/login', payload: { email: 'sprayed-22@example.org', password: 'secret1' },
      headers: { 'x-forwarded-for': '203.0.113.8' }, remoteAddress: '10.0.0.1',
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('profile and dashboard', () => {
  it('edits the profile, keeps absent fields and validates US states', async () => {
    const cookie = sessionCookie(await register({ firstName: 'Gina', email: 'gina@example.org', password: 'secret1' }));
    const patch = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: '/api/profile', payload, headers: { cookie } });
    const saved = await patch({ lastName: 'Lopez', country: 'US', state: 'il' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ firstName: 'Gina', lastName: 'Lopez', country: 'US', state: 'IL' });
    const bad = await patch({ state: 'Narnia' });
    expect(bad.statusCode).toBe(400);
    const abroad = await patch({ country: 'CA', state: 'Ontario' });
    expect(abroad.json()).toMatchObject({ country: 'CA', state: 'Ontario' });
    const badCountry = await patch({ country: 'Atlantis' });
    expect(badCountry.statusCode).toBe(400);
  });

  it('refuses a first or last name of more than one line, with control characters or over 50 characters, changing nothing', async () => {
    const cookie = sessionCookie(await register({ firstName: 'Ines', email: 'ines@example.org', password: 'secret1' }));
    const patch = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: '/api/profile', payload, headers: { cookie } });
    for (const [payload, message] of [
      [{ firstName: 'Ines\nALERT: account locked. Unlock at http://evil.example/x' }, 'First name must be one line, without control characters'],
      [{ firstName: 'In\u0000es' }, 'First name must be one line, without control characters'],
      [{ lastName: 'Lopez\u2029Unlock at http://evil.example/x' }, 'Last name must be one line, without control characters'],
      [{ lastName: 'Lo\u2066pez' }, 'Last name must be one line, without control characters'],
      [{ firstName: 'I'.repeat(51) }, 'First name must be at most 50 characters'],
    ] as const) {
      const refused = await patch(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toEqual({ code: 'validation.invalid', message });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json()).toMatchObject({ firstName: 'Ines', lastName: null });
  });

  it('answers the dashboard of a new user', async () => {
    const cookie = sessionCookie(await register({ firstName: 'Hal', email: 'hal@example.org', password: 'secret1' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { credits: 1, subscriptionTier: 'citizen' }, analyses: [], stats: { totalAnalyses: 0, thisMonthAnalyses: 0 } });
  });
});

describe('public routes', () => {
  it('lists the three tiers from the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription-tiers' });
    expect(res.json().map((x: { id: string; price: string; credits: number }) => [x.id, x.price, x.credits]))
      .toEqual([['citizen', '0', 1], ['patriot', '29', 5], ['defender', '99', 50]]);
  });

  it('tells the web app what it may know, and serves health and the OpenAPI document', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toEqual({
      productName: 'CivicWatch', paymentsEnabled: false, stripePublishableKey: null, verifiedEmailRequired: false, devPagesEnabled: false, analyzer: 'embedded',
    });
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
    const openapi = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/register', '/api/login', '/api/user', '/api/profile', '/api/dashboard']));
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
