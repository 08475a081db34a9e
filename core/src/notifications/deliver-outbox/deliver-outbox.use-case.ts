import type { Clock } from '../../shared/clock.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { MailSender } from '../mail-sender.port.ts';

/** After this many failed attempts a message stays in the outbox, unsent, with its last error for administrators. */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** How long a claimed message is left to its sender before another may try: far above a mail server's timeouts. */
export const DELIVERY_LEASE_MS = 10 * 60_000;

/** 1, 2, 4… minutes after the nth failed attempt, at most 4 hours: about 9 hours from the first to the last. */
export const retryDelayMs = (attempts: number): number => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 4 * 3_600_000);

export interface DeliveryReport {
  sent: number;
  failed: number;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends what is due in the outbox, one message at a time. Each message is claimed in one short transaction,
 * sent outside any transaction (on the embedded database an open transaction holds every connection, and
 * a mail server may take seconds), then marked sent or failed in another. The claim keeps other senders
 * off the message (ADR 0007), so however many processes deliver, a message goes out once; only a process
 * that dies between the server's acceptance and the mark sends it again when the claim runs out.
 */
export class DeliverOutbox {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sender: MailSender,
    private readonly clock: Clock,
  ) {}

  async execute(limit = 50): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0 };
    for (let i = 0; i < limit; i++) {
      const now = this.clock.now();
      const message = await this.uow.run(({ outbox }) => outbox.claimNextDue(now, new Date(now.getTime() + DELIVERY_LEASE_MS)));
      if (!message) break;
      try {
        await this.sender.send({ to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        const retryAt = message.attempts >= MAX_DELIVERY_ATTEMPTS ? null : new Date(this.clock.now().getTime() + retryDelayMs(message.attempts));
        await this.uow.run(({ outbox }) => outbox.markFailed(message.id, message.attempts, describe(error), retryAt));
        report.failed += 1;
        continue;
      }
      await this.uow.run(({ outbox }) => outbox.markSent(message.id, this.clock.now()));
      report.sent += 1;
    }
    return report;
  }
}
