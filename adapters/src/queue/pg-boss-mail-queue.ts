import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobWithMetadata } from 'pg-boss';
import type { MailDelivery } from '@civicwatch/core';
import type { MailJobQueue } from '../persistence/mikro-orm-outbox-repository.ts';
import { PgBossJobs, QUEUE_SCHEMA, type QueueLogger } from './pg-boss-jobs.ts';

/** The delivery jobs of outbox messages, and where a job goes once its every attempt failed (ADR 0028). */
export const MAIL_QUEUE = 'mail';
export const UNDELIVERABLE_MAIL_QUEUE = 'mail-undeliverable';

/**
 * Attempt policy (ADR 0028): ten attempts. pg-boss's backoff waits 1–2 minutes after the first failure, twice as
 * long after each next one (a random point in [d, 2d]), at most 4 hours: 8 to 12 hours from the first attempt to
 * the last. An attempt that outlives its 10 minutes (its process died mid-send) counts as failed and is retried.
 * Retention stays pg-boss's (a job waits 14 days at most): a message whose job went meanwhile, with no worker to
 * take it, is queued again when a mail worker starts (`#requeueUnqueued`).
 */
export const MAIL_POLICY = { retryLimit: 9, retryDelay: 60, retryBackoff: true, retryDelayMax: 4 * 3600, expireInSeconds: 10 * 60 } as const;
const POLL_INTERVAL_SECONDS = 2;

interface MailJob {
  messageId: string;
}

const isMailJob = (data: unknown): data is MailJob =>
  typeof data === 'object' && data !== null && typeof (data as MailJob).messageId === 'string';

export interface MailWorkerHandlers {
  /** Sends the message, or answers false when there is nothing to send; throws for the queue to retry. */
  deliver(delivery: MailDelivery): Promise<boolean>;
  /** The job's every attempt failed. */
  giveUp(messageId: string): Promise<unknown>;
}

/**
 * E-mail delivery on the process's pg-boss (ADR 0028): the outbox writes a message's job in the transaction that
 * writes the message, its id the message's. A mail worker runs only where SMTP_URL is set; elsewhere the jobs wait.
 */
export class PgBossMailQueue {
  constructor(private readonly jobs: PgBossJobs) {
    jobs.define(
      { name: UNDELIVERABLE_MAIL_QUEUE, policy: { retryLimit: 5, retryDelay: 5 } },
      { name: MAIL_QUEUE, policy: { ...MAIL_POLICY, deadLetter: UNDELIVERABLE_MAIL_QUEUE } },
    );
  }

  /** The mail jobs of one unit-of-work transaction. */
  within(em: EntityManager): MailJobQueue {
    return {
      enqueue: async (messageId) => {
        await this.jobs.boss.send(MAIL_QUEUE, { messageId } satisfies MailJob, { id: messageId, db: PgBossJobs.transactionOf(em) });
      },
    };
  }

  /** Once the process's job queue has started: queues the messages that have no job, then delivers, one at a time. */
  async work(handlers: MailWorkerHandlers, logger?: QueueLogger): Promise<void> {
    const boss = this.jobs.boss;
    const worker = this.jobs.instanceName;
    await this.#requeueUnqueued(logger);
    await boss.work(MAIL_QUEUE, { includeMetadata: true, pollingIntervalSeconds: POLL_INTERVAL_SECONDS }, async ([job]: JobWithMetadata<unknown>[]) => {
      if (!job || !isMailJob(job.data)) throw new Error(`Mail job ${job?.id} names no message`);
      const delivery = { messageId: job.data.messageId, attempt: job.retryCount + 1 };
      try {
        if (await handlers.deliver(delivery)) logger?.info({ ...delivery, worker }, 'sent an e-mail');
      } catch (error) {
        logger?.warn({ ...delivery, worker, err: error, lastAttempt: job.retryCount >= job.retryLimit }, 'e-mail delivery failed');
        throw error;
      }
    });
    await boss.work(UNDELIVERABLE_MAIL_QUEUE, { pollingIntervalSeconds: POLL_INTERVAL_SECONDS }, async ([job]) => {
      if (!job || !isMailJob(job.data)) throw new Error(`Undeliverable mail job ${job?.id} names no message`);
      logger?.warn({ messageId: job.data.messageId, worker }, 'gave up an e-mail whose every delivery attempt failed');
      await handlers.giveUp(job.data.messageId);
    });
  }

  /**
   * Queues every unsent message not given up that has no job: written by a process without the job queue, or
   * before e-mail ran on it, restored from a backup (which holds no queue, ADR 0011), or waiting longer than the
   * queue's retention with no mail worker to take it. Ids are the messages', so instances starting together
   * queue each once.
   */
  async #requeueUnqueued(logger?: QueueLogger): Promise<void> {
    const boss = this.jobs.boss;
    const { rows } = await boss.getDb().executeSql(
      `select o.id from outbox o
        where o.sent_at is null and o.given_up_at is null
          and not exists (select 1 from ${QUEUE_SCHEMA}.job j where j.name = $1 and j.id = o.id)
        order by o.created_at, o.id`, [MAIL_QUEUE]);
    const ids = (rows as Array<{ id: string }>).map((row) => row.id);
    if (ids.length === 0) return;
    await boss.insert(MAIL_QUEUE, ids.map((id) => ({ id, data: { messageId: id } satisfies MailJob })));
    logger?.info({ messages: ids.length }, 'queued the delivery of unsent e-mail that had no job');
  }
}
