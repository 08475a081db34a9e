/**
 * What the Tesseract thread prints: Leptonica's complaints ("Error in pixCreateHeader: width must be > 0"),
 * Tesseract's diagnostics ("Line cannot be recognized!!"), tesseract.js's own notes. The WebAssembly core
 * prints them with the thread's `console`, which Node copies to the process's standard error, the CLI user's
 * terminal. `tesseract-thread.ts` sends them here instead, and the extraction process passes them to the
 * debug log.
 *
 * Loaded inside the extraction worker and its Tesseract threads by Node's own type stripping: erasable
 * TypeScript only.
 */
import { BroadcastChannel } from 'node:worker_threads';

/** One channel per process: a Tesseract thread posts each line it prints, the extraction worker listens. */
const CHANNEL = 'civicwatch:tesseract-output';

/** In a Tesseract thread: every `console` method posts its line to the channel instead of printing it. */
export function captureConsole(format: (...args: unknown[]) => string): void {
  const channel = new BroadcastChannel(CHANNEL);
  // The thread lives as long as tesseract.js keeps it; the channel must not keep it alive.
  channel.unref();
  const post = (...args: unknown[]): void => channel.postMessage(format(...args));
  console.log = post;
  console.info = post;
  console.warn = post;
  console.error = post;
  console.debug = post;
}

/** In the extraction worker: `onLine` gets every line a Tesseract thread of this process prints. */
export function listenToTesseract(onLine: (line: string) => void): void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  channel.onmessage = (event) => {
    const text = String(event.data).trimEnd();
    if (text) onLine(text);
  };
}
