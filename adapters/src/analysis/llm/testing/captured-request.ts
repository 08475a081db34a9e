import type { CapturedRequest } from './fake-language-model.ts';

/** Reads an intercepted request into the shape FakeLanguageModel records. */
export async function captureRequest(request: Request): Promise<CapturedRequest> {
  const rawBody = await request.text();
  return { url: request.url, headers: request.headers, rawBody, body: JSON.parse(rawBody) as CapturedRequest['body'] };
}

/** Holds a response until the client gives up (its abort reaches the handler through `request.signal`). */
export function untilAborted(request: Request): Promise<void> {
  return new Promise((resolve) => {
    if (request.signal.aborted) resolve();
    request.signal.addEventListener('abort', () => resolve(), { once: true });
    // A safety net so a test that forgets its timeout cannot hang the run.
    setTimeout(resolve, 10_000).unref();
  });
}
