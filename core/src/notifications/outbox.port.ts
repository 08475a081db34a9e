/**
 * What a message is about; welcome and the messages about the account's access (verification, password reset
 * and change, e-mail change) are essential account e-mail; receipts and analysis notices are optional.
 */
export const messageKinds = [
  'welcome', 'payment_receipt', 'analysis_complete',
  'email_verification', 'password_reset', 'password_changed', 'email_change_confirmation', 'email_change_notice',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** One e-mail as a mail server takes it: plain text, one recipient. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A message as written into the outbox, in the transaction of the change it reports. */
export interface NewOutboxMessage extends Mail {
  id: string;
  /** The account it was written for; they are deleted with the account (ADR 0009). Null for no account. */
  userId: string | null;
  kind: MessageKind;
  createdAt: Date;
}

export interface OutboxMessage extends NewOutboxMessage {
  /** Null until a mail server accepted it. */
  sentAt: Date | null;
  /** Delivery attempts so far, counted when an attempt starts. */
  attempts: number;
  lastError: string | null;
  /** When delivery gave up, its last attempt failed; null for a message sent or still tried. */
  givenUpAt: Date | null;
}

export interface OutboxQuery {
  offset: number;
  limit: number;
  /** Only messages not (yet) accepted by a mail server. */
  unsentOnly?: boolean;
}

/**
 * The transactional outbox (ADR 0007): a message is a row written with the change it reports, so a rolled
 * back change sends nothing and a committed one always has its message. Its delivery is a job of the job
 * queue, queued in the same transaction, which retries and gives up (ADR 0028); the row records how it went.
 */
export interface OutboxRepository {
  /** Writes the message and queues its delivery, both in the caller's transaction. */
  enqueue(message: NewOutboxMessage): Promise<void>;
  /** Newest first. */
  list(query: OutboxQuery): Promise<{ messages: OutboxMessage[]; total: number }>;
  /**
   * Delivery attempt number `attempt` (from 1) starts: records the count and answers the message. Null when
   * there is nothing to send: it was sent or given up already, or deleted with its account (ADR 0009).
   */
  startAttempt(id: string, attempt: number): Promise<OutboxMessage | null>;
  /** A mail server accepted it: never tried again. */
  markSent(id: string, at: Date): Promise<void>;
  /**
   * Attempt number `attempt` failed: keeps its error for administrators. Changes nothing once the message
   * was sent or a later attempt started.
   */
  recordFailure(id: string, attempt: number, error: string): Promise<void>;
  /** Every attempt failed: an unsent message shows as failed, with its last error, from `at` on. */
  markGivenUp(id: string, at: Date): Promise<void>;
}
