/**
 * 1,000 requests at once against the scaled-out product on a PostgreSQL server: two `civicwatch serve`
 * instances that run no analysis themselves and two `civicwatch worker` processes, on one scratch database,
 * with the embedded analyzer (no network). Many Patriot users hold two credits each and post more analyses
 * than they can pay for (PDFs of the corpus and pasted text), while redeeming promo codes that only a few may
 * use and reading their dashboards: the balance of one user is contended by debits, promo credits and refunds
 * from both instances and both workers at once. Every answer must be a clear 2xx or 4xx; once the queue has
 * drained, the books must balance to the credit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, serverTestSkipReason, type TestDatabase } from '@civicwatch/adapters/persistence/testing/create-test-database.ts';
import { corpusDir } from '@civicwatch/adapters/testing/shared-corpus.ts';
import { CivicwatchProcess, freePort } from '../testing/civicwatch-process.ts';
import { expectBooksBalance, expectQueueDrained, sqlOn, type Sql } from '../testing/credit-books.ts';
import { call, cookieOf, expectErrorBody, type Answer } from '../testing/http-calls.ts';
import { openVerificationLink } from '../testing/email-links.ts';

const USERS = 100;
/** Credits each user starts the burst with. */
const CREDITS = 2;
const PROMOS = 10;
const PROMO_USES = 5;
const REQUESTS = 1_000;
const CHIEF = 'chief@load.test';
const PASSWORD = 'liberty1';

/** What each kind of request may answer under contention (docs/product/api.md "Errors"). */
const allowed = {
  // 402: no credit left; 413: a PDF over the Patriot plan's 5 pages, refused when it is submitted (no credit taken).
  analyze: [200, 402, 413],
  // 409: this account redeemed it already; 410: its uses are gone; 429: this account's promo attempts of the
  // minute are spent (promo.routes.ts; this seed's busiest account makes exactly that many).
  redeem: [200, 409, 410, 429],
  dashboard: [200],
} as const;
type Kind = keyof typeof allowed;

interface User { id: string; email: string; cookie: string; address: string }

const skip = serverTestSkipReason();

