import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultEmailPreferences, domainError, EMAIL_TAKEN_MESSAGE, err, INSUFFICIENT_CREDITS_MESSAGE, RedeemPromo, summaryPreview, systemClock,
  type NewPayment, type PromoCode, type StoredSubscription, type UnitOfWork, type User,
  type NewOutboxMessage, type AccountToken, type PendingAnalysis,
} from '@civicwatch/core';
import type { PersistenceRepositories } from './mikro-orm-unit-of-work.ts';
import type { PostgresSessionStore } from './postgres-session-store.ts';

/** A unit of work with the adapters' repositories. */
export interface ContractUnitOfWork extends UnitOfWork {
  run<T>(work: (repos: PersistenceRepositories) => Promise<T>): Promise<T>;
}

export interface UnitOfWorkSubject {
  uow: ContractUnitOfWork;
  /** Signs `userId` in under session id `sid`, as the API's session store does at sign-in. */
  openSession(sid: string, userId: string): Promise<void>;
  /** Whether that session is still signed in. */
  hasSession(sid: string): Promise<boolean>;
  dispose(): Promise<void>;
}

/** A summary longer than lists show: they read its start only. */
const LONG_SUMMARY = 'The district asks voters to renew its operating levy for four more years. '.repeat(6);

/** openSession and hasSession of a database subject: the rows the API's session store writes and reads. */
export const storeSessions = (store: PostgresSessionStore): Pick<UnitOfWorkSubject, 'openSession' | 'hasSession'> => ({
  openSession: (sid, userId) => store.save(sid, { cookie: { expires: new Date(Date.now() + 3_600_000) }, userId }),
  hasSession: async (sid) => (await store.load(sid)) !== null,
});

/** A pending analysis as SubmitAnalysis writes one: pasted text unless `overrides` brings a PDF. */
export const aPendingAnalysis = (userId: string, overrides: Partial<PendingAnalysis> = {}): PendingAnalysis => ({
  id: randomUUID(),
  userId,
  createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
  progressId: null,
  title: 'Pasted text',
  options: { analysisType: 'summary', country: 'US' },
  source: { kind: 'text', text: 'The Council shall meet on the first Monday of each month.' },
  ...overrides,
} as PendingAnalysis);

