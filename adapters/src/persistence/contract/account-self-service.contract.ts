import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { domainError, EMAIL_TAKEN_MESSAGE, err, type User, type AccountToken } from '@civicwatch/core';
import type { ContractHarness } from './harness.ts';

/** Passwords, addresses, single-use account tokens (ADR 0008) and the sessions they end. */
export function accountSelfServiceContract({ uow, subject, register }: ContractHarness): void {
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
}