/** mulberry32: a small seeded generator, so that every run sends the same mix. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

describe.skipIf(skip)(`1,000 concurrent requests on two API instances and two workers (PostgreSQL server)${skip ? `: skipped, ${skip}` : ''}`, () => {
  let database: TestDatabase;
  const processes: CivicwatchProcess[] = [];
  let apis: string[] = [];
  const users: User[] = [];
  let chief: string;
  const promoCodes: string[] = [];

  let sql: Sql;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'server', poolSize: 2 });
    sql = sqlOn(database.db);
    const env = {
      DATABASE_URL: database.location,
      SESSION_SECRET: 'load-test-session-secret-0123456789abcdef',
      ADMIN_EMAILS: CHIEF,
      // Behind a load balancer: each citizen's own address, so per-address sign-up budgets count citizens.
      TRUST_PROXY: 'true',
      // Four processes share the server with other test runs: a few connections each.
      DATABASE_POOL_SIZE: '5',
      NODE_ENV: 'test',
      // The embedded analyzer, whatever the test's own environment holds: no network.
      OPENAI_API_KEY: '',
      OLLAMA_HOST: '',
    };
    // Every instance answers for one public address, as behind a load balancer: the first one's.
    const port = await freePort();
    const shared = { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` };
    // Each one is killed in afterAll, even when another fails to start.
    const started = await Promise.allSettled([
      CivicwatchProcess.start('serve', { ...shared, ANALYSIS_WORKERS: '0' }, { port }),
      CivicwatchProcess.start('serve', { ...shared, ANALYSIS_WORKERS: '0' }),
      CivicwatchProcess.start('worker', { ...shared, ANALYSIS_WORKERS: '2' }),
      CivicwatchProcess.start('worker', { ...shared, ANALYSIS_WORKERS: '2' }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    apis = processes.filter((p) => p.command === 'serve').map((p) => p.url!);

    const signUp = async (email: string, address: string, base: string): Promise<User> => {
      const answer = await call(base, 'POST', '/api/register', { json: { firstName: 'Rosa', email, password: PASSWORD }, forwardedFor: address });
      expect(answer.status, answer.text).toBe(201);
      return { id: (JSON.parse(answer.text) as { id: string }).id, email, cookie: cookieOf(answer.headers), address };
    };
    chief = (await signUp(CHIEF, '10.0.0.1', apis[0]!)).cookie;
    // ADMIN_EMAILS names the chief: the role comes with the verified address.
    await openVerificationLink(apis[0]!, sql, CHIEF);
    // Signed up before the burst, a few at a time, each from its own address.
    for (let batch = 0; batch < USERS; batch += 10) {
      users.push(...await Promise.all(Array.from({ length: Math.min(10, USERS - batch) }, (_, i) => {
        const n = batch + i;
        return signUp(`citizen-${n}@load.test`, `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`, apis[n % 2]!);
      })));
    }
    for (const user of users) {
      const upgraded = await call(apis[0]!, 'POST', '/api/admin/update-user-tier', { cookie: chief, json: { userId: user.id, tier: 'patriot', credits: CREDITS } });
      expect(upgraded.status, upgraded.text).toBe(200);
    }
    for (let p = 0; p < PROMOS; p += 1) {
      const code = `LOAD${p}`;
      const created = await call(apis[1]!, 'POST', '/api/admin/promo-codes', {
        cookie: chief, json: { code, type: 'credits', credits: 1, maxUses: PROMO_USES, expiresAt: '2099-12-31' },
      });
      expect(created.status, created.text).toBe(201);
      promoCodes.push(code);
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    await database?.dispose();
  }, 60_000);

  it('answers every request clearly, and afterwards the credits, promo uses and analyses add up', async () => {
    const pdf = (name: string) => ({ name, bytes: readFileSync(path.join(corpusDir, name)) });
    const pdfs = [
      pdf('cupertino-usd-special-board-agenda-2016-04-06.pdf'), pdf('senate-expenditures.pdf'), pdf('nlrb-decision-sample1.pdf'),
      pdf('wpld-ordinance-20-21-02-maintenance-levy.pdf'),
      // Eight pages: refused by the worker once it has read them, after the debit; the credit comes back.
      pdf('wpld-minutes-2020-04-15.pdf'),
    ];
    const constitution = readFileSync(path.join(corpusDir, 'us-constitution.txt'), 'utf8');
    const texts = [0, 6_000, 12_000, 18_000, 24_000].map((start) => constitution.slice(start, start + 3_000));

    // The same mix on every run (a seeded generator), spread over both instances, every user and every code.
    const random = seeded(20_240_817);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const requests = Array.from({ length: REQUESTS }, (_, i) => {
      const kind: Kind = i % 20 < 7 ? 'analyze' : i % 20 < 13 ? 'redeem' : 'dashboard';
      return { i, kind, user: pick(users), base: apis[i % 2]!, code: pick(promoCodes), text: pick(texts), pdf: pick(pdfs) };
    });
    const send = ({ i, kind, user, base, code, text, pdf }: (typeof requests)[number]): Promise<Answer> => {
      const init = { cookie: user.cookie, forwardedFor: user.address, signal: AbortSignal.timeout(240_000) };
      switch (kind) {
        case 'dashboard':
          return call(base, 'GET', '/api/dashboard', init);
        case 'redeem':
          return call(base, 'POST', '/api/redeem-promo', { ...init, json: { code } });
        case 'analyze': {
          const form = new FormData();
          form.set('analysisType', 'summary');
          if (i % 3 === 0) form.set('text', text);
          else form.set('document', new Blob([pdf.bytes], { type: 'application/pdf' }), pdf.name);
          return call(base, 'POST', '/api/analyze', { ...init, body: form });
        }
      }
    };

    const started = Date.now();
    const answers = await Promise.all(requests.map(async (request) => ({ ...request, answer: await send(request) })));
    const burstSeconds = (Date.now() - started) / 1000;

    const tally = new Map<string, number>();
    for (const { kind, answer } of answers) {
      const what = `${kind} answered ${answer.status}`;
      tally.set(what, (tally.get(what) ?? 0) + 1);
      expect(allowed[kind] as readonly number[], `${what}: ${answer.text.slice(0, 300)}`).toContain(answer.status);
      if (answer.status >= 400) expectErrorBody(answer, what);
    }
    console.info(`load: ${REQUESTS} requests in ${burstSeconds.toFixed(1)} s:`, Object.fromEntries([...tally].sort()));

    // Analyses and redemptions went through, and contention really happened: credits and promo uses ran out
    // while requests still wanted them.
    expect(tally.get('analyze answered 200')).toBeGreaterThan(0);
    expect(tally.get('redeem answered 200')).toBeGreaterThan(0);
    expect(tally.get('analyze answered 402')).toBeGreaterThan(0);
    expect(tally.get('redeem answered 410')).toBeGreaterThan(0);
    expect(tally.get('analyze answered 413')).toBeGreaterThan(0);

    // Nothing stuck once the queue drains (bounded wait); each balance is its ledger, each analysis debited once
    // and either stored or refunded.
    await expectQueueDrained(sql, 120_000);
    const { stored, refunded } = await expectBooksBalance(sql);

    // No promo code was redeemed beyond its limit; its count of uses is its redemptions and its ledger rows.
    const promos = await sql<{ code: string; max_uses: number; current_uses: number; redemptions: number; credited: number }>(`select p.code, p.max_uses, p.current_uses,
      (select count(*) from promo_redemptions r where r.promo_id = p.id)::int as redemptions,
      (select count(*) from credit_ledger l where l.reason = 'promo' and l.reference like 'promo:' || p.id || ':%')::int as credited
      from promo_codes p order by p.code`);
    expect(promos).toHaveLength(PROMOS);
    for (const promo of promos) {
      expect(promo.current_uses, promo.code).toBeLessThanOrEqual(promo.max_uses);
      expect(promo.redemptions, promo.code).toBe(promo.current_uses);
      expect(promo.credited, promo.code).toBe(promo.current_uses);
    }
    const redeemed = answers.filter((a) => a.kind === 'redeem' && a.answer.status === 200).length;
    expect(promos.reduce((sum, p) => sum + p.current_uses, 0)).toBe(redeemed);

    // Every successful analyze was answered with a stored analysis of its own user, and nothing else was stored;
    // what was refused when submitted (413) took no credit, so nothing had to be refunded.
    const succeeded = answers.filter((a) => a.kind === 'analyze' && a.answer.status === 200);
    for (const { answer, user } of succeeded) {
      const { analysisId } = JSON.parse(answer.text) as { analysisId: string };
      expect(stored.get(analysisId), analysisId).toBe(user.id);
    }
    expect(stored.size).toBe(succeeded.length);
    expect(refunded.size).toBe(0);

    // What each citizen holds now: what they started with, plus promo credits, minus stored analyses.
    const balances = await sql<{ id: string; credits: number }>('select id, credits from users where email like ?', ['citizen-%']);
    const storedPerUser = new Map<string, number>();
    for (const userId of stored.values()) storedPerUser.set(userId, (storedPerUser.get(userId) ?? 0) + 1);
    const promoPerUser = new Map<string, number>();
    for (const { answer, user } of answers.filter((a) => a.kind === 'redeem' && a.answer.status === 200)) {
      promoPerUser.set(user.id, (promoPerUser.get(user.id) ?? 0) + (JSON.parse(answer.text) as { credits: number }).credits);
    }
    for (const { id, credits } of balances) {
      expect(credits, id).toBe(CREDITS + (promoPerUser.get(id) ?? 0) - (storedPerUser.get(id) ?? 0));
    }

    // Both workers took jobs; every process is still up.
    for (const worker of processes.filter((p) => p.command === 'worker')) expect(worker.logged('took analysis job').length).toBeGreaterThan(0);
    expect(processes.every((p) => p.running)).toBe(true);
  }, 300_000);
});
