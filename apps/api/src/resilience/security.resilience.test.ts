/**
 * Security checks (issue 8) against the real server process: `civicwatch serve` on loopback, the embedded
 * database, payments on the local fake Stripe. Session fixation, cross-site request forgery, brute-force
 * sign-in, another user's analysis by id, the admin routes as a citizen, forged Stripe webhooks and replayed
 * payments. Every refusal is checked to have changed nothing (rows, credits, the ledger, roles, tiers, prompts,
 * and no call to Stripe). ADR 0003 says what is defended and how.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { paymentIntentIdOf, startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { buildAppFor } from '../server.ts';
import { AUTH_ATTEMPTS_PER_MINUTE } from '../plugins/auth-rate-limit.ts';
import { multipartBody } from '../testing/multipart.ts';
import { TEST_SIGN_IN_SLOWDOWN, accountLinkToken } from '../testing/test-app.ts';
import {
  openRuntimeBeside, sqlOn, startServedApp, storedTotals, type ServedApp,
} from '../testing/served-app.ts';
import { cookieOf, type Answer, type CallInit } from '../testing/http-calls.ts';

const CHIEF = 'chief@security.test';
/** The longest wait of a sign-in to an account that keeps failing, as the served instances are configured. */
const SIGN_IN_MAX_DELAY_MS = Number(TEST_SIGN_IN_SLOWDOWN.SIGN_IN_MAX_DELAY_MS);
const PASSWORD = 'liberty1';
const EVIL = 'https://evil.example';
const FORBIDDEN = { code: 'auth.forbidden', message: 'Cross-site requests are not allowed' };

let fake: FakeStripe;
/** The installation as `make start` runs it: no proxy in front, so the client's address is the socket's. */
let served: ServedApp;
/**
 * The same installation (its database, its session secret) as a second instance behind a reverse proxy
 * (TRUST_PROXY): the client's address comes from X-Forwarded-For, so each test client can have its own.
 */
let proxied: ServedApp;
let runtime: Runtime;
let chief: Member;
let citizen: Member;
/** A Patriot who paid by card: the administrator's refund has a payment to refund. */
let payer: Member;

interface Member { id: string; email: string; cookie: string }

const call = (method: string, url: string, init?: CallInit) => served.call(method, url, init);
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => sqlOn(runtime)<T>(query, params);
const json = <T = Record<string, unknown>>(answer: Answer) => JSON.parse(answer.text) as T;
/** Everything a refusal must leave as it was, Stripe included. */
const state = async () => ({ stored: await storedTotals(runtime), stripeCalls: fake.requests.length });
const sessionSetBy = (answer: Answer) => answer.headers.getSetCookie().find((c) => c.startsWith('civicwatch.sid='));
/** The session id inside a signed cookie value (`<id>.<signature>`). */
const sessionIdOf = (cookie: string) => {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.includes('.') ? value.slice(0, value.lastIndexOf('.')) : value;
};
const sessionRowsOf = async (userId: string) => (await sql<{ sid: string }>(`select sid from sessions where data->>'userId' = ?`, [userId])).map((r) => r.sid);
const creditsOf = async (userId: string) => (await sql<{ credits: number }>('select credits from users where id = ?', [userId]))[0]!.credits;
const whoIs = async (cookie: string) => {
  const me = await call('GET', '/api/user', { cookie });
  return me.status === 200 ? json<{ id: string }>(me).id : me.status;
};

