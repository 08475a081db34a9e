import assert from 'node:assert/strict';
import { ListOutbox, type OutboxMessage } from '@civicwatch/core';
import type { CivicWorld } from './world.ts';

// The mailbox: what the outbox holds for an address, newest first, as its owner would read it.

export const mailTo = async (world: CivicWorld, email: string): Promise<OutboxMessage[]> =>
  (await world.runtime.container.get(ListOutbox).execute({ limit: 100 })).messages.filter((m) => m.to === email.toLowerCase());

/** The tokens of the links to `page` e-mailed to `email`, newest first. */
export const linkTokens = async (world: CivicWorld, email: string, page: string): Promise<string[]> =>
  (await mailTo(world, email)).flatMap((m) => {
    const link = new RegExp(`${page}\\?token=(\\S+)`).exec(m.text);
    return link ? [decodeURIComponent(link[1]!)] : [];
  });

export const newestLink = async (world: CivicWorld, email: string, page: string): Promise<string> => {
  const [token] = await linkTokens(world, email, page);
  assert.ok(token, `no ${page} link has been e-mailed to ${email}`);
  return token;
};
