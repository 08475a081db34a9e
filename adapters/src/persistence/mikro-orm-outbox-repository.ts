import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import type { MessageKind, NewOutboxMessage, OutboxMessage, OutboxQuery, OutboxRepository } from '@civicwatch/core';
import { OutboxMessageEntity } from './entities/outbox-message.entity.ts';
import { isUuid } from './sql-helpers.ts';

type OutboxRow = InferEntity<typeof OutboxMessageEntity>;

/** Queues the delivery job of one outbox message, in the transaction that writes the message (ADR 0028). */
export interface MailJobQueue {
  enqueue(messageId: string): Promise<void>;
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
  givenUpAt: row.givenUpAt ?? null,
});

export class MikroOrmOutboxRepository implements OutboxRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly mailJobs: MailJobQueue,
  ) {}

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
    });
    await this.mailJobs.enqueue(message.id);
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

  async startAttempt(id: string, attempt: number): Promise<OutboxMessage | null> {
    if (!isUuid(id)) return null;
    const counted = await this.em.nativeUpdate(OutboxMessageEntity, { id, sentAt: null, givenUpAt: null }, { attempts: attempt });
    if (counted === 0) return null;
    const row = await this.em.findOne(OutboxMessageEntity, { id }, { disableIdentityMap: true });
    return row ? toMessage(row) : null;
  }

  async markSent(id: string, at: Date): Promise<void> {
    if (!isUuid(id)) return;
    await this.em.nativeUpdate(OutboxMessageEntity, { id, sentAt: null }, { sentAt: at });
  }

  async recordFailure(id: string, attempt: number, error: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.em.nativeUpdate(OutboxMessageEntity, { id, sentAt: null, attempts: attempt }, { lastError: error });
  }

  async markGivenUp(id: string, at: Date): Promise<void> {
    if (!isUuid(id)) return;
    await this.em.nativeUpdate(OutboxMessageEntity, { id, sentAt: null, givenUpAt: null }, { givenUpAt: at });
  }
}
