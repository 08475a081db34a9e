import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { domainError, EMAIL_TAKEN_MESSAGE, err } from '@civicwatch/core';
import { aUser } from './builders.ts';
import type { ContractHarness } from './harness.ts';

/** Accounts: registration, profile, tier, admin roles and the admin list. */
export function userRepositoryContract({ uow, register }: ContractHarness): void {
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
}
