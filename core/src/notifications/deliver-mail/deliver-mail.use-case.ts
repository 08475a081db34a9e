import type { Clock } from '../../shared/clock.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { MailSender } from '../mail-sender.port.ts';

/** One delivery attempt of an outbox message, as its mail job hands it to a worker (ADR 0028). */
export interface MailDelivery {
  messageId: string;
  /** From 1: the job queue counts the attempts, spaces them out and gives up after the last. */
  attempt: number;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends one outbox message: the attempt is counted in one short transaction, the message sent outside any
 * transaction (on the embedded database an open transaction holds every connection, and a mail server may
 * take seconds), then marked sent in another. A failure is kept on the row for administrators and thrown
 * again, so that the queue retries the job later. Answers false when there was nothing to send: the message
 * was sent already (a job retried after its process died between the mark and the job's completion), was
 * given up, or went with its account.
 */
export class DeliverMail {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sender: MailSender,
    private readonly clock: Clock,
  ) {}

  async execute(delivery: MailDelivery): Promise<boolean> {
    const message = await this.uow.run(({ outbox }) => outbox.startAttempt(delivery.messageId, delivery.attempt));
    if (!message) return false;
    try {
      await this.sender.send({ to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      await this.uow.run(({ outbox }) => outbox.recordFailure(message.id, delivery.attempt, describe(error)));
      throw error;
    }
    await this.uow.run(({ outbox }) => outbox.markSent(message.id, this.clock.now()));
    return true;
  }
}
