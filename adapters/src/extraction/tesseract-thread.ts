/**
 * The script of each Tesseract thread (tesseract.js's `workerPath`). It does what tesseract.js's own Node script
 * does (`tesseract.js/src/worker-script/node/index.js`: hand the thread's messages to the worker script, with an
 * adapter for files and the network) but for three things:
 * - the thread's `console` goes to the extraction worker's debug log (`tesseract-output.ts`), before the
 *   WebAssembly core loads and binds it;
 * - a model is read from its npm package whatever the language (`modelFile`): tesseract.js looks for every
 *   language in one folder, and each of ours is a package of its own;
 * - nothing is fetched, written or cached: a missing model is an installation error, not a download.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { format } from 'node:util';
import { parentPort } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { modelFile } from './ocr-languages.ts';
import { captureConsole } from './tesseract-output.ts';

captureConsole(format);

interface WorkerScript {
  setAdapter(adapter: object): void;
  dispatchHandlers(packet: unknown, send: (message: unknown) => void): void;
}

const require = createRequire(import.meta.url);
const script = require('tesseract.js/src/worker-script/index.js') as WorkerScript;
script.setAdapter({
  getCore: require('tesseract.js/src/worker-script/node/getCore.js') as unknown,
  gunzip: gunzipSync,
  fetch: (url: string) => Promise.reject(new Error(`OCR data is read from its installed package, never fetched (${url})`)),
  readCache: (path: string) => readFile(modelFile(basename(path))),
  writeCache: () => Promise.resolve(),
  deleteCache: () => Promise.resolve(),
  checkCache: () => Promise.resolve(false),
});

const port = parentPort;
if (!port) throw new Error('tesseract-thread.ts runs as a worker thread');
port.on('message', (packet: unknown) => script.dispatchHandlers(packet, (message) => port.postMessage(message)));
