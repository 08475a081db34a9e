import { analysisProgressEventSchema, type AnalysisProgressEvent } from '@civicwatch/core/contracts/index.ts';

export const progressPath = (progressId: string) => `/api/analyze/progress/${encodeURIComponent(progressId)}`;

/**
 * Follows GET /api/analyze/progress/{progressId} (server-sent events, same origin, session cookie) and
 * hands each well-formed event to `onEvent`. Returns the function that stops listening. Without
 * EventSource (very old browsers) there is simply no progress to show.
 */
export function openAnalysisProgress(progressId: string, onEvent: (event: AnalysisProgressEvent) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(progressPath(progressId), { withCredentials: true });
  source.onmessage = (message: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = analysisProgressEventSchema.safeParse(data);
    if (!parsed.success) return;
    onEvent(parsed.data);
    // The stream ends after done or failed; closing stops the browser from reconnecting.
    if (parsed.data.stage === 'done' || parsed.data.stage === 'failed') source.close();
  };
  return () => source.close();
}