let clients = 0;
/** A client address of its own, as the proxy in front of `proxied` reports it in X-Forwarded-For. */
const someAddress = () => `198.51.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
let accounts = 0;
/**
 * A new account. Registration is limited per client address (20 a minute), so each comes from an address of
 * its own, through the proxied instance; its session is good on both instances.
 */
async function register(email: string, init: CallInit = {}): Promise<Member> {
  const res = await proxied.call('POST', '/api/register', {
    ...init, json: { firstName: 'Rosa', email, password: PASSWORD }, headers: { ...init.headers, 'x-forwarded-for': someAddress() },
  });
  expect(res.status, res.text).toBe(201);
  return { id: json<{ id: string }>(res).id, email, cookie: cookieOf(res.headers) };
}
const signUp = (label: string, init: CallInit = {}) => register(`${label}-${++accounts}@security.test`, init);
const signIn = (email: string, password = PASSWORD, init: CallInit = {}) => call('POST', '/api/login', { ...init, json: { email, password } });

/** Opens the verification link of the welcome e-mail, as a new member does before subscribing. */
async function verifyEmail(member: Member) {
  const token = await accountLinkToken({ runtime }, member.email, '/verify-email');
  expect((await call('POST', '/api/email/verify', { json: { token } })).status).toBe(200);
}

/** Starts a Patriot checkout and pays it by card at the fake Stripe; answers the payment and the events it caused. */
async function payForPatriot(member: Member) {
  const from = fake.events.length;
  const started = await call('POST', '/api/create-payment-intent', { cookie: member.cookie, json: { amount: 29, tier: 'patriot' } });
  expect(started.status, started.text).toBe(200);
  const { clientSecret, subscriptionId } = json<{ clientSecret: string; subscriptionId: string }>(started);
  const paymentIntentId = fake.confirmPayment(paymentIntentIdOf(clientSecret), 'pm_card_visa').paymentIntentId;
  return { paymentIntentId, subscriptionId, events: fake.events.slice(from) };
}
const invoicePaidIn = (events: readonly Stripe.Event[]) => {
  const paid = events.filter((e) => e.type === 'invoice.paid');
  expect(paid).toHaveLength(1);
  return paid[0]!;
};
const reportPayment = (member: Member, paymentIntentId: string) =>
  call('POST', '/api/payment-success', { cookie: member.cookie, json: { payment_intent_id: paymentIntentId, tier: 'patriot' } });
const webhook = (delivery: { body: string; signature?: string }, headers: Record<string, string> = {}) =>
  call('POST', '/api/stripe/webhook', {
    body: delivery.body,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(delivery.signature === undefined ? {} : { 'stripe-signature': delivery.signature }), ...headers },
  });
const paymentRowsOf = async (userId: string) => sql<{ invoice_id: string; amount_cents: number }>('select invoice_id, amount_cents from payments where user_id = ?', [userId]);

const ORDINANCE = [
  'Ordinance 2024-17 of the Village of Westfield sets the fee for a residential parking permit at forty dollars a year.',
  'The permit is valid from January 1 to December 31 and must be displayed on the rear window of the vehicle.',
  'Residents who park without a permit between 2 a.m. and 6 a.m. may be fined fifty dollars for each violation.',
  'Appeals of a fine may be filed with the Village Clerk within thirty days of the citation.',
].join(' ');
const analyzeForm = (fields: Record<string, string>) => {
  const { payload, headers } = multipartBody({ analysisType: 'summary', text: ORDINANCE, ...fields });
  return { body: new Uint8Array(payload), headers };
};
async function analyse(member: Member, fields: Record<string, string> = {}) {
  const res = await call('POST', '/api/analyze', { cookie: member.cookie, ...analyzeForm(fields) });
  expect(res.status, res.text).toBe(200);
  return json<{ analysisId: string }>(res).analysisId;
}

beforeAll(async () => {
  fake = await startFakeStripe();
  const stripeEnv = {
    ...stripeEnvironment(fake),
    STRIPE_PRICE_PATRIOT: fake.createPrice({ unitAmountCents: 2900 }),
    STRIPE_PRICE_DEFENDER: fake.createPrice({ unitAmountCents: 9900 }),
  };
  served = await startServedApp({ env: { ADMIN_EMAILS: CHIEF, ...stripeEnv } });
  proxied = await startServedApp({ dataDir: served.dataDir, env: { ADMIN_EMAILS: CHIEF, ...stripeEnv, TRUST_PROXY: 'true' } });
  runtime = await openRuntimeBeside(served);
  // ADMIN_EMAILS names this address: its account is an administrator once the address is verified.
  chief = await register(CHIEF);
  await verifyEmail(chief);
  citizen = await signUp('citizen');
  payer = await signUp('payer');
  await verifyEmail(payer);
  const { paymentIntentId } = await payForPatriot(payer);
  expect(json(await reportPayment(payer, paymentIntentId))).toMatchObject({ tier: 'patriot', creditsGranted: 5 });
}, 120_000);

afterAll(async () => {
  await runtime?.close();
  // The second instance first: the first serves the embedded database it reaches through a socket.
  await proxied?.stop();
  await served?.stop();
  await fake?.close();
});

describe('session fixation', () => {
  it('gives an anonymous visitor no session, so there is no anonymous session id to plant', async () => {
    const sessions = (await sql<{ n: number }>('select count(*)::int as n from sessions'))[0]!.n;
    for (const answer of [
      await call('GET', '/api/config'),
      await call('GET', '/api/user'),
      await call('GET', '/api/dashboard'),
      await signIn('nobody@security.test', 'wrong-password'),
    ]) {
      expect(sessionSetBy(answer)).toBeUndefined();
    }
    expect((await sql<{ n: number }>('select count(*)::int as n from sessions'))[0]!.n).toBe(sessions);
  });

  it('a made-up civicwatch.sid does not authenticate, and is not the session after sign-in', async () => {
    const victim = await signUp('victim');
    const madeUp = randomUUID().replaceAll('-', '');
    for (const planted of ['civicwatch.sid=attacker-chosen-session-id', `civicwatch.sid=${madeUp}.${Buffer.from(madeUp).toString('base64url')}`]) {
      expect((await call('GET', '/api/user', { cookie: planted })).status).toBe(401);
      const signedIn = await signIn(victim.email, PASSWORD, { cookie: planted });
      expect(signedIn.status).toBe(200);
      const issued = cookieOf(signedIn.headers);
      expect(issued).not.toBe(planted);
      expect(await whoIs(issued)).toBe(victim.id);
      expect(await whoIs(planted)).toBe(401);
      expect(await sessionRowsOf(victim.id)).not.toContain(sessionIdOf(planted));
    }
  });

  it('a real session id the attacker holds, planted in the victim\'s browser, is replaced at sign-in and ends', async () => {
    const attacker = await signUp('attacker');
    const victim = await signUp('victim');
    const planted = cookieOf((await signIn(attacker.email)).headers);
    expect(await whoIs(planted)).toBe(attacker.id);
    // The bare id without the server's signature is no session either.
    expect(await whoIs(`civicwatch.sid=${sessionIdOf(planted)}`)).toBe(401);

    const signedIn = await signIn(victim.email, PASSWORD, { cookie: planted });
    const issued = cookieOf(signedIn.headers);
    expect(sessionIdOf(issued)).not.toBe(sessionIdOf(planted));
    expect(await whoIs(issued)).toBe(victim.id);
    // The planted session was destroyed by the rotation: it never becomes the victim's.
    expect(await whoIs(planted)).toBe(401);
    expect(await sessionRowsOf(victim.id)).toEqual(expect.arrayContaining([sessionIdOf(issued)]));
    expect(await sessionRowsOf(victim.id)).not.toContain(sessionIdOf(planted));
  });

  it('rotates the session id at register and at every sign-in', async () => {
    const attacker = await signUp('attacker');
    const planted = attacker.cookie;
    const registered = await signUp('newcomer', { cookie: planted });
    expect(sessionIdOf(registered.cookie)).not.toBe(sessionIdOf(planted));
    expect(await whoIs(registered.cookie)).toBe(registered.id);
    expect(await whoIs(planted)).toBe(401);

    const again = cookieOf((await signIn(registered.email, PASSWORD, { cookie: registered.cookie })).headers);
    expect(sessionIdOf(again)).not.toBe(sessionIdOf(registered.cookie));
    expect(await whoIs(again)).toBe(registered.id);
    expect(await whoIs(registered.cookie)).toBe(401);
  });

  it('sign-out destroys the session row: the old cookie is 401 from then on', async () => {
    const member = await signUp('leaver');
    expect(await sessionRowsOf(member.id)).toEqual([sessionIdOf(member.cookie)]);
    const out = await call('POST', '/api/logout', { cookie: member.cookie });
    expect(out.status).toBe(204);
    expect(sessionSetBy(out)).toMatch(/^civicwatch\.sid=;/);
    expect(await sessionRowsOf(member.id)).toEqual([]);
    expect(await whoIs(member.cookie)).toBe(401);
    expect((await call('GET', '/api/dashboard', { cookie: member.cookie })).status).toBe(401);
  });

  it('a password change ends every other session of the account and keeps the one that made it', async () => {
    const member = await signUp('changer');
    const laptop = cookieOf((await signIn(member.email)).headers);
    const stolen = cookieOf((await signIn(member.email)).headers);
    expect(await sessionRowsOf(member.id)).toHaveLength(3);

    const changed = await call('POST', '/api/account/password', { cookie: laptop, json: { currentPassword: PASSWORD, newPassword: 'new-liberty2' } });
    expect(changed.status, changed.text).toBe(204);
    expect(await whoIs(laptop)).toBe(member.id);
    expect(await whoIs(stolen)).toBe(401);
    expect(await whoIs(member.cookie)).toBe(401);
    expect(await sessionRowsOf(member.id)).toEqual([sessionIdOf(laptop)]);
    expect((await signIn(member.email, PASSWORD)).status).toBe(401);
    expect((await signIn(member.email, 'new-liberty2')).status).toBe(200);
  });

  it('a password reset through the e-mailed link ends every session of the account', async () => {
    const member = await signUp('forgetful');
    const stolen = cookieOf((await signIn(member.email)).headers);
    expect((await call('POST', '/api/password/forgot', { json: { email: member.email } })).status).toBe(202);
    const token = await accountLinkToken({ runtime }, member.email, '/reset-password');

    const reset = await call('POST', '/api/password/reset', { json: { token, password: 'new-liberty3' } });
    expect(reset.status, reset.text).toBe(204);
    expect(await whoIs(stolen)).toBe(401);
    expect(await whoIs(member.cookie)).toBe(401);
    expect(await sessionRowsOf(member.id)).toEqual([]);
    // The link is single-use: replaying it sets nothing.
    expect((await call('POST', '/api/password/reset', { json: { token, password: 'attacker-pass' } })).status).toBeGreaterThanOrEqual(400);
    expect((await signIn(member.email, 'new-liberty3')).status).toBe(200);
  });
});

describe('cross-site request forgery', () => {
  let victim: Member;
  let promoCode: string;
  /** The victim's state-changing requests, each as the web app sends it: a new target (promo, analysis) per call. */
  let targets: Array<[string, () => Promise<{ method: string; url: string; init: CallInit }>]>;

  beforeAll(async () => {
    victim = await signUp('csrf-victim');
    await verifyEmail(victim);
    const upgraded = await call('POST', '/api/admin/update-user-tier', { cookie: chief.cookie, json: { userId: victim.id, tier: 'patriot', credits: 50 } });
    expect(upgraded.status).toBe(200);
    let codes = 0;
    const newPromo = async () => {
      promoCode = `CSRF${++codes}${randomUUID().slice(0, 6).toUpperCase()}`;
      const created = await call('POST', '/api/admin/promo-codes', { cookie: chief.cookie, json: { code: promoCode, type: 'credits', credits: 2, expiresAt: '2099-12-31' } });
      expect(created.status, created.text).toBe(201);
      return promoCode;
    };
    targets = [
      ['sign-in', async () => ({ method: 'POST', url: '/api/login', init: { json: { email: victim.email, password: PASSWORD } } })],
      ['analyze', async () => ({ method: 'POST', url: '/api/analyze', init: { cookie: victim.cookie, ...analyzeForm({ title: 'Forged' }) } })],
      ['redeem a promo code', async () => ({ method: 'POST', url: '/api/redeem-promo', init: { cookie: victim.cookie, json: { code: await newPromo() } } })],
      ['delete an analysis', async () => ({ method: 'DELETE', url: `/api/analyses/${await analyse(victim)}`, init: { cookie: victim.cookie } })],
      ['an admin change', async () => ({
        method: 'POST', url: '/api/admin/update-user-tier', init: { cookie: chief.cookie, json: { userId: victim.id, tier: 'defender', credits: 999 } },
      })],
      ['checkout', async () => ({ method: 'POST', url: '/api/create-payment-intent', init: { cookie: victim.cookie, json: { amount: 29, tier: 'patriot' } } })],
    ];
  });

  /** What a page on another site makes the victim's browser send: the browser labels it, whatever the body. */
  const forgeries: Array<[string, (init: CallInit) => CallInit]> = [
    ['Origin: https://evil.example', (init) => ({ ...init, headers: { ...init.headers, origin: EVIL } })],
    ['Origin: null (a sandboxed frame, a data: URL)', (init) => ({ ...init, headers: { ...init.headers, origin: 'null' } })],
    ['Sec-Fetch-Site: cross-site', (init) => ({ ...init, headers: { ...init.headers, 'sec-fetch-site': 'cross-site' } })],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', (init) => ({ ...init, headers: { ...init.headers, 'sec-fetch-site': 'same-site' } })],
    ['a text/plain form post (the classic CSRF)', (init) => ({
      cookie: init.cookie, body: init.json === undefined ? 'x=1' : JSON.stringify(init.json),
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain;charset=UTF-8' },
    })],
    ['an x-www-form-urlencoded form post', (init) => ({
      cookie: init.cookie, body: new URLSearchParams(Object.entries((init.json ?? {}) as Record<string, string>)).toString(),
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
    })],
    ['a multipart/form-data form post', (init) => {
      const { payload, headers } = multipartBody(Object.fromEntries(Object.entries((init.json ?? { text: ORDINANCE }) as Record<string, unknown>).map(([k, v]) => [k, String(v)])));
      return { cookie: init.cookie, body: new Uint8Array(payload), headers: { ...headers, origin: EVIL, 'sec-fetch-site': 'cross-site' } };
    }],
  ];

  it('refuses every forged request with 403 auth.forbidden, sets no session and changes nothing', async () => {
    for (const [target, make] of targets) {
      const request = await make();
      for (const [forgery, forge] of forgeries) {
        const before = await state();
        const answer = await call(request.method, request.url, forge(request.init));
        expect(answer.status, `${target}, ${forgery}: ${answer.text}`).toBe(403);
        expect(json(answer)).toEqual(FORBIDDEN);
        expect(sessionSetBy(answer), `${target}, ${forgery}`).toBeUndefined();
        expect(await state(), `${target}, ${forgery}`).toEqual(before);
      }
    }
  });

  it('reads no JSON out of a text/plain form post, even from a browser that labels nothing: a 4xx, nothing changed', async () => {
    // (The upload is multipart, which a form can send; a browser that labels nothing is one SameSite=Lax already
    // keeps the cookie from on a cross-site POST, the first lock of ADR 0003.)
    for (const [target, make] of targets.filter(([name]) => name !== 'delete an analysis' && name !== 'analyze')) {
      const request = await make();
      const before = await state();
      const answer = await call(request.method, request.url, { cookie: request.init.cookie, body: JSON.stringify(request.init.json), headers: { 'content-type': 'text/plain' } });
      expect(answer.status, `${target}: ${answer.text}`).toBe(400);
      expect(json(answer), target).toMatchObject({ code: 'validation.invalid' });
      expect(sessionSetBy(answer), target).toBeUndefined();
      expect(await state()).toEqual(before);
    }
  });

  it('serves the same requests from our own pages (same-origin) and from clients that send neither header (the CLI)', async () => {
    const sameOrigin = { origin: served.base, 'sec-fetch-site': 'same-origin' };
    for (const headers of [sameOrigin, {}]) {
      for (const [target, make] of targets) {
        const request = await make();
        const answer = await call(request.method, request.url, { ...request.init, headers: { ...request.init.headers, ...headers } });
        expect(answer.status, `${target} ${JSON.stringify(headers)}: ${answer.text}`).toBeGreaterThanOrEqual(200);
        expect(answer.status, `${target} ${JSON.stringify(headers)}: ${answer.text}`).toBeLessThan(300);
      }
    }
    // Those requests did change things: the victim is a Defender now, and redeemed two codes.
    expect(await sql('select count(*)::int as n from promo_redemptions where user_id = ?', [victim.id])).toEqual([{ n: 2 }]);
  });

  it('keeps the Stripe webhook reachable cross-site: its signature, not its origin, authenticates it', async () => {
    const event = { id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } } as unknown as Stripe.Event;
    const crossSite = { origin: 'https://stripe.com', 'sec-fetch-site': 'cross-site' };
    const genuine = await webhook(fake.signedDelivery(event), crossSite);
    expect(genuine.status, genuine.text).toBe(200);
    expect(json(genuine)).toEqual({ received: true, outcome: 'ignored' });
    const forged = await webhook(fake.signedDelivery(event, { secret: 'whsec_not_ours' }), crossSite);
    expect(forged.status).toBe(400);
    expect(json(forged)).toMatchObject({ code: 'webhook.invalid_signature' });
  });
});

describe("another user's analysis by id", () => {
  let alice: Member;
  let bob: Member;
  let bobs: string;
  let alices: string;
  let bobsProgress: string;
  const bobsTitle = `Bob's zoning appeal ${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    alice = await signUp('alice');
    bob = await signUp('bob');
    bobsProgress = randomUUID();
    bobs = await analyse(bob, { title: bobsTitle, progressId: bobsProgress });
    alices = await analyse(alice, { title: 'Alice\'s own' });
  });

  it('answers 404 to GET, DELETE, share and unshare of Bob\'s analysis as Alice, exactly as for an id that does not exist', async () => {
    const before = await state();
    const unknown = randomUUID();
    for (const [method, path] of [['GET', ''], ['DELETE', ''], ['POST', '/share'], ['DELETE', '/share']] as const) {
      const asAlice = await call(method, `/api/analyses/${bobs}${path}`, { cookie: alice.cookie });
      const nothing = await call(method, `/api/analyses/${unknown}${path}`, { cookie: alice.cookie });
      expect(asAlice.status, `${method} ${path}`).toBe(404);
      expect(asAlice.text, `${method} ${path}: the same answer, so the id is not confirmed`).toBe(nothing.text);
    }
    expect(await state()).toEqual(before);
    const his = await call('GET', `/api/analyses/${bobs}`, { cookie: bob.cookie });
    expect(his.status).toBe(200);
    expect(json(his)).toMatchObject({ id: bobs, document: { title: bobsTitle } });
  });

  it('never lists Bob\'s analysis to Alice: history, search, pages, the dashboard and her data export', async () => {
    for (const url of ['/api/analyses', '/api/analyses?pageSize=100', `/api/analyses?q=${encodeURIComponent(bobsTitle)}`, '/api/analyses?q=zoning', '/api/analyses?page=2']) {
      const list = json<{ items: Array<{ id: string }>; total: number }>(await call('GET', url, { cookie: alice.cookie }));
      expect(list.items.map((a) => a.id), url).not.toContain(bobs);
      expect(list.total, url).toBeLessThanOrEqual(1);
    }
    expect(json<{ total: number }>(await call('GET', `/api/analyses?q=${encodeURIComponent(bobsTitle)}`, { cookie: alice.cookie })).total).toBe(0);
    expect(json<{ items: Array<{ id: string }> }>(await call('GET', '/api/analyses', { cookie: alice.cookie })).items.map((a) => a.id)).toEqual([alices]);
    for (const url of ['/api/dashboard', '/api/account/export', '/api/credits/history']) {
      const answer = await call('GET', url, { cookie: alice.cookie });
      expect(answer.status, url).toBe(200);
      expect(answer.text, url).not.toContain(bobs);
      expect(answer.text, url).not.toContain(bobsTitle);
    }
  });

  it('the PDF report is drawn in the browser from GET /api/analyses/:id, which Alice cannot read (above); the progress stream of Bob\'s analysis is not found for her', async () => {
    const alicesStream = await fetch(`${served.base}/api/analyze/progress/${bobsProgress}`, { headers: { cookie: alice.cookie }, signal: AbortSignal.timeout(30_000) });
    // Answered at once, before any stream starts: as for an id that does not exist.
    expect(alicesStream.status).toBe(404);
    expect(await alicesStream.json()).toEqual({ code: 'analysis.not_found', message: 'Analysis not found' });
    // Bob's own stream of the same id answers the retained outcome at once and ends: there was one to hear.
    const bobsStream = await fetch(`${served.base}/api/analyze/progress/${bobsProgress}`, { headers: { cookie: bob.cookie }, signal: AbortSignal.timeout(30_000) });
    expect(await bobsStream.text()).toContain('"stage":"done"');
  });

  it('share links are unguessable tokens, not ids: the analysis id opens nothing, a revoked token neither', async () => {
    const shared = json<{ token: string; url: string }>(await call('POST', `/api/analyses/${bobs}/share`, { cookie: bob.cookie }));
    expect(shared.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(shared.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(shared.token).not.toContain(bobs);
    expect(shared.url).toBe(`${served.base}/shared/${shared.token}`);
    const view = await call('GET', `/api/shared/${shared.token}`);
    expect(view.status).toBe(200);
    for (const personal of [bob.id, bob.email, bobsTitle, bobs]) expect(view.text).not.toContain(personal);

    expect((await call('GET', `/api/shared/${bobs}`)).status).toBe(404);
    const alicesLink = json<{ token: string }>(await call('POST', `/api/analyses/${alices}/share`, { cookie: alice.cookie }));
    expect(alicesLink.token).not.toBe(shared.token);
    // Alice's attempt to stop Bob's sharing (above) left his link working; his own revocation ends it for good.
    expect((await call('DELETE', `/api/analyses/${bobs}/share`, { cookie: bob.cookie })).status).toBe(204);
    expect((await call('GET', `/api/shared/${shared.token}`)).status).toBe(404);
    const reshared = json<{ token: string }>(await call('POST', `/api/analyses/${bobs}/share`, { cookie: bob.cookie }));
    expect(reshared.token).not.toBe(shared.token);
  });
});

