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
      expect(await find(kept.id)).toEqual({ ...kept, sentAt: null, attempts: 0, lastError: null, givenUpAt: null });
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

    it('counts each attempt as the queue numbers it and answers the message, while it is neither sent nor given up', async () => {
      const base = nextEpoch();
      const user = await register();
      const message = aMessage(user, at(base, 0));
      await uow.run((r) => r.outbox.enqueue(message));
      expect(await uow.run((r) => r.outbox.startAttempt(message.id, 1)))
        .toEqual({ ...message, sentAt: null, attempts: 1, lastError: null, givenUpAt: null });
      expect(await uow.run((r) => r.outbox.startAttempt(message.id, 3))).toMatchObject({ attempts: 3 });
      expect(await uow.run((r) => r.outbox.startAttempt(randomUUID(), 1))).toBeNull();
      expect(await uow.run((r) => r.outbox.startAttempt('not-a-uuid', 1))).toBeNull();
    });

    it('keeps when a message was first sent, and starts no attempt on it after', async () => {
      const base = nextEpoch();
      const user = await register();
      const message = aMessage(user, at(base, 0));
      await uow.run((r) => r.outbox.enqueue(message));
      await uow.run((r) => r.outbox.startAttempt(message.id, 1));
      await uow.run((r) => r.outbox.markSent(message.id, at(base, 1)));
      await uow.run((r) => r.outbox.markSent(message.id, at(base, 3)));
      await uow.run((r) => r.outbox.markGivenUp(message.id, at(base, 4)));
      expect(await find(message.id)).toMatchObject({ sentAt: at(base, 1), givenUpAt: null, attempts: 1 });
      expect(await uow.run((r) => r.outbox.startAttempt(message.id, 2))).toBeNull();
    });

    it('keeps the error of a failed attempt unless a later attempt started; a message given up stays unsent', async () => {
      const base = nextEpoch();
      const user = await register();
      const message = aMessage(user, at(base, 0));
      await uow.run((r) => r.outbox.enqueue(message));
      await uow.run((r) => r.outbox.startAttempt(message.id, 1));
      await uow.run((r) => r.outbox.recordFailure(message.id, 1, '451 greylisted'));
      expect(await find(message.id)).toMatchObject({ attempts: 1, lastError: '451 greylisted', sentAt: null, givenUpAt: null });
      await uow.run((r) => r.outbox.startAttempt(message.id, 2));
      await uow.run((r) => r.outbox.recordFailure(message.id, 1, 'timed out'));
      expect(await find(message.id)).toMatchObject({ attempts: 2, lastError: '451 greylisted' });
      await uow.run((r) => r.outbox.recordFailure(message.id, 2, '550 mailbox unavailable'));
      await uow.run((r) => r.outbox.markGivenUp(message.id, at(base, 5)));
      await uow.run((r) => r.outbox.markGivenUp(message.id, at(base, 9)));
      expect(await find(message.id)).toMatchObject({ attempts: 2, lastError: '550 mailbox unavailable', sentAt: null, givenUpAt: at(base, 5) });
      expect(await uow.run((r) => r.outbox.startAttempt(message.id, 3))).toBeNull();
      expect((await uow.run((r) => r.outbox.list({ offset: 0, limit: 1000, unsentOnly: true }))).messages.map((m) => m.id)).toContain(message.id);
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
