import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import type { MessageKind, NewOutboxMessage, OutboxMessage, OutboxQuery, OutboxRepository } from '@civicwatch/core';
import { OutboxMessageEntity } from './entities/outbox-message.entity.ts';
import { isUuid } from './sql-helpers.ts';

type OutboxRow = InferEntity<typeof OutboxMessageEntity>;

interface RawOutboxRow {
  id: string;
  user_id: string | null;
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  created_at: Date | string;
  sent_at: Date | string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string | null;
}

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  userId: row.user ?? null,
  to: row.recipient,
  kind: row.kind as MessageKind,
  subject: row.subject,
  text: row.body,
  createdAt: row.createdAt,
  sentAt: row.sentAt ?? null,
  attempts: row.attempts,
  lastError: row.lastError ?? null,
  nextAttemptAt: row.nextAttemptAt ?? null,
});

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

const fromRaw = (row: RawOutboxRow): OutboxMessage => ({
  id: row.id,
  userId: row.user_id,
  to: row.recipient,
  kind: row.kind as MessageKind,
  subject: row.subject,
  text: row.body,
  createdAt: new Date(row.created_at),
  sentAt: date(row.sent_at),
  attempts: Number(row.attempts),
  lastError: row.last_error,
  nextAttemptAt: date(row.next_attempt_at),
});

export class MikroOrmOutboxRepository implements OutboxRepository {
  constructor(private readonly em: EntityManager) {}

  async enqueue(message: NewOutboxMessage): Promise<void> {
    await this.em.insert(OutboxMessageEntity, {
      id: message.id,
      user: message.userId,
      recipient: message.to,
      kind: message.kind,
      subject: message.subject,
      body: message.text,
      createdAt: message.createdAt,
      attempts: 0,
      nextAttemptAt: message.createdAt,
    });
  }

  async list(query: OutboxQuery): Promise<{ messages: OutboxMessage[]; total: number }> {
    const [rows, total] = await this.em.findAndCount(OutboxMessageEntity, query.unsentOnly ? { sentAt: null } : {}, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      offset: Math.max(0, query.offset),
      limit: Math.max(0, query.limit),
      disableIdentityMap: true,
    });
    return { messages: rows.map(toMessage), total };
  }

  /**
   * One statement: SKIP LOCKED passes over a row another transaction is claiming right now, and the outer
   * conditions, re-checked on the row as committed, refuse a row that such a claim has just taken.
   */
  async claimNextDue(now: Date, leaseUntil: Date): Promise<OutboxMessage | null> {
    const [row] = await this.em.execute<RawOutboxRow[]>(
      `update outbox set attempts = attempts + 1, next_attempt_at = ?
       where id = (
         select id from outbox
         where sent_at is null and next_attempt_at <= ?
         order by next_attempt_at, created_at, id
         limit 1
         for update skip locked)
       and sent_at is null and next_attempt_at <= ?
       returning *`,
      [leaseUntil, now, now],
    );
    return row ? fromRaw(row) : null;
  }

  async markSent(id: string, at: Date): Promise<void> {
    if (!isUuid(id)) return;
    await this.em.nativeUpdate(OutboxMessageEntity, { id, sentAt: null }, { sentAt: at, nextAttemptAt: null });
  }

  async markFailed(id: string, attempt: number, error: string, retryAt: Date | null): Promise<void> {
    if (!isUuid(id)) return;
    await this.em.nativeUpdate(OutboxMessageEntity, { id, sentAt: null, attempts: attempt }, { lastError: error, nextAttemptAt: retryAt });
  }
}
