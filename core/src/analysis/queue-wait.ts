import type { QueueStanding } from './analysis-jobs.port.ts';

/**
 * How long a queued analysis will wait for a worker, in seconds, from how long recent analyses ran: the
 * median, so that one long scan does not make every estimate long. Each busy worker frees up, on average,
 * half a run from now, and then takes the next job ahead; the workers busy now are as many as there are to
 * share the queue (a free one would have taken the job). Undefined until some analysis has run.
 */
export function estimatedWaitSeconds({ ahead, running, recentRunSeconds }: QueueStanding): number | undefined {
  if (recentRunSeconds.length === 0) return undefined;
  const sorted = [...recentRunSeconds].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const workers = Math.max(1, running);
  return Math.round(median * (ahead / workers + (running > 0 ? 0.5 : 0)));
}
