import { domainError, type DomainError } from '../shared/domain-error.ts';
import { err, ok, type Result } from '../shared/result.ts';

/** How many progress streams may be open at once (PROGRESS_STREAMS_PER_USER, PROGRESS_STREAMS_PER_PROCESS). */
export interface ProgressWatchLimits {
  perUser: number;
  perProcess: number;
}

export const TOO_MANY_OWN_STREAMS_MESSAGE = 'Too many progress streams are open for this account. Close another tab, or wait for an analysis to finish.';
export const TOO_MANY_STREAMS_MESSAGE = 'Too many progress streams are open on this server. Please try again in a minute.';

/**
 * The progress streams open in this process, held to a number per user and in all (ADR 0005): each is a
 * subscription to the shared poll and an open connection. Keep one per process (the container binds one), so
 * that the count is the process's. A slot is taken before any database work, so a refused stream costs nothing.
 */
export class ProgressWatchers {
  readonly #perUser = new Map<string, number>();
  #open = 0;

  constructor(private readonly limits: ProgressWatchLimits) {}

  /** Takes a slot for one of `userId`'s streams; answers the function that gives it back (once, however often called). */
  take(userId: string): Result<() => void, DomainError> {
    const own = this.#perUser.get(userId) ?? 0;
    if (own >= this.limits.perUser) return err(domainError('rate.limited', TOO_MANY_OWN_STREAMS_MESSAGE));
    if (this.#open >= this.limits.perProcess) return err(domainError('rate.limited', TOO_MANY_STREAMS_MESSAGE));
    this.#perUser.set(userId, own + 1);
    this.#open += 1;
    let held = true;
    return ok(() => {
      if (!held) return;
      held = false;
      this.#open -= 1;
      const left = (this.#perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.#perUser.set(userId, left);
      else this.#perUser.delete(userId);
    });
  }

  /** Slots taken now, in all or by one user. */
  open(userId?: string): number {
    return userId === undefined ? this.#open : this.#perUser.get(userId) ?? 0;
  }
}
