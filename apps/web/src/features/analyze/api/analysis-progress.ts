import { analysisProgressEventSchema, isFinalProgress, type AnalysisProgressEvent } from '@civicwatch/core/contracts/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const progressPath = (progressId: string) => `/api/analyze/progress/${encodeURIComponent(progressId)}`;

/** POST /api/analyze/progress/{progressId}/cancel: the analysis stops and its credit comes back (docs/product/analysis.md "Cancelling"). */
export async function cancelAnalysis(progressId: string): Promise<void> {
  await apiRequest(`${progressPath(progressId)}/cancel`, { method: 'POST' });
}

/** `EventSource.CLOSED`: the browser gave the stream up and will not reconnect by itself. */
const CLOSED = 2;
/** The POST has usually been taken in by then (a refused stream is retried anyway). */
export const FIRST_OPEN_MS = 300;
const RETRY_MS = [1_000, 2_000, 4_000];

/**
 * Follows GET /api/analyze/progress/{progressId} (server-sent events, same origin, session cookie) and
 * hands each well-formed event to `onEvent`. Returns the function that stops listening. Without
 * EventSource (very old browsers) there is simply no progress to show.
 *
 * The server opens the stream only once the POST has taken the analysis in, and refuses streams beyond a few
 * per user (404 and 429, ADR 0005); EventSource does not reconnect after a refusal, so this opens it again,
 * a little later each time, until stopped: the first stream that opens hears the latest stage.
 */
export function openAnalysisProgress(progressId: string, onEvent: (event: AnalysisProgressEvent) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let stopped = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const open = () => {
    timer = null;
    if (stopped) return;
    const current = new EventSource(progressPath(progressId), { withCredentials: true });
    source = current;
    current.onmessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = analysisProgressEventSchema.safeParse(data);
      if (!parsed.success) return;
      onEvent(parsed.data);
      // The stream ends after the final event; closing stops the browser from reconnecting.
      if (isFinalProgress(parsed.data)) stop();
    };
    current.onerror = () => {
      // While connecting again the browser retries by itself; a refused stream is closed for good.
      if (stopped || current.readyState !== CLOSED) return;
      timer = setTimeout(open, RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)]);
      attempts += 1;
    };
  };

  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
  timer = setTimeout(open, FIRST_OPEN_MS);
  return stop;
}
