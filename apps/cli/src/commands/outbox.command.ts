import type { Command } from 'commander';
import { z } from 'zod';
import { ListOutbox, outboxListQuerySchema, outboxStatusOf, toOutboxMessageView, type OutboxMessage } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { listingCommand, printPage } from '../paging.ts';
import { parseWith, type CommandOutcome } from '../command-outcome.ts';
import { explain } from '../help.ts';

/** The API's paging of the outbox (at most 100 to a page), and --json. */
const outboxOptionsSchema = outboxListQuerySchema.extend({ json: z.boolean().default(false) });
export type OutboxOptions = z.input<typeof outboxOptionsSchema>;

const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** "sent 2026-03-15 12:00", "pending", "pending, 2 attempts: 451 …", "failed, 10 attempts: 550 …" (the error cut short). */
export const describeDelivery = (message: Pick<OutboxMessage, 'sentAt' | 'givenUpAt' | 'attempts' | 'lastError'>): string => {
  const status = outboxStatusOf(message);
  if (status === 'sent') return `sent ${minute(message.sentAt!)}`;
  const tried = message.attempts > 0 ? `${status}, ${message.attempts} attempt${message.attempts === 1 ? '' : 's'}` : status;
  return message.lastError ? `${tried}: ${oneLine(message.lastError, 50)}` : tried;
};

/**
 * The e-mail outbox, newest first, as GET /api/admin/outbox shows it: without SMTP_URL, where every e-mail
 * waits. The table leaves out the bodies; --json has each message whole.
 */
export async function outboxCommand(runtime: Runtime, raw: OutboxOptions): Promise<CommandOutcome> {
  const parsed = parseWith('outbox', outboxOptionsSchema, raw);
  if (!parsed.ok) return parsed.outcome;
  const options = parsed.value;
  const { messages, total } = await runtime.container.get(ListOutbox).execute({ offset: (options.page - 1) * options.pageSize, limit: options.pageSize });
  return printPage({ items: messages, total }, options, {
    key: 'messages', noun: 'message(s)', view: toOutboxMessageView,
    headers: ['Created (UTC)', 'To', 'Subject', 'Kind', 'Delivery'],
    row: (m) => [minute(m.createdAt), m.to, oneLine(m.subject, 60), m.kind, describeDelivery(m)],
  });
}

export function registerOutboxCommand(program: Command) {
  explain(listingCommand(program
    .command('outbox')
    .description('the e-mail outbox, newest first: what was sent, what waits (all of it without SMTP_URL) and what failed'), {
    name: 'outbox', schema: outboxOptionsSchema, pageSize: '20', itemsPerPage: 'messages per page (at most 100)',
    json: 'print JSON, with each message whole, instead of a table', run: outboxCommand,
  }), {
    environment: ['database'],
    examples: [['civicwatch outbox'], ['civicwatch outbox --json', 'with each message whole, such as a verification link']],
  });
}
