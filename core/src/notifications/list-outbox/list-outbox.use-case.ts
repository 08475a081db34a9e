import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { OutboxMessage, OutboxQuery } from '../outbox.port.ts';

export const OUTBOX_PAGE_LIMIT = 100;

/**
 * The outbox for administrators, newest first: without SMTP_URL it is where e-mail waits (DECISIONS
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