/** A user as RegisterUser builds one; every test makes its own, so tests share one database safely. */
export const aUser = (overrides: Partial<User> = {}): User => {
  const id = randomUUID();
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  return {
    id,
    email: `user-${id}@example.test`,
    firstName: 'Ada',
    lastName: null,
    state: null,
    country: 'US',
    tierId: 'citizen',
    credits: 0,
    role: 'user',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    emailPreferences: { ...defaultEmailPreferences },
    emailVerifiedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
};

/**
 * The behaviour every UnitOfWork adapter owes core: in-memory, PGlite over its socket, PostgreSQL server.
 * `open` is called once for the suite; tests create their own users and never assume an empty database.
 */
export function unitOfWorkContract(name: string, open: () => Promise<UnitOfWorkSubject>): void {
  describe(`UnitOfWork contract: ${name}`, () => {
    let subject: UnitOfWorkSubject;
    let uow: ContractUnitOfWork;
    beforeAll(async () => {
      subject = await open();
      uow = subject.uow;
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    const register = async (user: User = aUser(), grant = 0) => {
      const inserted = await uow.run((r) => r.users.insert(user));
      expect(inserted).toEqual({ ok: true, value: undefined });
      if (grant) await uow.run((r) => r.ledger.post({ userId: user.id, delta: grant, reason: 'signup_grant', reference: user.id }));
      return user;
    };
    const balanceOf = async (userId: string) => (await uow.run((r) => r.users.findById(userId)))?.credits;

    describe('subscription tiers', () => {
      it('are seeded Citizen, Patriot, Defender, in that order, with their prices, credits and limits', async () => {
        const tiers = await uow.run((r) => r.tiers.list());
        expect(tiers.map((t) => [t.id, t.name, t.priceCents, t.monthlyCredits, t.maxPages, t.maxCharacters])).toEqual([
          ['citizen', 'Citizen', 0, 1, 1, 1000],
          ['patriot', 'Patriot', 2900, 5, 5, 10000],
          ['defender', 'Defender', 9900, 50, 5, 10000],
        ]);
        expect(tiers.every((t) => t.isActive && t.stripePriceId === null)).toBe(true);
        expect(tiers[1]!.features).toContain('5 watchdog analyses per month');
        expect(tiers[2]!.features).toContain('50 watchdog analyses per month');
      });

      it('never advertise what they do not grant', async () => {
        const features = (await uow.run((r) => r.tiers.list())).flatMap((t) => t.features).join('\n');
        expect(features).not.toMatch(/unlimited|100 analyses/i);
      });

      it('are found by id', async () => {
        expect((await uow.run((r) => r.tiers.get('patriot')))?.name).toBe('Patriot');
      });
    });

    describe('subscription tier edits', () => {
      it('write every editable field and read them back', async () => {
        const original = await uow.run((r) => r.tiers.get('defender'));
        expect(original).not.toBeNull();
        const edited = { ...original!, priceCents: 12_300, monthlyCredits: 60, features: ['Everything'], maxPages: 9, maxCharacters: 20_000, stripePriceId: 'price_contract', isActive: false };
        try {
          await uow.run((r) => r.tiers.update(edited));
          expect(await uow.run((r) => r.tiers.get('defender'))).toEqual(edited);
        } finally {
          await uow.run((r) => r.tiers.update(original!));
        }
        expect(await uow.run((r) => r.tiers.get('defender'))).toEqual(original);
      });
    });

    describe('users', () => {
      it('stores a registered user and finds it by id and by e-mail', async () => {
        const user = await register(aUser({ firstName: 'Grace', state: 'IL' }));
        const byId = await uow.run((r) => r.users.findById(user.id));
        expect(byId).toEqual(user);
        expect(await uow.run((r) => r.users.findByEmail(user.email))).toEqual(user);
      });

      it('answers null for an unknown or malformed id', async () => {
        expect(await uow.run((r) => r.users.findById(randomUUID()))).toBeNull();
        expect(await uow.run((r) => r.users.findById('not-a-uuid'))).toBeNull();
      });

      it('stores e-mails in lower case', async () => {
        const user = aUser();
        await register({ ...user, email: user.email.toUpperCase() });
        expect((await uow.run((r) => r.users.findByEmail(user.email)))?.email).toBe(user.email);
      });

      it('refuses a second account with the same e-mail', async () => {
        const first = await register();
        const second = await uow.run((r) => r.users.insert(aUser({ email: first.email })));
        expect(second).toEqual(err(domainError('auth.email_taken', EMAIL_TAKEN_MESSAGE)));
        expect((await uow.run((r) => r.users.findByEmail(first.email)))?.id).toBe(first.id);
      });

      it('lets exactly one of several concurrent registrations of one e-mail through', async () => {
        const email = aUser().email;
        const attempts = await Promise.all(Array.from({ length: 8 }, () =>
          uow.run(async (r) => {
            const inserted = await r.users.insert(aUser({ email }));
            return inserted;
          })));
        expect(attempts.filter((a) => a.ok)).toHaveLength(1);
        expect(attempts.filter((a) => !a.ok).map((a) => !a.ok && a.error.code)).toEqual(Array(7).fill('auth.email_taken'));
      });

      it('updates the profile and preferences, never credits, tier or role', async () => {
        const user = await register(aUser(), 1);
        const later = new Date(user.updatedAt.getTime() + 60_000);
        await uow.run((r) => r.users.updateProfile({
          ...user, firstName: 'Rosa', lastName: 'Parks', country: 'US', state: 'AL',
          emailPreferences: { productUpdates: false, analysisNotices: true, receipts: false },
          credits: 99, tierId: 'defender', role: 'admin', updatedAt: later,
        }));
        const stored = await uow.run((r) => r.users.findById(user.id));
        expect(stored).toMatchObject({
          firstName: 'Rosa', lastName: 'Parks', state: 'AL', credits: 1, tierId: 'citizen', role: 'user',
          emailPreferences: { productUpdates: false, analysisNotices: true, receipts: false }, updatedAt: later,
        });
      });

      it('moves a user to another tier, leaving credits alone', async () => {
        const user = await register(aUser(), 1);
        await uow.run((r) => r.users.updateTier(user.id, 'patriot'));
        expect(await uow.run((r) => r.users.findById(user.id))).toMatchObject({ tierId: 'patriot', credits: 1 });
      });

      it('makes the named accounts admins once, when their address is verified', async () => {
        const user = await register(aUser({ emailVerifiedAt: new Date() }));
        const unverified = await register();
        expect(await uow.run((r) => r.users.grantAdminRole([user.email.toUpperCase(), unverified.email, 'nobody@example.test']))).toBe(1);
        expect(await uow.run((r) => r.users.grantAdminRole([user.email]))).toBe(0);
        expect((await uow.run((r) => r.users.findById(user.id)))?.role).toBe('admin');
        expect((await uow.run((r) => r.users.findById(unverified.id)))?.role).toBe('user');
      });

      it('takes the admin role from the named accounts whose address is not verified, answering their e-mails', async () => {
        const verified = await register(aUser({ emailVerifiedAt: new Date(), role: 'admin' }));
        const unverified = await register(aUser({ role: 'admin' }));
        const unnamed = await register(aUser({ role: 'admin' }));
        expect(await uow.run((r) => r.users.revokeAdminRoleOfUnverified([verified.email, unverified.email.toUpperCase()]))).toEqual([unverified.email]);
        expect(await uow.run((r) => r.users.revokeAdminRoleOfUnverified([unverified.email]))).toEqual([]);
        const roles = await uow.run(async (r) => Promise.all([verified, unverified, unnamed].map(async (u) => (await r.users.findById(u.id))?.role)));
        expect(roles).toEqual(['admin', 'user', 'admin']);
      });

      it('lists users newest first, searching e-mail and names case-insensitively, a page at a time', async () => {
        const tag = `tag${randomUUID().slice(0, 8)}`;
        const base = Date.now();
        const users = [];
        for (let i = 0; i < 5; i++) {
          users.push(await register(aUser({ email: `${tag}-${i}@example.test`, createdAt: new Date(base + i * 1000) })));
        }
        const named = await register(aUser({ lastName: `Mc${tag.toUpperCase()}` }));

        const all = await uow.run((r) => r.users.list({ search: tag.toUpperCase(), offset: 0, limit: 50 }));
        expect(all.total).toBe(6);
        expect(all.users.map((u) => u.id)).toContain(named.id);

        const page = await uow.run((r) => r.users.list({ search: `${tag}-`, offset: 1, limit: 2 }));
        expect(page.total).toBe(5);
        expect(page.users.map((u) => u.email)).toEqual([`${tag}-3@example.test`, `${tag}-2@example.test`]);
      });

      it('takes % and _ in a search literally', async () => {
        await register();
        const result = await uow.run((r) => r.users.list({ search: '%', offset: 0, limit: 5 }));
        expect(result.total).toBe(0);
      });
    });

    describe('credit ledger', () => {
      it('moves the balance and records each change with the balance after it', async () => {
        const user = await register();
        expect(await uow.run((r) => r.ledger.post({ userId: user.id, delta: 5, reason: 'payment', reference: `inv-${user.id}` })))
          .toEqual({ ok: true, value: { balance: 5 } });
        expect(await uow.run((r) => r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: randomUUID() })))
          .toEqual({ ok: true, value: { balance: 4 } });
        expect(await uow.run((r) => r.ledger.post({ userId: user.id, delta: 2, reason: 'admin_adjustment' })))
          .toEqual({ ok: true, value: { balance: 6 } });

        const history = await uow.run((r) => r.ledger.history(user.id));
        expect(history.map((h) => [h.reason, h.delta, h.balanceAfter])).toEqual([
          ['payment', 5, 5], ['analysis_debit', -1, 4], ['admin_adjustment', 2, 6],
        ]);
        expect(history[2]!.reference).toBeNull();
        expect(history.every((h) => h.userId === user.id && h.createdAt instanceof Date)).toBe(true);
        expect(await balanceOf(user.id)).toBe(6);
      });

      it('refuses a debit below zero and leaves no trace of it', async () => {
        const user = await register(aUser(), 1);
        const refused = await uow.run((r) => r.ledger.post({ userId: user.id, delta: -2, reason: 'analysis_debit', reference: randomUUID() }));
        expect(refused).toEqual(err(domainError('credits.insufficient', INSUFFICIENT_CREDITS_MESSAGE)));
        expect(await balanceOf(user.id)).toBe(1);
        expect(await uow.run((r) => r.ledger.history(user.id))).toHaveLength(1);
      });

      it('lets exactly 5 of 50 concurrent debits of 1 through from a balance of 5', async () => {
        const user = await register(aUser(), 5);
        const debits = await Promise.all(Array.from({ length: 50 }, () =>
          uow.run((r) => r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: randomUUID() }))));
        expect(debits.filter((d) => d.ok)).toHaveLength(5);
        expect(debits.filter((d) => !d.ok).every((d) => !d.ok && d.error.code === 'credits.insufficient')).toBe(true);
        expect(await balanceOf(user.id)).toBe(0);
        const history = await uow.run((r) => r.ledger.history(user.id));
        expect(history).toHaveLength(6);
        expect(history.reduce((sum, h) => sum + h.delta, 0)).toBe(0);
        expect(history.map((h) => h.balanceAfter)).toEqual([5, 4, 3, 2, 1, 0]);
      });

      it('applies an entry once: a replay of the same reason and reference changes nothing', async () => {
        const user = await register(aUser(), 1);
        const entry = { userId: user.id, delta: 5, reason: 'payment' as const, reference: `pi-${randomUUID()}` };
        expect(await uow.run((r) => r.ledger.post(entry))).toEqual({ ok: true, value: { balance: 6 } });
        await uow.run((r) => r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: randomUUID() }));
        expect(await uow.run((r) => r.ledger.post(entry))).toEqual({ ok: true, value: { balance: 5 } });
        const concurrent = await Promise.all(Array.from({ length: 5 }, () => uow.run((r) => r.ledger.post(entry))));
        expect(concurrent.every((c) => c.ok && c.value.balance === 5)).toBe(true);
        expect((await uow.run((r) => r.ledger.history(user.id))).filter((h) => h.reference === entry.reference)).toHaveLength(1);
      });

      it('applies concurrent first deliveries of one reference once', async () => {
        const user = await register();
        const entry = { userId: user.id, delta: 5, reason: 'renewal' as const, reference: `in-${randomUUID()}` };
        const results = await Promise.all(Array.from({ length: 6 }, () => uow.run((r) => r.ledger.post(entry))));
        expect(results.every((c) => c.ok && c.value.balance === 5)).toBe(true);
        expect(await balanceOf(user.id)).toBe(5);
      });

      it('lists one user\'s rows newest first, a page at a time, with the number of all of them', async () => {
        const user = await register(aUser(), 1);
        await register(aUser(), 4);
        await uow.run(async (r) => {
          for (const delta of [2, -1, 5]) await r.ledger.post({ userId: user.id, delta, reason: 'admin_adjustment' });
        });
        const first = await uow.run((r) => r.ledger.list(user.id, { offset: 0, limit: 3 }));
        expect(first.total).toBe(4);
        expect(first.rows.map((row) => [row.delta, row.balanceAfter])).toEqual([[5, 7], [-1, 2], [2, 3]]);
        const rest = await uow.run((r) => r.ledger.list(user.id, { offset: 3, limit: 3 }));
        expect(rest).toEqual({ rows: [(await uow.run((r) => r.ledger.history(user.id)))[0]], total: 4 });
        expect(await uow.run((r) => r.ledger.list('not-a-uuid', { offset: 0, limit: 3 }))).toEqual({ rows: [], total: 0 });
      });

      it('answers user.not_found for an unknown user', async () => {
        const result = await uow.run((r) => r.ledger.post({ userId: randomUUID(), delta: 1, reason: 'promo' }));
        expect(!result.ok && result.error.code).toBe('user.not_found');
      });
    });

    describe('transactions', () => {
      it('roll back everything when the work returns a failed Result, and hand that Result back', async () => {
        const user = aUser();
        const failure = err(domainError('validation.invalid', 'nope'));
        const result = await uow.run(async (r) => {
          await r.users.insert(user);
          await r.ledger.post({ userId: user.id, delta: 3, reason: 'signup_grant', reference: user.id });
          return failure;
        });
        expect(result).toEqual(failure);
        expect(await uow.run((r) => r.users.findById(user.id))).toBeNull();
      });

      it('roll back everything when the work throws, and rethrow', async () => {
        const user = aUser();
        await expect(uow.run(async (r) => {
          await r.users.insert(user);
          throw new Error('boom');
        })).rejects.toThrow('boom');
        expect(await uow.run((r) => r.users.findById(user.id))).toBeNull();
      });

      it('roll back the debit of a failed run, so the credit is still there', async () => {
        const user = await register(aUser(), 1);
        await uow.run(async (r) => {
          await r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: randomUUID() });
          return err(domainError('analyzer.unavailable', 'down'));
        });
        expect(await balanceOf(user.id)).toBe(1);
      });

      it('join a run started inside a run; a failed inner run undoes only its own changes', async () => {
        const outer = aUser();
        const inner = aUser();
        await uow.run(async (r) => {
          await r.users.insert(outer);
          const innerResult = await uow.run(async (r2) => {
            await r2.users.insert(inner);
            return err(domainError('validation.invalid', 'inner'));
          });
          expect(innerResult.ok).toBe(false);
          return 'done';
        });
        expect(await uow.run((r) => r.users.findById(outer.id))).not.toBeNull();
        expect(await uow.run((r) => r.users.findById(inner.id))).toBeNull();
      });

      it('let reads run side by side, seeing what is committed, and a read inside a run see that run\'s writes', async () => {
        const user = await register(aUser(), 2);
        const [found, overview, count] = await uow.read((r) =>
          Promise.all([r.users.findById(user.id), r.analyses.overview(user.id, 5, new Date(0)), r.analyses.count(user.id)]));
        expect(found?.credits).toBe(2);
        expect(overview.recent).toEqual([]);
        expect(count).toBe(0);

        const other = aUser();
        await uow.run(async (r) => {
          await r.users.insert(other);
          expect((await uow.read((inside) => inside.users.findById(other.id)))?.id).toBe(other.id);
          return err(domainError('validation.invalid', 'undo'));
        });
        expect(await uow.read((r) => r.users.findById(other.id))).toBeNull();
      });
    });

    describe('settings', () => {
      it('hold the three seeded prompts, written for this product', async () => {
        const settings = await uow.run((r) => r.settings.list());
        expect(settings.map((s) => s.key)).toEqual(['free_user_prompt', 'paid_user_prompt', 'summary_prompt']);
        const paid = await uow.run((r) => r.settings.get('paid_user_prompt'));
        expect(paid).toContain('{{STATE}}');
        expect(paid).toContain('{{COUNTRY}}');
        for (const { value } of settings) {
          expect(value).toMatch(/non-partisan/i);
          expect(value).toMatch(/never instructions/i);
          expect(value).toMatch(/page/i);
          expect(value).toMatch(/JSON/);
        }
      });

      it('are set and read back', async () => {
        const before = await uow.run((r) => r.settings.get('summary_prompt'));
        await uow.run((r) => r.settings.set('summary_prompt', 'Summarise plainly.'));
        expect(await uow.run((r) => r.settings.get('summary_prompt'))).toBe('Summarise plainly.');
        await uow.run((r) => r.settings.set('summary_prompt', before ?? ''));
      });
    });

    describe('analyses', () => {
      it('answer the newest as lists show them with how many there are, in all and since a date, in one read; and count them', async () => {
        const user = await register();
        const other = await register();
        const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
        await uow.run(async (r) => {
          for (const [owner, d] of [[user, 1], [user, 15], [user, 20], [other, 16]] as const) {
            await r.analyses.save({
              id: randomUUID(), userId: owner.id, createdAt: day(d), analysisType: 'constitutional',
              document: { title: `Bill ${d}`, type: 'pdf' }, result: { summary: `About bill ${d}`, keyInsights: [] },
            });
          }
        });
        const overview = await uow.read((r) => r.analyses.overview(user.id, 2, day(15)));
        expect(overview.recent.map((a) => a.document.title)).toEqual(['Bill 20', 'Bill 15']);
        expect(overview.recent[0]).toMatchObject({ userId: user.id, analysisType: 'constitutional', createdAt: day(20), summary: 'About bill 20', share: null });
        // A list reads what it shows, never the whole result (issue 19).
        expect(overview.recent[0]).not.toHaveProperty('result');
        expect([overview.total, overview.totalSince]).toEqual([3, 2]);
        expect(await uow.read((r) => r.analyses.overview(user.id, 0, day(21)))).toEqual({ recent: [], total: 3, totalSince: 0 });
        for (const nobody of [randomUUID(), 'not-a-uuid']) {
          expect(await uow.read((r) => r.analyses.overview(nobody, 5, day(1)))).toEqual({ recent: [], total: 0, totalSince: 0 });
        }
        expect(await uow.run((r) => r.analyses.count(user.id))).toBe(3);
        expect(await uow.run((r) => r.analyses.count(user.id, day(15)))).toBe(2);
        expect(await uow.run((r) => r.analyses.count(randomUUID()))).toBe(0);
      });

      it('list one user\'s analyses newest first, a page at a time, searching titles case-insensitively', async () => {
        const user = await register();
        const other = await register();
        const tag = `T${randomUUID().slice(0, 6)}`;
        const at = (s: number) => new Date(Date.UTC(2026, 1, 1, 12, 0, s));
        await uow.run(async (r) => {
          for (const [owner, s, title] of [
            [user, 1, `Levy ${tag} one`], [user, 2, 'Budget'], [user, 3, `LEVY ${tag.toLowerCase()} two`],
            [user, 4, 'Levy 100%_off'], [other, 5, `Levy ${tag} other`],
          ] as const) {
            await r.analyses.save({
              id: randomUUID(), userId: owner.id, createdAt: at(s), analysisType: 'summary',
              document: { title, type: 'text' }, result: { summary: `${title}: ${LONG_SUMMARY}`, keyInsights: ['cited'], citations: [] },
            });
          }
        });
        const all = await uow.run((r) => r.analyses.list({ userId: user.id, offset: 0, limit: 10 }));
        expect(all.total).toBe(4);
        expect(all.items.map((a) => a.document.title)).toEqual(['Levy 100%_off', `LEVY ${tag.toLowerCase()} two`, 'Budget', `Levy ${tag} one`]);
        expect(all.items[2]).not.toHaveProperty('result');
        expect(all.items[2]!.summary).toBe(summaryPreview(`Budget: ${LONG_SUMMARY}`));
        expect(all.items[2]!.summary).toMatch(/…$/);
        const found = await uow.run((r) => r.analyses.list({ userId: user.id, search: tag.toUpperCase(), offset: 0, limit: 1 }));
        expect(found.total).toBe(2);
        expect(found.items.map((a) => a.document.title)).toEqual([`LEVY ${tag.toLowerCase()} two`]);
        const second = await uow.run((r) => r.analyses.list({ userId: user.id, search: tag, offset: 1, limit: 1 }));
        expect(second.items.map((a) => a.document.title)).toEqual([`Levy ${tag} one`]);
        expect((await uow.run((r) => r.analyses.list({ userId: user.id, search: '%_', offset: 0, limit: 10 }))).total).toBe(1);
        expect((await uow.run((r) => r.analyses.list({ userId: 'not-a-uuid', offset: 0, limit: 10 }))).total).toBe(0);
      });

      it('answer every analysis of one user, newest first, with its whole result', async () => {
        const user = await register();
        const other = await register();
        const at = (minutes: number) => new Date(Date.UTC(2026, 1, 1, 12, minutes));
        await uow.run(async (r) => {
          for (const [owner, minutes] of [[user, 1], [other, 2], [user, 3], [user, 2]] as const) {
            await r.analyses.save({
              id: randomUUID(), userId: owner.id, createdAt: at(minutes), analysisType: 'summary',
              document: { title: `Minutes ${minutes}`, type: 'text' }, result: { summary: `Meeting ${minutes}`, keyInsights: ['A vote.'] },
            });
          }
        });
        const all = await uow.run((r) => r.analyses.all(user.id));
        expect(all.map((a) => a.document.title)).toEqual(['Minutes 3', 'Minutes 2', 'Minutes 1']);
        expect(all[0]).toMatchObject({ userId: user.id, result: { summary: 'Meeting 3', keyInsights: ['A vote.'] } });
        expect(await uow.run((r) => r.analyses.all('not-a-uuid'))).toEqual([]);
      });

      it('get and delete only the owner\'s analysis', async () => {
        const user = await register();
        const other = await register();
        const analysis = {
          id: randomUUID(), userId: user.id, createdAt: new Date(Date.UTC(2026, 2, 1)), analysisType: 'custom' as const,
          document: { title: 'Ordinance', type: 'pdf' }, result: { summary: 'About it' },
        };
        await uow.run((r) => r.analyses.save(analysis));
        expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toMatchObject({ ...analysis, share: null });
        expect(await uow.run((r) => r.analyses.get(other.id, analysis.id))).toBeNull();
        expect(await uow.run((r) => r.analyses.get(user.id, 'not-a-uuid'))).toBeNull();
        expect(await uow.run((r) => r.analyses.delete(other.id, analysis.id))).toBe(false);
        expect(await uow.run((r) => r.analyses.delete(user.id, analysis.id))).toBe(true);
        expect(await uow.run((r) => r.analyses.delete(user.id, analysis.id))).toBe(false);
        expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toBeNull();
      });

      it('keep the language of the analysed document, and none when it was undetermined', async () => {
        const user = await register();
        const analysis = (language: string | null) => ({
          id: randomUUID(), userId: user.id, createdAt: new Date(Date.UTC(2026, 2, 1)), analysisType: 'summary' as const,
          document: { title: 'Ordenanza', type: 'text' }, language, result: { summary: 'Sobre las terrazas' },
        });
        const spanish = analysis('es');
        const undetermined = analysis(null);
        await uow.run(async (r) => {
          await r.analyses.save(spanish);
          await r.analyses.save(undetermined);
        });
        expect(await uow.run((r) => r.analyses.get(user.id, spanish.id))).toMatchObject({ language: 'es' });
        expect(await uow.run((r) => r.analyses.get(user.id, undetermined.id))).toMatchObject({ language: null });
      });

      it('share only the owner\'s analysis, keep its first link until it is revoked, and lose it with the analysis', async () => {
        const user = await register();
        const other = await register();
        const analysis = {
          id: randomUUID(), userId: user.id, createdAt: new Date(Date.UTC(2026, 2, 1)), analysisType: 'summary' as const,
          document: { title: 'Levy', type: 'text' }, result: { summary: 'About it' },
        };
        await uow.run((r) => r.analyses.save(analysis));
        const first = { token: `share-${randomUUID()}`, sharedAt: new Date(Date.UTC(2026, 2, 2)) };
        const second = { token: `share-${randomUUID()}`, sharedAt: new Date(Date.UTC(2026, 2, 3)) };

        expect(await uow.run((r) => r.analyses.share(other.id, analysis.id, first))).toBeNull();
        expect(await uow.run((r) => r.analyses.share(user.id, 'not-a-uuid', first))).toBeNull();
        expect(await uow.run((r) => r.analyses.findShared(first.token))).toBeNull();
        expect(await uow.run((r) => r.analyses.share(user.id, analysis.id, first))).toEqual(first);
        expect(await uow.run((r) => r.analyses.share(user.id, analysis.id, second))).toEqual(first);
        expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toMatchObject({ share: first });
        expect(await uow.run((r) => r.analyses.findShared(first.token))).toMatchObject({ ...analysis, share: first });
        expect(await uow.run((r) => r.analyses.findShared(second.token))).toBeNull();
        expect(await uow.run((r) => r.analyses.findShared('\u0000'))).toBeNull();

        expect(await uow.run((r) => r.analyses.unshare(other.id, analysis.id))).toBe(false);
        expect(await uow.run((r) => r.analyses.findShared(first.token))).not.toBeNull();
        expect(await uow.run((r) => r.analyses.unshare(user.id, analysis.id))).toBe(true);
        expect(await uow.run((r) => r.analyses.unshare(user.id, analysis.id))).toBe(true);
        expect(await uow.run((r) => r.analyses.findShared(first.token))).toBeNull();
        expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toMatchObject({ share: null });

        expect(await uow.run((r) => r.analyses.share(user.id, analysis.id, second))).toEqual(second);
        await uow.run((r) => r.analyses.delete(user.id, analysis.id));
        expect(await uow.run((r) => r.analyses.findShared(second.token))).toBeNull();
        expect(await uow.run((r) => r.analyses.unshare(user.id, analysis.id))).toBe(false);
      });

      it('give an analysis shared by several requests at once one link', async () => {
        const user = await register();
        const analysis = {
          id: randomUUID(), userId: user.id, createdAt: new Date(Date.UTC(2026, 2, 1)), analysisType: 'summary' as const,
          document: { title: 'Levy', type: 'text' }, result: { summary: 'About it' },
        };
        await uow.run((r) => r.analyses.save(analysis));
        const links = await Promise.all(Array.from({ length: 5 }, (_, i) =>
          uow.run((r) => r.analyses.share(user.id, analysis.id, { token: `share-${randomUUID()}`, sharedAt: new Date(Date.UTC(2026, 2, 2, i)) }))));
        expect(new Set(links.map((l) => l?.token)).size).toBe(1);
        expect(await uow.run((r) => r.analyses.get(user.id, analysis.id))).toMatchObject({ share: links[0] });
      });
    });

    describe('pending analyses', () => {
      it('are inserted, listed oldest first and deleted once', async () => {
        const user = await register();
        const first = aPendingAnalysis(user.id, { createdAt: new Date(Date.UTC(2026, 0, 1)), progressId: randomUUID() });
        const second = aPendingAnalysis(user.id, {
          createdAt: new Date(Date.UTC(2026, 0, 2)),
          title: 'Budget',
          options: { analysisType: 'custom', country: 'US', state: 'IL', customPrompt: 'Parks' },
          source: { kind: 'pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]) },
        });
        await uow.run(async (r) => {
          await r.pendingAnalyses.insert(second);
          await r.pendingAnalyses.insert(first);
        });
        const listed = (await uow.run((r) => r.pendingAnalyses.list())).filter((p) => p.userId === user.id);
        expect(listed).toEqual([first, second]);
        expect(await uow.run((r) => r.pendingAnalyses.find(second.id))).toEqual(second);
        expect(await uow.run((r) => r.pendingAnalyses.delete(first.id))).toBe(true);
        expect(await uow.run((r) => r.pendingAnalyses.find(first.id))).toBeNull();
        expect(await uow.run((r) => r.pendingAnalyses.delete(first.id))).toBe(false);
        expect(await uow.run((r) => r.pendingAnalyses.delete('not-a-uuid'))).toBe(false);
        expect((await uow.run((r) => r.pendingAnalyses.list())).map((p) => p.id)).not.toContain(first.id);
        await uow.run((r) => r.pendingAnalyses.delete(second.id));
      });

      it('keep a comparison\'s earlier version beside its later one, as text or as a PDF', async () => {
        const user = await register();
        const pdf = aPendingAnalysis(user.id, {
          title: 'Budget as adopted',
          options: { analysisType: 'comparison' },
          source: { kind: 'pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x01]) },
          earlier: { title: 'Tentative budget', source: { kind: 'pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x02]) } },
        });
        const text = aPendingAnalysis(user.id, {
          options: { analysisType: 'comparison' },
          earlier: { title: 'Last year', source: { kind: 'text', text: 'The levy is .02% of the value of taxable property.' } },
        });
        await uow.run(async (r) => {
          await r.pendingAnalyses.insert(pdf);
          await r.pendingAnalyses.insert(text);
        });
        expect(await uow.run((r) => r.pendingAnalyses.find(pdf.id))).toEqual(pdf);
        expect(await uow.run((r) => r.pendingAnalyses.find(text.id))).toEqual(text);
        expect(await uow.run((r) => r.pendingAnalyses.find(aPendingAnalysis(user.id).id))).toBeNull();
        await uow.run(async (r) => {
          await r.pendingAnalyses.delete(pdf.id);
          await r.pendingAnalyses.delete(text.id);
        });
      });

      it('find which of a user\'s own pending analyses follows a progress id', async () => {
        const [rosa, bob] = [await register(), await register()];
        const progressId = randomUUID();
        const pending = aPendingAnalysis(rosa.id, { progressId });
        await uow.run((r) => r.pendingAnalyses.insert(pending));
        const idOf = (userId: string, id: string) => uow.read((r) => r.pendingAnalyses.idOfProgress(userId, id));
        expect(await idOf(rosa.id, progressId)).toBe(pending.id);
        expect(await idOf(bob.id, progressId)).toBeNull();
        expect(await idOf(rosa.id, randomUUID())).toBeNull();
        expect(await idOf(rosa.id, 'not-a-uuid')).toBeNull();
        await uow.run((r) => r.pendingAnalyses.delete(pending.id));
        expect(await idOf(rosa.id, progressId)).toBeNull();
      });

      it('roll back with the debit they were written with', async () => {
        const user = await register(aUser(), 1);
        const id = randomUUID();
        await uow.run(async (r) => {
          await r.ledger.post({ userId: user.id, delta: -1, reason: 'analysis_debit', reference: id });
          await r.pendingAnalyses.insert(aPendingAnalysis(user.id, { id }));
          throw new Error('crash');
        }).catch(() => undefined);
        expect((await uow.run((r) => r.pendingAnalyses.list())).map((p) => p.id)).not.toContain(id);
        expect(await balanceOf(user.id)).toBe(1);
      });
    });

    describe('promo codes', () => {
      const aPromo = (overrides: Partial<PromoCode> = {}): PromoCode => ({
        id: randomUUID(),
        code: `P${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`,
        type: 'credits',
        credits: 5,
        discountPercent: 0,
        maxUses: 1,
        currentUses: 0,
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
        isActive: true,
        createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
        ...overrides,
      });
      const stored = async (code: string) => uow.run((r) => r.promos.findByCode(code));

      it('are inserted, found by code, listed and deleted with their redemptions', async () => {
        const promo = aPromo({ type: 'discount', credits: 0, discountPercent: 25, maxUses: 3 });
        expect(await uow.run((r) => r.promos.insert(promo))).toEqual({ ok: true, value: undefined });
        expect(await stored(promo.code)).toEqual(promo);
        expect(await stored(promo.code.toLowerCase())).toBeNull();
        expect(await uow.run((r) => r.promos.findById(promo.id))).toEqual(promo);
        expect(await uow.run((r) => r.promos.findById('not-a-uuid'))).toBeNull();
        expect((await uow.run((r) => r.promos.list())).map((p) => p.id)).toContain(promo.id);
        const user = await register();
        await uow.run((r) => r.promos.recordRedemption(promo.id, user.id, new Date()));
        expect(await uow.run((r) => r.promos.delete(promo.id))).toBe(true);
        expect(await uow.run((r) => r.promos.delete(promo.id))).toBe(false);
        expect(await uow.run((r) => r.promos.delete('not-a-uuid'))).toBe(false);
        expect(await uow.run((r) => r.promos.hasRedeemed(promo.id, user.id))).toBe(false);
      });

      it('list the codes an account redeemed, oldest first', async () => {
        const [spring, summer] = [aPromo({ maxUses: 5 }), aPromo({ maxUses: 5 })];
        const user = await register();
        const other = await register();
        const at = (day: number) => new Date(Date.UTC(2026, 2, day, 12));
        await uow.run(async (r) => {
          for (const promo of [spring, summer]) await r.promos.insert(promo);
          await r.promos.recordRedemption(summer.id, user.id, at(20));
          await r.promos.recordRedemption(spring.id, user.id, at(10));
          await r.promos.recordRedemption(spring.id, other.id, at(11));
        });
        expect(await uow.run((r) => r.promos.redemptionsOf(user.id)))
          .toEqual([{ code: spring.code, redeemedAt: at(10) }, { code: summer.code, redeemedAt: at(20) }]);
        expect(await uow.run((r) => r.promos.redemptionsOf('not-a-uuid'))).toEqual([]);
      });

      it('refuse a second code of the same name, even at once', async () => {
        const code = aPromo().code;
        const attempts = await Promise.all(Array.from({ length: 5 }, () => uow.run((r) => r.promos.insert(aPromo({ code })))));
        expect(attempts.filter((a) => a.ok)).toHaveLength(1);
        expect(attempts.filter((a) => !a.ok).every((a) => !a.ok && a.error.code === 'promo.code_taken')).toBe(true);
      });

      it('claim a use only while active, unexpired and under max uses', async () => {
        const promo = aPromo({ maxUses: 2 });
        const off = aPromo({ isActive: false });
        const past = aPromo({ expiresAt: new Date(Date.now() - 1000) });
        await uow.run(async (r) => { for (const p of [promo, off, past]) await r.promos.insert(p); });
        const now = new Date();
        expect(await uow.run((r) => r.promos.claimUse(promo.id, now))).toBe(true);
        expect(await uow.run((r) => r.promos.claimUse(promo.id, now))).toBe(true);
        expect(await uow.run((r) => r.promos.claimUse(promo.id, now))).toBe(false);
        expect((await stored(promo.code))?.currentUses).toBe(2);
        expect(await uow.run((r) => r.promos.claimUse(off.id, now))).toBe(false);
        expect(await uow.run((r) => r.promos.claimUse(past.id, now))).toBe(false);
        expect(await uow.run((r) => r.promos.claimUse(randomUUID(), now))).toBe(false);
      });

      it('record one redemption per account and code', async () => {
        const promo = aPromo({ maxUses: 5 });
        await uow.run((r) => r.promos.insert(promo));
        const user = await register();
        expect(await uow.run((r) => r.promos.hasRedeemed(promo.id, user.id))).toBe(false);
        expect(await uow.run((r) => r.promos.recordRedemption(promo.id, user.id, new Date()))).toBe(true);
        expect(await uow.run((r) => r.promos.recordRedemption(promo.id, user.id, new Date()))).toBe(false);
        expect(await uow.run((r) => r.promos.hasRedeemed(promo.id, user.id))).toBe(true);
      });

      it('roll a claimed use back with the transaction that claimed it', async () => {
        const promo = aPromo();
        await uow.run((r) => r.promos.insert(promo));
        await uow.run(async (r) => {
          await r.promos.claimUse(promo.id, new Date());
          return err(domainError('promo.used_up', 'changed my mind'));
        });
        expect((await stored(promo.code))?.currentUses).toBe(0);
      });

      // RedeemPromo on this adapter: the guarantees come from the database, so they are checked on each one.
      it('let exactly 3 of 20 accounts redeeming a code of max uses 3 at once through', async () => {
        const promo = aPromo({ credits: 4, maxUses: 3 });
        await uow.run((r) => r.promos.insert(promo));
        const users = await Promise.all(Array.from({ length: 20 }, () => register()));
        const redeem = new RedeemPromo(uow, systemClock);
        const results = await Promise.all(users.map((u) => redeem.execute(u.id, promo.code)));
        expect(results.filter((r) => r.ok)).toHaveLength(3);
        expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.error.code])))).toEqual(new Set(['promo.used_up']));
        expect((await stored(promo.code))?.currentUses).toBe(3);
        const balances = await Promise.all(users.map((u) => balanceOf(u.id)));
        expect(balances.filter((b) => b === 4)).toHaveLength(3);
        expect(balances.filter((b) => b === 0)).toHaveLength(17);
      });

      it('let one account redeeming a code 10 times at once through once', async () => {
        const promo = aPromo({ credits: 7, maxUses: 100 });
        await uow.run((r) => r.promos.insert(promo));
        const user = await register();
        const redeem = new RedeemPromo(uow, systemClock);
        const results = await Promise.all(Array.from({ length: 10 }, () => redeem.execute(user.id, promo.code)));
        expect(results.filter((r) => r.ok)).toEqual([{ ok: true, value: { credits: 7, balance: 7 } }]);
        expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.error.code])))).toEqual(new Set(['promo.already_redeemed']));
        expect((await stored(promo.code))?.currentUses).toBe(1);
        expect(await balanceOf(user.id)).toBe(7);
        const rows = await uow.run((r) => r.ledger.history(user.id));
        expect(rows.map((row) => [row.reason, row.reference])).toEqual([['promo', `promo:${promo.id}:${user.id}`]]);
      });
    });

    describe('billing', () => {
      const at = (offsetSeconds = 0) => new Date((Math.floor(Date.now() / 1000) + offsetSeconds) * 1000);
      const aSubscription = (user: User, overrides: Partial<StoredSubscription> = {}): StoredSubscription => ({
        id: `sub_${randomUUID()}`,
        userId: user.id,
        customerId: `cus_${user.id}`,
        tierId: 'patriot',
        status: 'incomplete',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
        promoId: null,
        createdAt: at(),
        updatedAt: at(),
        ...overrides,
      });
      const aPayment = (user: User, overrides: Partial<NewPayment> = {}): NewPayment => ({
        invoiceId: `in_${randomUUID()}`,
        userId: user.id,
        subscriptionId: null,
        paymentId: `pi_${randomUUID()}`,
        tierId: 'patriot',
        amountCents: 2900,
        refundedCents: 0,
        creditsGranted: 5,
        billingReason: 'subscription_create',
        paidAt: at(),
        ...overrides,
      });

      it('link one customer to a user, both ways, replacing it when asked', async () => {
        const user = await register();
        expect(await uow.run((r) => r.billing.customerIdOf(user.id))).toBeNull();
        await uow.run((r) => r.billing.saveCustomer(user.id, `cus_a_${user.id}`));
        expect(await uow.run((r) => r.billing.customerIdOf(user.id))).toBe(`cus_a_${user.id}`);
        expect(await uow.run((r) => r.billing.userIdOfCustomer(`cus_a_${user.id}`))).toBe(user.id);
        await uow.run((r) => r.billing.saveCustomer(user.id, `cus_b_${user.id}`));
        expect(await uow.run((r) => r.billing.customerIdOf(user.id))).toBe(`cus_b_${user.id}`);
        expect(await uow.run((r) => r.billing.userIdOfCustomer(`cus_a_${user.id}`))).toBeNull();
        expect(await uow.run((r) => r.billing.customerIdOf('not-a-uuid'))).toBeNull();
      });

      it('save subscriptions, update them in place and list the open ones newest first', async () => {
        const user = await register();
        const older = aSubscription(user, { createdAt: at(-60), updatedAt: at(-60) });
        const newer = aSubscription(user, { status: 'active', currentPeriodEnd: at(3600) });
        const ended = aSubscription(user, { status: 'canceled', createdAt: at(-30) });
        await uow.run(async (r) => { for (const s of [older, newer, ended]) await r.billing.saveSubscription(s); });
        expect(await uow.run((r) => r.billing.findSubscription(newer.id))).toEqual(newer);
        expect((await uow.run((r) => r.billing.openSubscriptions(user.id))).map((s) => s.id)).toEqual([newer.id, older.id]);
        const cancelled = { ...newer, cancelAtPeriodEnd: true, status: 'canceled' as const, updatedAt: at(5) };
        await uow.run((r) => r.billing.saveSubscription(cancelled));
        expect(await uow.run((r) => r.billing.findSubscription(newer.id))).toEqual(cancelled);
        expect((await uow.run((r) => r.billing.openSubscriptions(user.id))).map((s) => s.id)).toEqual([older.id]);
      });

      it('record a paid invoice once, even when it is reported several times at once', async () => {
        const user = await register();
        const payment = aPayment(user);
        const attempts = await Promise.all(Array.from({ length: 8 }, () => uow.run((r) => r.billing.recordPayment(payment))));
        expect(attempts.filter(Boolean)).toHaveLength(1);
        expect(await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!))).toEqual(payment);
        expect(await uow.run((r) => r.billing.listPayments(user.id))).toEqual([payment]);
        await uow.run((r) => r.billing.setRefunded(payment.invoiceId, 1000));
        expect((await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!)))?.refundedCents).toBe(1000);
      });

      it('never record a refund above the amount paid', async () => {
        const user = await register();
        const payment = aPayment(user);
        await uow.run((r) => r.billing.recordPayment(payment));
        await expect(uow.run((r) => r.billing.setRefunded(payment.invoiceId, 2901))).rejects.toThrow();
        expect((await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!)))?.refundedCents).toBe(0);
      });

      it('mark a provider event processed once, even at once', async () => {
        const id = `evt_${randomUUID()}`;
        const attempts = await Promise.all(Array.from({ length: 8 }, () => uow.run((r) => r.billing.markEventProcessed(id, 'invoice.paid', new Date()))));
        expect(attempts.filter(Boolean)).toHaveLength(1);
      });

      it('forget a processed event whose transaction failed, so its redelivery is handled', async () => {
        const id = `evt_${randomUUID()}`;
        await expect(uow.run(async (r) => {
          await r.billing.markEventProcessed(id, 'invoice.paid', new Date());
          throw new Error('the handler failed');
        })).rejects.toThrow('the handler failed');
        expect(await uow.run((r) => r.billing.markEventProcessed(id, 'invoice.paid', new Date()))).toBe(true);
      });
    });

    describe('administration', () => {
      it('store the ADMIN_EMAILS the server started with, in order, replacing the last list', async () => {
        const before = await uow.run((r) => r.users.configuredAdminEmails());
        try {
          await uow.run((r) => r.users.saveConfiguredAdminEmails(['chief@example.org', 'deputy@example.org']));
          expect(await uow.run((r) => r.users.configuredAdminEmails())).toEqual(['chief@example.org', 'deputy@example.org']);
          await uow.run((r) => r.users.saveConfiguredAdminEmails(['deputy@example.org']));
          expect(await uow.run((r) => r.users.configuredAdminEmails())).toEqual(['deputy@example.org']);
        } finally {
          await uow.run((r) => r.users.saveConfiguredAdminEmails(before));
        }
      });

      it('sets one account\'s role', async () => {
        const user = await register();
        await uow.run((r) => r.users.setRole(user.id, 'admin'));
        expect((await uow.run((r) => r.users.findById(user.id)))?.role).toBe('admin');
        await uow.run((r) => r.users.setRole(user.id, 'user'));
        expect((await uow.run((r) => r.users.findById(user.id)))?.role).toBe('user');
      });

      it('deletes an account with its ledger, analyses-in-flight and billing, keeping the audit entries it wrote and its invoices, anonymised', async () => {
        const admin = await register();
        const user = await register(aUser(), 3);
        const payment: NewPayment = {
          invoiceId: `in_${randomUUID()}`, userId: user.id, subscriptionId: `sub_${user.id}`, paymentId: `pi_${randomUUID()}`, tierId: 'patriot',
          amountCents: 2900, refundedCents: 0, creditsGranted: 5, billingReason: 'subscription_create', paidAt: new Date(Date.UTC(2026, 2, 1)),
        };
        await uow.run(async (r) => {
          await r.pendingAnalyses.insert(aPendingAnalysis(user.id));
          await r.billing.saveCustomer(user.id, `cus_${user.id}`);
          await r.billing.recordPayment(payment);
          await r.audit.record({ id: randomUUID(), actorId: admin.id, actorLabel: admin.email, action: 'user.credits', target: user.id, before: { credits: 0 }, after: { credits: 3 }, createdAt: new Date() });
        });
        expect(await uow.run((r) => r.users.delete(user.id))).toBe(true);
        expect(await uow.run((r) => r.users.delete(user.id))).toBe(false);
        expect(await uow.run((r) => r.users.findById(user.id))).toBeNull();
        expect(await uow.run((r) => r.ledger.history(user.id))).toEqual([]);
        expect(await uow.run((r) => r.billing.userIdOfCustomer(`cus_${user.id}`))).toBeNull();
        expect((await uow.run((r) => r.pendingAnalyses.list())).some((p) => p.userId === user.id)).toBe(false);
        expect(await uow.run((r) => r.billing.listPayments(user.id))).toEqual([]);
        expect(await uow.run((r) => r.billing.findPaymentByPaymentId(payment.paymentId!))).toEqual({ ...payment, userId: null });

        expect(await uow.run((r) => r.users.delete(admin.id))).toBe(true);
        const { entries } = await uow.run((r) => r.audit.list({ offset: 0, limit: 500 }));
        const kept = entries.find((e) => e.target === user.id);
        expect(kept).toMatchObject({ actorId: null, actorLabel: admin.email, action: 'user.credits', before: { credits: 0 }, after: { credits: 3 } });
        expect(await uow.run((r) => r.users.delete('not-a-uuid'))).toBe(false);
      });

      it('lists audit entries newest first, a page at a time', async () => {
        const admin = await register();
        const base = Date.now() + 10_000_000;
        const ids = [0, 1, 2].map(() => randomUUID());
        await uow.run(async (r) => {
          for (const [i, id] of ids.entries()) {
            await r.audit.record({ id, actorId: admin.id, actorLabel: admin.email, action: 'prompt.update', target: 'summary_prompt', before: null, after: { n: i }, createdAt: new Date(base + i * 1000) });
          }
        });
        const first = await uow.run((r) => r.audit.list({ offset: 0, limit: 2 }));
        expect(first.entries.map((e) => e.id)).toEqual([ids[2], ids[1]]);
        expect(first.total).toBeGreaterThanOrEqual(3);
        expect((await uow.run((r) => r.audit.list({ offset: 2, limit: 1 }))).entries.map((e) => e.id)).toEqual([ids[0]]);
      });

      it('count users by tier and role, and credits spent on analyses less their refunds', async () => {
        const before = await uow.run((r) => r.stats.summary());
        const citizen = await register(aUser(), 3);
        const patriot = await register(aUser({ tierId: 'patriot' }));
        await register(aUser({ role: 'admin' }));
        await uow.run(async (r) => {
          await r.ledger.post({ userId: citizen.id, delta: -1, reason: 'analysis_debit', reference: `a-${citizen.id}-1` });
          await r.ledger.post({ userId: citizen.id, delta: -1, reason: 'analysis_debit', reference: `a-${citizen.id}-2` });
          await r.ledger.post({ userId: citizen.id, delta: 1, reason: 'analysis_refund', reference: `a-${citizen.id}-2` });
        });
        const after = await uow.run((r) => r.stats.summary());
        expect(after.totalUsers - before.totalUsers).toBe(3);
        expect(after.freeUsers - before.freeUsers).toBe(2);
        expect(after.paidUsers - before.paidUsers).toBe(1);
        expect(after.admins - before.admins).toBe(1);
        expect(after.creditsSpent - before.creditsSpent).toBe(1);
        expect(patriot.tierId).toBe('patriot');
      });

      it('give analyses, sign-ups and revenue net of refunds for each UTC day of a range, a day with nothing as zeros', async () => {
        // June 2039: no other test writes there, so the days hold exactly what this test stores.
        const at = (iso: string) => new Date(iso);
        const member = await register(aUser({ createdAt: at('2039-06-10T08:00:00Z') }));
        await register(aUser({ createdAt: at('2039-05-31T23:59:59Z') }));
        const analysis = (createdAt: string) => ({
          id: randomUUID(), userId: member.id, createdAt: at(createdAt), analysisType: 'summary' as const,
          document: { title: 'Levy', type: 'text' as const }, result: { summary: 'A levy' },
        });
        const payment = (paidAt: string, amountCents: number): NewPayment => ({
          invoiceId: `in_${randomUUID()}`, userId: member.id, subscriptionId: null, paymentId: amountCents ? `pi_${randomUUID()}` : null, tierId: 'patriot',
          amountCents, refundedCents: 0, creditsGranted: 5, billingReason: 'subscription_create', paidAt: at(paidAt),
        });
        const refunded = payment('2039-06-20T09:00:00Z', 2900);
        await uow.run(async (r) => {
          for (const createdAt of ['2039-06-14T23:59:59.999Z', '2039-06-15T00:00:00Z', '2039-05-31T12:00:00Z', '2039-07-01T00:00:00Z']) {
            await r.analyses.save(analysis(createdAt));
          }
          for (const paid of [refunded, payment('2039-06-20T23:00:00Z', 9900), payment('2039-06-21T10:00:00Z', 0), payment('2039-05-31T10:00:00Z', 2900)]) {
            await r.billing.recordPayment(paid);
          }
          await r.billing.setRefunded(refunded.invoiceId, 1000);
        });

        const days = await uow.read((r) => r.stats.daily({ first: '2039-06-01', last: '2039-06-30' }));
        const busy: Record<string, { analyses?: number; signUps?: number; revenueCents?: number }> = {
          '2039-06-10': { signUps: 1 },
          '2039-06-14': { analyses: 1 },
          '2039-06-15': { analyses: 1 },
          '2039-06-20': { revenueCents: 1900 + 9900 },
        };
        expect(days).toEqual(Array.from({ length: 30 }, (_, i) => {
          const day = `2039-06-${String(i + 1).padStart(2, '0')}`;
          return { day, analyses: 0, signUps: 0, revenueCents: 0, ...busy[day] };
        }));
        expect(await uow.read((r) => r.stats.daily({ first: '2039-06-14', last: '2039-06-14' }))).toEqual([{ day: '2039-06-14', analyses: 1, signUps: 0, revenueCents: 0 }]);
      });
    });

    describe('outbox', () => {
      // Claims take whatever is due in the whole outbox; each test dates its messages before every earlier
      // test's, and claims only up to its own dates, so messages left by other tests are never due for it.
      let epoch = Date.UTC(1990, 0, 1);
      const nextEpoch = () => (epoch -= 30 * 86_400_000);
      const at = (base: number, minutes: number) => new Date(base + minutes * 60_000);
      const aMessage = (user: User, createdAt: Date, overrides: Partial<NewOutboxMessage> = {}): NewOutboxMessage => ({
        id: randomUUID(), userId: user.id, to: user.email, kind: 'welcome', subject: 'Welcome to CivicWatch',
        text: 'Hello Ada,\n\nWelcome.\n', createdAt, ...overrides,
      });
      const find = async (id: string) =>
        (await uow.run((r) => r.outbox.list({ offset: 0, limit: 1000 }))).messages.find((m) => m.id === id);

      it('keeps a message written with a committed change, and none of a change rolled back or refused', async () => {
        const base = nextEpoch();
        const user = await register();
        const kept = aMessage(user, at(base, 0));
        const thrown = aMessage(user, at(base, 1));
        const refused = aMessage(user, at(base, 2));
        await uow.run((r) => r.outbox.enqueue(kept));
        await expect(uow.run(async (r) => {
          await r.outbox.enqueue(thrown);
          throw new Error('the change failed');
        })).rejects.toThrow('the change failed');
        await uow.run(async (r) => {
          await r.outbox.enqueue(refused);
          return err(domainError('credits.insufficient', INSUFFICIENT_CREDITS_MESSAGE));
        });
        expect(await find(kept.id)).toEqual({ ...kept, sentAt: null, attempts: 0, lastError: null, nextAttemptAt: kept.createdAt });
        expect(await find(thrown.id)).toBeUndefined();
        expect(await find(refused.id)).toBeUndefined();
      });

      it('lists newest first, a page at a time, optionally only what is unsent', async () => {
        const base = Date.now() + 50_000_000;
        const user = await register();
        const messages = [0, 1, 2].map((i) => aMessage(user, at(base, i), { kind: 'analysis_complete', subject: `n${i}` }));
        await uow.run(async (r) => {
          for (const m of messages) await r.outbox.enqueue(m);
          await r.outbox.markSent(messages[2]!.id, at(base, 5));
        });
        const first = await uow.run((r) => r.outbox.list({ offset: 0, limit: 2 }));
        expect(first.messages.map((m) => m.id)).toEqual([messages[2]!.id, messages[1]!.id]);
        expect(first.total).toBeGreaterThanOrEqual(3);
        expect((await uow.run((r) => r.outbox.list({ offset: 2, limit: 1 }))).messages.map((m) => m.id)).toEqual([messages[0]!.id]);
        const unsent = await uow.run((r) => r.outbox.list({ offset: 0, limit: 2, unsentOnly: true }));
        expect(unsent.messages.map((m) => m.id)).toEqual([messages[1]!.id, messages[0]!.id]);
        expect(unsent.messages.every((m) => m.sentAt === null)).toBe(true);
      });

      it('claims the oldest due message once: the attempt is counted and no other claim takes it during its lease', async () => {
        const base = nextEpoch();
        const user = await register();
        const older = aMessage(user, at(base, 0));
        const newer = aMessage(user, at(base, 1));
        const later = aMessage(user, at(base, 10));
        await uow.run(async (r) => {
          for (const m of [newer, later, older]) await r.outbox.enqueue(m);
        });
        const lease = at(base, 60);
        const claimed = await uow.run((r) => r.outbox.claimNextDue(at(base, 2), lease));
        expect(claimed).toMatchObject({ id: older.id, to: user.email, subject: older.subject, text: older.text, attempts: 1, nextAttemptAt: lease, sentAt: null });
        expect((await uow.run((r) => r.outbox.claimNextDue(at(base, 2), lease)))?.id).toBe(newer.id);
        // `later` is not due yet, and the two claimed are leased.
        expect(await uow.run((r) => r.outbox.claimNextDue(at(base, 2), lease))).toBeNull();
        expect((await uow.run((r) => r.outbox.claimNextDue(at(base, 59), lease)))?.id).toBe(later.id);
        // A lease that ran out (a sender died mid-attempt) makes the message due again.
        expect(await uow.run((r) => r.outbox.claimNextDue(at(base, 61), at(base, 120)))).toMatchObject({ attempts: 2 });
      });

      it('never gives one message to two concurrent claims', async () => {
        const base = nextEpoch();
        const user = await register();
        const messages = [0, 1, 2, 3].map((i) => aMessage(user, at(base, i)));
        await uow.run(async (r) => {
          for (const m of messages) await r.outbox.enqueue(m);
        });
        const claims = await Promise.all(Array.from({ length: 10 }, () => uow.run((r) => r.outbox.claimNextDue(at(base, 5), at(base, 60)))));
        const taken = claims.filter((c) => c !== null).map((c) => c.id);
        expect(taken.sort()).toEqual(messages.map((m) => m.id).sort());
      });

      it('never claims a sent message again, and keeps when it was first sent', async () => {
        const base = nextEpoch();
        const user = await register();
        const message = aMessage(user, at(base, 0));
        await uow.run((r) => r.outbox.enqueue(message));
        await uow.run((r) => r.outbox.claimNextDue(at(base, 1), at(base, 2)));
        await uow.run((r) => r.outbox.markSent(message.id, at(base, 1)));
        await uow.run((r) => r.outbox.markSent(message.id, at(base, 3)));
        expect(await find(message.id)).toMatchObject({ sentAt: at(base, 1), nextAttemptAt: null, attempts: 1 });
        expect(await uow.run((r) => r.outbox.claimNextDue(at(base, 100), at(base, 200)))).toBeNull();
      });

      it('keeps the error of a failed attempt and retries at the time given, or never when given none', async () => {
        const base = nextEpoch();
        const user = await register();
        const retried = aMessage(user, at(base, 0));
        const abandoned = aMessage(user, at(base, 0), { kind: 'payment_receipt' });
        await uow.run(async (r) => {
          await r.outbox.enqueue(retried);
          await r.outbox.enqueue(abandoned);
        });
        for (let i = 0; i < 2; i++) {
          const claimed = await uow.run((r) => r.outbox.claimNextDue(at(base, 1), at(base, 11)));
          expect(claimed?.attempts).toBe(1);
          const id = claimed!.id;
          await uow.run((r) => r.outbox.markFailed(id, 1, '550 mailbox unavailable', id === retried.id ? at(base, 5) : null));
        }
        expect(await find(retried.id)).toMatchObject({ lastError: '550 mailbox unavailable', nextAttemptAt: at(base, 5), sentAt: null, attempts: 1 });
        expect(await find(abandoned.id)).toMatchObject({ lastError: '550 mailbox unavailable', nextAttemptAt: null, sentAt: null });
        expect(await uow.run((r) => r.outbox.claimNextDue(at(base, 4), at(base, 30)))).toBeNull();
        expect(await uow.run((r) => r.outbox.claimNextDue(at(base, 5), at(base, 30)))).toMatchObject({ id: retried.id, attempts: 2 });
        await uow.run((r) => r.outbox.markSent(retried.id, at(base, 6)));
        // The abandoned message is never due again.
        expect(await uow.run((r) => r.outbox.claimNextDue(at(base, 10_000), at(base, 20_000)))).toBeNull();
      });

      it('ignores the failure of an attempt that a later claim has overtaken', async () => {
        const base = nextEpoch();
        const user = await register();
        const message = aMessage(user, at(base, 0));
        await uow.run((r) => r.outbox.enqueue(message));
        await uow.run((r) => r.outbox.claimNextDue(at(base, 1), at(base, 2)));
        await uow.run((r) => r.outbox.claimNextDue(at(base, 3), at(base, 13)));
        await uow.run((r) => r.outbox.markFailed(message.id, 1, 'timed out', at(base, 4)));
        expect(await find(message.id)).toMatchObject({ attempts: 2, lastError: null, nextAttemptAt: at(base, 13) });
      });

      it('deletes the messages of a deleted account, sent or not, and nobody else\'s (ADR 0009)', async () => {
        const user = await register();
        const other = await register();
        const [sent, pending, kept] = [aMessage(user, new Date(Date.now() + 60_000_000)), aMessage(user, new Date()), aMessage(other, new Date())];
        await uow.run(async (r) => {
          for (const message of [sent, pending, kept]) await r.outbox.enqueue(message);
          await r.outbox.markSent(sent.id, new Date());
        });
        expect(await uow.run((r) => r.users.delete(user.id))).toBe(true);
        expect(await find(sent.id)).toBeUndefined();
        expect(await find(pending.id)).toBeUndefined();
        expect(await find(kept.id)).toMatchObject({ userId: other.id });
      });
    });

    describe('account self-service', () => {
      const aToken = (user: User, overrides: Partial<AccountToken> = {}): AccountToken => ({
        id: randomUUID(), userId: user.id, purpose: 'password_reset', tokenHash: `hash-${randomUUID()}`, newEmail: null,
        expiresAt: new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000), usedAt: null,
        createdAt: new Date(Math.floor(Date.now() / 1000) * 1000), ...overrides,
      });

      it('replaces the password hash and records a verified address', async () => {
        const user = await register();
        const at = new Date(user.updatedAt.getTime() + 60_000);
        await uow.run(async (r) => {
          await r.users.updatePassword(user.id, '$argon2id$new', at);
          await r.users.markEmailVerified(user.id, at);
        });
        expect(await uow.run((r) => r.users.findById(user.id))).toMatchObject({ passwordHash: '$argon2id$new', emailVerifiedAt: at, updatedAt: at });
      });

      it('moves an account to a free address, verified, and refuses one another account has', async () => {
        const user = await register();
        const other = await register();
        const at = new Date(user.updatedAt.getTime() + 60_000);
        const moved = `moved-${randomUUID()}@example.test`;
        expect(await uow.run((r) => r.users.changeEmail(user.id, moved.toUpperCase(), at))).toEqual({ ok: true, value: undefined });
        expect(await uow.run((r) => r.users.findByEmail(moved))).toMatchObject({ id: user.id, emailVerifiedAt: at });
        // The transaction stays usable after the refusal: its other writes commit.
        const { refused } = await uow.run(async (r) => {
          const taken = await r.users.changeEmail(user.id, other.email, at);
          await r.users.updatePassword(user.id, '$argon2id$after', at);
          return { refused: taken };
        });
        expect(refused).toEqual(err(domainError('auth.email_taken', EMAIL_TAKEN_MESSAGE)));
        expect(await uow.run((r) => r.users.findById(user.id))).toMatchObject({ email: moved, passwordHash: '$argon2id$after' });
      });

      it('keeps tokens by hash and uses each once, even when two uses race', async () => {
        const user = await register();
        const token = aToken(user, { purpose: 'email_change', newEmail: `new-${randomUUID()}@example.test` });
        await uow.run((r) => r.accountTokens.insert(token));
        expect(await uow.run((r) => r.accountTokens.findByHash(token.tokenHash))).toEqual(token);
        expect(await uow.run((r) => r.accountTokens.findByHash('hash-of-nothing'))).toBeNull();
        const at = new Date(token.createdAt.getTime() + 1000);
        const uses = await Promise.all(Array.from({ length: 4 }, () => uow.run((r) => r.accountTokens.markUsed(token.id, at))));
        expect(uses.filter(Boolean)).toHaveLength(1);
        expect((await uow.run((r) => r.accountTokens.findByHash(token.tokenHash)))?.usedAt).toEqual(at);
      });

      it('forgets unused tokens of the purposes named, for that user only', async () => {
        const user = await register();
        const other = await register();
        const reset = aToken(user);
        const used = aToken(user, { usedAt: new Date() });
        const verification = aToken(user, { purpose: 'email_verification' });
        const othersReset = aToken(other);
        await uow.run(async (r) => {
          for (const t of [reset, used, verification, othersReset]) await r.accountTokens.insert(t);
          await r.accountTokens.deleteUnused(user.id, ['password_reset']);
        });
        const left = await uow.run(async (r) => Promise.all([reset, used, verification, othersReset].map((t) => r.accountTokens.findByHash(t.tokenHash))));
        expect(left.map((t) => t?.id ?? null)).toEqual([null, used.id, verification.id, othersReset.id]);
      });

      it('goes with its account', async () => {
        const user = await register();
        const token = aToken(user);
        await uow.run((r) => r.accountTokens.insert(token));
        await subject.openSession(`sid-${user.id}`, user.id);
        await uow.run((r) => r.users.delete(user.id));
        expect(await uow.run((r) => r.accountTokens.findByHash(token.tokenHash))).toBeNull();
        expect(await subject.hasSession(`sid-${user.id}`)).toBe(false);
      });

      it("ends a user's sessions but the one kept, and nobody else's", async () => {
        const user = await register();
        const other = await register();
        const [kept, ended, gone, others] = ['kept', 'ended', 'gone', 'others'].map((s) => `${s}-${user.id}`) as [string, string, string, string];
        await subject.openSession(kept, user.id);
        await subject.openSession(ended, user.id);
        await subject.openSession(gone, user.id);
        await subject.openSession(others, other.id);
        expect(await uow.run((r) => r.sessions.endSessionsOf(user.id, kept))).toBe(2);
        expect(await Promise.all([kept, ended, gone, others].map((sid) => subject.hasSession(sid)))).toEqual([true, false, false, true]);
        expect(await uow.run((r) => r.sessions.endSessionsOf(user.id))).toBe(1);
        expect(await subject.hasSession(kept)).toBe(false);
      });
    });
  });
}
