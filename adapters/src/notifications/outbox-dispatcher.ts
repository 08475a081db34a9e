import type { DeliverOutbox, DeliveryReport } from '@civicwatch/core';

/** The pino calls the dispatcher makes; the server passes its logger. */
export interface DispatcherLogger {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface OutboxDispatcherOptions {
  /** Between passes over the outbox. */
  intervalMs?: number;
  logger?: DispatcherLogger;
}

export const DEFAULT_OUTBOX_INTERVAL_MS = 5_000;

/**
 * Delivers the outbox in the background while the server runs (ADR 0007): a pass at start, then one every
 * few seconds, never two at once in this process (other processes are kept apart by the outbox's claims).
 * A pass that breaks (the database restarting) is logged and the next one tries again.
 */
export class OutboxDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DeliveryReport> | undefined;
  private stopped = true;

  constructor(
    private readonly deliver: DeliverOutbox,
    private readonly options: OutboxDispatcherOptions = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Waits for a pass under way; nothing starts after. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass now, or the pass under way. */
  runOnce(): Promise<DeliveryReport> {
    this.running ??= this.deliver.execute().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // Delivery never keeps a process alive on its own: the server's listener does.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      const report = await this.runOnce();
      if (report.sent + report.failed > 0) this.options.logger?.info(report, 'outbox delivery');
    } catch (error) {
      this.options.logger?.error({ err: error }, 'outbox delivery failed; retrying on the next pass');
    }
    this.schedule(this.options.intervalMs ?? DEFAULT_OUTBOX_INTERVAL_MS);
  }
}
