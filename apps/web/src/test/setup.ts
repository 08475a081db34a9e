import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadToastViewport } from '../components/ui/toaster.tsx';
import { loadDocumentPictures } from '../features/analyze/components/analysis-results.tsx';
import { loadEveryPage } from '../routes/lazy-page.ts';
import { server } from './server.ts';

// The first render of a file pays for module loading; on a busy machine that exceeds the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: the router's scroll restoration has nothing to scroll.
window.scrollTo = () => {};

// Nor does it observe sizes, which Radix popovers ask for to place themselves.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/**
 * Uploads: the app sends jsdom FormData holding jsdom Files through Node's fetch, and in jsdom file parts
 * lose their names or never arrive. Browsers have no such seam. Here the body is encoded as the browser
 * would (multipart, with its boundary in the content type) before msw sees the request.
 */
async function encodeMultipart(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const boundary = `----civicwatch-test-${crypto.randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
    } else {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${key}"; filename="${value.name}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`;
      chunks.push(Buffer.from(head), Buffer.from(await value.arrayBuffer()), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
function encodeUploadsLikeABrowser() {
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!(init?.body instanceof FormData)) return inner(input, init);
    const { body, contentType } = await encodeMultipart(init.body);
    const headers = new Headers(init.headers);
    headers.set('Content-Type', contentType);
    return inner(input, { ...init, body: body as BodyInit, headers });
  }) as typeof fetch;
}

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  encodeUploadsLikeABrowser();
});
// The app's pages, the toasts' viewport and a result's pictures are lazy chunks: here their code loads, without the
// time limit of a test's waits (as when everything was imported up front). Settled, not all fulfilled: a test may
// make one fail.
beforeAll(() => Promise.allSettled([loadEveryPage(), loadToastViewport(), loadDocumentPictures()]), 120_000);
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
