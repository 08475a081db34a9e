import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { OUTBOX_PAGE_LIMIT, type OutboxStatus } from '../../contracts/outbox.contract.ts';
import type { OutboxMessage, OutboxQuery } from '../outbox.port.ts';

/**
 * The outbox for administrators, newest first: without SMTP_URL it is where e-mail waits (docs/product/self-hosting.md
 * "Embedded defaults"); with it, it shows what was sent and what keeps failing, with the last error.
 * Callers check that the caller is an administrator.
 */
export class ListOutbox {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(query: Partial<OutboxQuery> = {}): Promise<{ messages: OutboxMessage[]; total: number }> {
    const limit = Math.min(Math.max(0, Math.trunc(query.limit ?? 20)), OUTBOX_PAGE_LIMIT);
    const offset = Math.max(0, Math.trunc(query.offset ?? 0));
    return this.uow.run(({ outbox }) => outbox.list({ offset, limit, unsentOnly: query.unsentOnly ?? false }));
  }
}

/** Sent once accepted; failed once delivery gave up; otherwise pending (waiting for an attempt or a retry). */
export const outboxStatusOf = (message: Pick<OutboxMessage, 'sentAt' | 'givenUpAt'>): OutboxStatus =>
  message.sentAt ? 'sent' : message.givenUpAt ? 'failed' : 'pending';

/** The API's, the panel's and `civicwatch outbox --json`'s shape of a message (outboxMessageViewSchema). */
export const toOutboxMessageView = (message: OutboxMessage) => ({
  id: message.id,
  userId: message.userId,
  to: message.to,
  subject: message.subject,
  kind: message.kind,
  text: message.text,
  status: outboxStatusOf(message),
  attempts: message.attempts,
  lastError: message.lastError,
  createdAt: message.createdAt.toISOString(),
  sentAt: message.sentAt?.toISOString() ?? null,
  givenUpAt: message.givenUpAt?.toISOString() ?? null,
});