describe('forged Stripe webhooks', () => {
  let member: Member;
  let event: Stripe.Event;

  beforeAll(async () => {
    member = await signUp('forged');
    await verifyEmail(member);
    event = invoicePaidIn((await payForPatriot(member)).events);
  });

  it('answers 400 webhook.invalid_signature to each forgery, stores nothing and grants no credits', async () => {
    const genuine = fake.signedDelivery(event);
    expect(genuine.body).toMatch(/"amount_paid": \d+/);
    const otherEvent = fake.signedDelivery({ ...event, id: `evt_${randomUUID().replaceAll('-', '')}` });
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    const forgeries: Array<[string, { body: string; signature?: string }]> = [
      ['a changed body under the genuine signature', { body: genuine.body.replace(/"amount_paid": \d+/, '"amount_paid": 990000'), signature: genuine.signature }],
      ['a made-up signature', { body: genuine.body, signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }],
      ['a signature with another secret', fake.signedDelivery(event, { secret: 'whsec_not_ours_at_all' })],
      ['a stale timestamp (an hour old, Stripe\'s tolerance is five minutes)', fake.signedDelivery(event, { timestamp: anHourAgo })],
      ['another delivery\'s signature', { body: genuine.body, signature: otherEvent.signature }],
      ['no Stripe-Signature header', { body: genuine.body }],
      ['an empty Stripe-Signature header', { body: genuine.body, signature: '' }],
    ];
    const credits = await creditsOf(member.id);
    for (const [what, delivery] of forgeries) {
      const before = await state();
      const answer = await webhook(delivery);
      expect(answer.status, `${what}: ${answer.text}`).toBe(400);
      expect(json(answer), what).toEqual({ code: 'webhook.invalid_signature', message: 'The webhook signature is not valid' });
      expect(await state(), what).toEqual(before);
    }
    expect(await creditsOf(member.id)).toBe(credits);
    expect(await paymentRowsOf(member.id)).toEqual([]);

    // The genuine delivery of the same event is what grants: the forgeries would have been worth something.
    expect(json(await webhook(genuine))).toEqual({ received: true, outcome: 'processed' });
    expect(await creditsOf(member.id)).toBe(credits + 5);
  });
});

