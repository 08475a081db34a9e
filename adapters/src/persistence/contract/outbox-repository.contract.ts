import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { domainError, err, INSUFFICIENT_CREDITS_MESSAGE, type User, type NewOutboxMessage } from '@civicwatch/core';
import type { ContractHarness } from './harness.ts';

/** The e-mail outbox (ADR 0007): written with its change, claimed once, retried, deleted with its account. */
export function outboxRepositoryContract({ uow, register }: ContractHarness): void {
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
}
