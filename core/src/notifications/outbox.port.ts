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
  /** When it may be tried (again); null for a message sent or given up. */
  nextAttemptAt: Date | null;
}

export interface OutboxQuery {
  offset: number;
  limit: number;
  /** Only messages not (yet) accepted by a mail server. */
  unsentOnly?: boolean;
}

/**
 * The transactional outbox (ADR 0007): a message is a row written with the change it reports, so a rolled
 * back change sends nothing and a committed one always has its message. Delivery happens later, outside.
 */
export interface OutboxRepository {
  enqueue(message: NewOutboxMessage): Promise<void>;
  /** Newest first. */
  list(query: OutboxQuery): Promise<{ messages: OutboxMessage[]; total: number }>;
  /**
   * Takes the oldest message due at `now` for one delivery attempt: counts the attempt and moves its next
   * attempt to `leaseUntil`, so that no other claim (another process, another instance) takes it while it
   * is being sent. Concurrent claims never take the same message. Null when nothing is due.
   */
  claimNextDue(now: Date, leaseUntil: Date): Promise<OutboxMessage | null>;
  /** A mail server accepted it: never tried again. */
  markSent(id: string, at: Date): Promise<void>;
  /**
   * Attempt number `attempt` failed: keeps the error and sets the next attempt, or none (null) to give up.
   * Changes nothing when a later claim took the message meanwhile (this attempt outlived its lease).
   */
  markFailed(id: string, attempt: number, error: string, retryAt: Date | null): Promise<void>;
}
