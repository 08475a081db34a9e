import type { NewOutboxMessage, OutboxMessage, OutboxQuery, OutboxRepository } from '../../notifications/outbox.port.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

const oldestFirst = (a: OutboxMessage, b: OutboxMessage) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class InMemoryOutboxRepository implements OutboxRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async enqueue(message: NewOutboxMessage): Promise<void> {
    if (message.userId !== null && !this.db.state.users.has(message.userId)) throw new Error(`Unknown user ${message.userId}`);
    if (this.db.state.outbox.some((m) => m.id === message.id)) throw new Error(`Duplicate outbox message ${message.id}`);
    this.db.state.outbox.push(copy({ ...message, sentAt: null, attempts: 0, lastError: null, givenUpAt: null }));
  }

  async list(query: OutboxQuery): Promise<{ messages: OutboxMessage[]; total: number }> {
    const matches = this.db.state.outbox.filter((m) => !query.unsentOnly || m.sentAt === null).sort((a, b) => oldestFirst(b, a));
    const offset = Math.max(0, query.offset);
    return { messages: matches.slice(offset, offset + Math.max(0, query.limit)).map(copy), total: matches.length };
  }

  async startAttempt(id: string, attempt: number): Promise<OutboxMessage | null> {
    const message = this.db.state.outbox.find((m) => m.id === id);
    if (!message || message.sentAt !== null || message.givenUpAt !== null) return null;
    message.attempts = attempt;
    return copy(message);
  }

  async markSent(id: string, at: Date): Promise<void> {
    const message = this.db.state.outbox.find((m) => m.id === id);
    if (!message || message.sentAt !== null) return;
    message.sentAt = new Date(at);
  }

  async recordFailure(id: string, attempt: number, error: string): Promise<void> {
    const message = this.db.state.outbox.find((m) => m.id === id);
    if (!message || message.sentAt !== null || message.attempts !== attempt) return;
    message.lastError = error;
  }

  async markGivenUp(id: string, at: Date): Promise<void> {
    const message = this.db.state.outbox.find((m) => m.id === id);
    if (!message || message.sentAt !== null || message.givenUpAt !== null) return;
    message.givenUpAt = new Date(at);
  }
}