describe('replayed payments', () => {
  const deliverTimes = (n: number, delivery: { body: string; signature: string }) =>
    Promise.all(Array.from({ length: n }, () => webhook(delivery).then((a) => json<{ outcome: string }>(a).outcome)));
  const ledgerEntriesOf = async (invoiceId: string) =>
    (await sql<{ n: number }>("select count(*)::int as n from credit_ledger where reference = ? and reason <> 'refund'", [`invoice:${invoiceId}`]))[0]!.n;

  it('the same signed invoice.paid delivered twice, then ten times at once: the credits once, one payment row', async () => {
    const member = await signUp('replay');
    await verifyEmail(member);
    const { events } = await payForPatriot(member);
    const first = fake.signedDelivery(invoicePaidIn(events));
    const credits = await creditsOf(member.id);
    expect(json(await webhook(first))).toEqual({ received: true, outcome: 'processed' });
    expect(json(await webhook(first))).toEqual({ received: true, outcome: 'duplicate' });
    expect((await deliverTimes(10, first)).every((o) => o === 'duplicate')).toBe(true);
    expect(await creditsOf(member.id)).toBe(credits + 5);
    expect(await paymentRowsOf(member.id)).toHaveLength(1);
  });

  it('a renewal delivered ten times at once, for the first time: one is processed, nine are duplicates', async () => {
    const member = await signUp('renewal');
    await verifyEmail(member);
    const { paymentIntentId, subscriptionId } = await payForPatriot(member);
    expect(json(await reportPayment(member, paymentIntentId))).toMatchObject({ creditsGranted: 5 });
    const from = fake.events.length;
    expect(fake.renew(subscriptionId).status).toBe('paid');
    const renewal = invoicePaidIn(fake.events.slice(from));
    const credits = await creditsOf(member.id);

    const outcomes = await deliverTimes(10, fake.signedDelivery(renewal));
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect(await creditsOf(member.id)).toBe(credits + 5);
    expect(await paymentRowsOf(member.id)).toHaveLength(2);
    expect(await ledgerEntriesOf((renewal.data.object as Stripe.Invoice).id!)).toBe(1);
  });

  it('the browser\'s payment-success reported ten times while Stripe\'s webhook arrives: one grant', async () => {
    const member = await signUp('racer');
    await verifyEmail(member);
    const credits = await creditsOf(member.id);
    const { paymentIntentId, events } = await payForPatriot(member);
    const [reports, delivered] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => reportPayment(member, paymentIntentId).then((a) => json<{ creditsGranted: number }>(a).creditsGranted))),
      webhook(fake.signedDelivery(invoicePaidIn(events))),
    ]);
    expect(delivered.status).toBe(200);
    expect(reports.reduce((sum, granted) => sum + granted, 0)).toBeLessThanOrEqual(5);
    expect(await creditsOf(member.id)).toBe(credits + 5);
    expect(await paymentRowsOf(member.id)).toHaveLength(1);
  });

  it('a replayed event id with a changed body is a duplicate; the same invoice under a new event id grants nothing more', async () => {
    const member = await signUp('tamper');
    await verifyEmail(member);
    const { events } = await payForPatriot(member);
    const paid = invoicePaidIn(events);
    expect(json(await webhook(fake.signedDelivery(paid)))).toMatchObject({ outcome: 'processed' });
    const credits = await creditsOf(member.id);
    const [payment] = await paymentRowsOf(member.id);
    const invoice = paid.data.object as Stripe.Invoice;
    const inflated = { ...invoice, amount_paid: invoice.amount_paid * 100, total: invoice.total * 100 };
    const before = await storedTotals(runtime);

    // Signed with our secret, as if Stripe itself had sent them: only the event id and the invoice decide.
    const sameId = await webhook(fake.signedDelivery({ ...paid, data: { ...paid.data, object: inflated } } as Stripe.Event));
    expect(json(sameId)).toEqual({ received: true, outcome: 'duplicate' });
    expect(await storedTotals(runtime)).toEqual(before);

    const newId = await webhook(fake.signedDelivery({ ...paid, id: `evt_${randomUUID().replaceAll('-', '')}`, data: { ...paid.data, object: inflated } } as Stripe.Event));
    expect(json(newId)).toEqual({ received: true, outcome: 'processed' });
    expect(await creditsOf(member.id)).toBe(credits);
    expect(await paymentRowsOf(member.id)).toEqual([payment]);
    expect(await ledgerEntriesOf(invoice.id!)).toBe(1);
  });

  it('a signed checkout.session.completed, however often, grants nothing: credits come only from invoices read back from Stripe', async () => {
    const credits = await creditsOf(citizen.id);
    const before = await state();
    const session = {
      id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_forged', object: 'checkout.session', payment_status: 'paid', amount_total: 9900, metadata: { userId: citizen.id, tier: 'defender' } } },
    } as unknown as Stripe.Event;
    const outcomes = await deliverTimes(10, fake.signedDelivery(session));
    expect(outcomes.every((o) => o === 'ignored')).toBe(true);
    expect(await creditsOf(citizen.id)).toBe(credits);
    expect(await state()).toEqual(before);
  });
});

describe('the admin routes as a citizen', () => {
  interface Route { method: string; path: string }
  let routes: Route[];
  let bystander: Member;
  let newcomer: Member;
  let promoId: string;

  /**
   * Every /api/admin route of the application the server runs, from Fastify's own route table (not a list kept
   * by hand): built from the same module and configuration, then read with printRoutes.
   */
  async function adminRouteTable(): Promise<Route[]> {
    const app = await buildAppFor(runtime);
    try {
      await app.ready();
      const found: Route[] = [];
      const parents: string[] = [];
      for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
        const at = line.search(/[^│├└─\s]/);
        if (at < 0) continue;
        const depth = at / 4 - 1;
        const [, segment, methods] = /^(\S+)(?: \(([^)]*)\))?$/.exec(line.slice(at).trim())!;
        parents.length = depth;
        const path = `${parents.join('')}${segment}`;
        parents.push(segment!);
        if (methods && path.startsWith('/api/admin')) for (const method of methods.split(', ')) found.push({ method, path });
      }
      return found;
    } finally {
      await app.close();
    }
  }

  /** What an administrator would send: a real change, so that "nothing changed" means something. */
  const adminRequest = (route: Route): { url: string; json?: unknown } => {
    const ids: Record<string, string> = {
      '/api/admin/users/:id': bystander.id, '/api/admin/users/:id/verify-email': newcomer.id, '/api/admin/promo-codes/:id': promoId, '/api/admin/tiers/:id': 'defender',
    };
    const url = route.path.replace(':id', ids[route.path] ?? randomUUID());
    const bodies: Record<string, unknown> = {
      'POST /api/admin/settings': { key: 'summary_prompt', value: 'Summarise for the attacker.' },
      'POST /api/admin/update-user-tier': { userId: citizen.id, tier: 'defender', credits: 999 },
      'POST /api/admin/refund': { userId: payer.id, amount: 29, reason: 'Refund to the attacker' },
      'POST /api/admin/promo-codes': { code: 'ATTACKER100', type: 'credits', credits: 100, expiresAt: '2099-12-31' },
      'PATCH /api/admin/tiers/:id': { credits: 1000 },
    };
    const body = bodies[`${route.method} ${route.path}`] ?? (['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined);
    return { url, ...(body === undefined ? {} : { json: body }) };
  };

  beforeAll(async () => {
    bystander = await signUp('bystander');
    newcomer = await signUp('newcomer');
    const promo = await call('POST', '/api/admin/promo-codes', { cookie: chief.cookie, json: { code: `KEEP${randomUUID().slice(0, 6)}`, credits: 1, expiresAt: '2099-12-31' } });
    promoId = json<{ id: string }>(promo).id;
    routes = await adminRouteTable();
  });

  it('finds the admin routes in the route table, the same the running server documents', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const openapi = json<{ paths: Record<string, Record<string, unknown>> }>(await call('GET', '/api/docs/json'));
    const documented = Object.entries(openapi.paths).filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.path}`).sort()).toEqual(documented.sort());
  });

  it('answers every one 401 signed out and 403 to a citizen (any spelling of the path), and nothing changes', async () => {
    const before = await state();
    for (const route of routes) {
      const { url, json: body } = adminRequest(route);
      const name = `${route.method} ${route.path}`;
      const signedOut = await call(route.method, url, { json: body });
      expect(signedOut.status, name).toBe(401);
      if (route.method !== 'HEAD') expect(json(signedOut)).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
      for (const spelling of [url, url.replace('/api/admin', '/API/Admin'), `${url}/`]) {
        const refused = await call(route.method, spelling, { cookie: citizen.cookie, json: body });
        expect(refused.status, `${route.method} ${spelling}: ${refused.text}`).toBe(403);
        if (route.method !== 'HEAD') expect(json(refused)).toEqual({ code: 'auth.forbidden', message: "You don't have admin permissions." });
      }
    }
    expect(await state()).toEqual(before);
    expect(json(await call('GET', '/api/user', { cookie: citizen.cookie }))).toMatchObject({ role: 'user', isAdmin: false, subscriptionTier: 'citizen', credits: 1 });
  });

  it('the same requests from the administrator are real changes (so the refusals above protected something)', async () => {
    for (const route of routes.filter((r) => !['GET', 'HEAD'].includes(r.method))) {
      const { url, json: body } = adminRequest(route);
      const served = await call(route.method, url, { cookie: chief.cookie, json: body });
      expect(served.status, `${route.method} ${url}: ${served.text}`).toBeGreaterThanOrEqual(200);
      expect(served.status, `${route.method} ${url}: ${served.text}`).toBeLessThan(300);
    }
  });
});

// Last: it spends this address's sign-in budget on the first server for the rest of the minute.
describe('brute-force sign-in', () => {
  const attempt = (server: ServedApp, email: string, password: string, address?: string) =>
    server.call('POST', '/api/login', { json: { email, password }, ...(address ? { headers: { 'x-forwarded-for': address } } : {}) });
  const retryAfter = (answer: Answer) => Number(answer.headers.get('retry-after'));
  const budgetRows = (pattern: string) => sql<{ key: string; hits: number }>('select key, hits from rate_limits where key like ?', [pattern]);
  const newAccount = async () => (await signUp('target')).email;

  it(`answers the ${AUTH_ATTEMPTS_PER_MINUTE + 1}st failure with 429 and Retry-After, the right password too, without extending the lockout`, async () => {
    const email = await newAccount();
    const address = someAddress();
    for (let i = 1; i <= AUTH_ATTEMPTS_PER_MINUTE; i++) {
      const failed = await attempt(proxied, email, `guess-${i}`, address);
      expect(failed.status, `attempt ${i}`).toBe(401);
    }
    let previous = 61;
    for (const password of ['guess-21', 'guess-22', PASSWORD, 'guess-23', PASSWORD]) {
      const limited = await attempt(proxied, email, password, address);
      expect(limited.status, password).toBe(429);
      expect(json(limited)).toEqual({ code: 'rate.limited', message: 'Too many attempts. Please wait a minute and try again.' });
      expect(sessionSetBy(limited)).toBeUndefined();
      const wait = retryAfter(limited);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(previous);
      previous = wait;
    }
    expect(previous).toBeLessThanOrEqual(60);
    // Refused attempts are not counted: the window closes a minute after it opened, however long the attacker goes on.
    expect((await budgetRows(`%login:email:${email}`)).map((r) => r.hits)).toEqual([AUTH_ATTEMPTS_PER_MINUTE]);

    // The minute passes on the database's clock, which is the only clock the budgets read.
    await sql(`update rate_limits set expires_at = clock_timestamp() where key like ? or key like ?`, [`%login:email:${email}`, `%login:ip:${address}`]);
    expect((await attempt(proxied, email, PASSWORD, address)).status).toBe(200);
  });

  it('counts failures per e-mail across client addresses, and slows the account down instead of locking its owner out', async () => {
    const email = await newAccount();
    for (let i = 1; i <= AUTH_ATTEMPTS_PER_MINUTE; i++) {
      expect((await attempt(proxied, email, `guess-${i}`, someAddress())).status, `attempt ${i}`).toBe(401);
    }
    expect((await budgetRows(`%login:email:${email}`)).map((r) => r.hits)).toEqual([AUTH_ATTEMPTS_PER_MINUTE]);
    // The owner, from an address of her own, waits (a lower bound only) and signs in, on either instance.
    for (const server of [proxied, served]) {
      const started = performance.now();
      const owner = await attempt(server, email, PASSWORD, someAddress());
      expect(owner.status, owner.text).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(SIGN_IN_MAX_DELAY_MS);
    }
  });

  it('counts failures per client address across e-mails (password spraying), whatever X-Forwarded-For the client adds before the proxy\'s entry', async () => {
    const client = someAddress();
    for (let i = 1; i <= AUTH_ATTEMPTS_PER_MINUTE; i++) {
      // An appending proxy passes on what the client sent, then the address it saw.
      const spoofed = `203.0.113.${i}, ${client}`;
      expect((await attempt(proxied, `sprayed-${i}@security.test`, 'Summer2024!', spoofed)).status, `attempt ${i}`).toBe(401);
    }
    const limited = await attempt(proxied, 'sprayed-21@security.test', 'Summer2024!', `203.0.113.99, ${client}`);
    expect(limited.status).toBe(429);
    expect(await budgetRows('%login:ip:203.0.113.%')).toEqual([]);
  });

  it('an unknown e-mail fails exactly like a wrong password (no account enumeration), and counts the same', async () => {
    const email = await newAccount();
    const address = someAddress();
    const unknown = await attempt(proxied, `nobody-${randomUUID().slice(0, 8)}@security.test`, PASSWORD, address);
    const wrong = await attempt(proxied, email, 'not-the-password', address);
    expect([unknown.status, unknown.text]).toEqual([wrong.status, wrong.text]);
    expect((await budgetRows(`%login:ip:${address}`)).map((r) => r.hits)).toEqual([2]);
  });

  it('without TRUST_PROXY, a client\'s own X-Forwarded-For is ignored: new addresses do not buy new guesses', async () => {
    // This client's failures earlier in the file may still count in the open window.
    const [open] = await sql<{ hits: number }>(`select hits from rate_limits where key like '%login:ip:127.0.0.1' and expires_at > clock_timestamp()`);
    for (let i = (open?.hits ?? 0) + 1; i <= AUTH_ATTEMPTS_PER_MINUTE; i++) {
      expect((await attempt(served, `direct-${i}@security.test`, 'Summer2024!', `192.0.2.${i}`)).status, `attempt ${i}`).toBe(401);
    }
    expect((await attempt(served, 'direct-21@security.test', 'Summer2024!', '192.0.2.99')).status).toBe(429);
    expect(await budgetRows('%login:ip:192.0.2.%')).toEqual([]);
  });
});
