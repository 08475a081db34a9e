/**
 * Tesseract compiled to WebAssembly (tesseract.js), in threads of the extraction process: the OCR engine of a
 * fresh clone, which needs no system package (ADR 0025). Native `tesseract` reads the same page in less than
 * half the processor time, and is used instead where it is installed (`native-tesseract-engine.ts`).
 *
 * Loaded inside the extraction worker by Node's own type stripping: erasable TypeScript only and `.ts`
 * extensions on relative imports.
 */
import Tesseract from 'tesseract.js';
import type { OcrLanguage } from './ocr-languages.ts';
import { rowsOf } from './ocr-rows.ts';
import type { OcrEngine, Orientation, Recognized } from './ocr-engine.ts';

/**
 * The thread script in place of tesseract.js's: it sends the thread's output to the debug log and reads each model
 * from its npm package (`tesseract-thread.ts`).
 */
const workerPath = new URL('./tesseract-thread.ts', import.meta.url).pathname;
const workerOptions = {
  workerPath,
  // Not a folder: the thread script finds each model by its file name (`modelFile`).
  langPath: 'tessdata',
  gzip: true,
  // Neither read from nor written beside the process: the privacy promise keeps no file behind.
  cacheMethod: 'none',
  // A failed job rejects its own promise; the default handler would also throw into this thread.
  errorHandler: () => {},
} satisfies Partial<Tesseract.WorkerOptions>;

/**
 * A job on a thread, which cannot be interrupted: a cancelled page ends the thread (`end` forgets it, so that the
 * next page starts another) and rejects at once with the signal's reason.
 */
async function cancellable<T>(worker: Tesseract.Worker, job: () => Promise<T>, signal: AbortSignal, end: () => void): Promise<T> {
  signal.throwIfAborted();
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      end();
      void worker.terminate().catch(() => {});
      reject(signal.reason);
    };
  });
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([job(), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The orientation thread (the legacy engine and its `osd` model, about 90 MB), one for the process, shared by
 * its readers: created on the first page that reads poorly upright.
 */
let orienter: Promise<Tesseract.Worker> | undefined;
function orientationWorker(): Promise<Tesseract.Worker> {
  const created = orienter ?? Tesseract.createWorker('osd', Tesseract.OEM.TESSERACT_ONLY, { ...workerOptions, legacyCore: true, legacyLang: true });
  orienter = created;
  created.catch(() => {
    if (orienter === created) orienter = undefined;
  });
  return created;
}

/**
 * One reader: a recognition thread, created on its first page and kept for every page and document after (loading
 * a model costs about half a second, reading a page seconds), its languages changed when a document needs others.
 */
export class TesseractJsEngine implements OcrEngine {
  #reader: { languages: string; worker: Promise<Tesseract.Worker> } | undefined;

  async recognize(image: Buffer, options: { dpi: number; languages: readonly OcrLanguage[]; signal: AbortSignal }): Promise<Recognized> {
    const reader = this.#readerFor(options.languages);
    const worker = await reader.worker;
    const forget = (): void => {
      if (this.#reader === reader) this.#reader = undefined;
    };
    return cancellable(worker, async () => {
      await worker.setParameters({
        user_defined_dpi: String(Math.round(options.dpi)),
        // One column of text of varying sizes (ADR 0021): what stands in a frame (a receipt stamp) is read, which
        // the library's default (PSM 6) leaves out, and more of a table's rows stay lines than with full layout
        // analysis (PSM 3); those it still splits into columns are joined again (ocr-rows.ts).
        tessedit_pageseg_mode: Tesseract.PSM.SINGLE_COLUMN,
      });
      const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
      return { text: rowsOf(data.blocks, data.text), confidence: data.confidence };
    }, options.signal, forget);
  }

  async detect(image: Buffer, options: { dpi: number; signal: AbortSignal }): Promise<Orientation | null> {
    const created = orientationWorker();
    const worker = await created;
    const forget = (): void => {
      if (orienter === created) orienter = undefined;
    };
    return cancellable(worker, async () => {
      await worker.setParameters({ user_defined_dpi: String(Math.round(options.dpi)) });
      const { data } = await worker.detect(image);
      const turn = data.orientation_degrees;
      if (turn !== 0 && turn !== 90 && turn !== 180 && turn !== 270) return null;
      return { turn, confidence: data.orientation_confidence ?? 0 };
    }, options.signal, forget);
  }

  /** Ends the reader's thread; the next page starts another. */
  async close(): Promise<void> {
    const reader = this.#reader;
    this.#reader = undefined;
    await (await reader?.worker.catch(() => undefined))?.terminate();
  }

  #readerFor(languages: readonly OcrLanguage[]): { languages: string; worker: Promise<Tesseract.Worker> } {
    const wanted = languages.join('+');
    const current = this.#reader;
    if (current?.languages === wanted) return current;
    const previous = current?.worker;
    const worker = previous
      ? previous.then(async (reader) => {
        // The same thread, its model changed: a second thread would hold a second core's worth of memory.
        await reader.reinitialize(wanted, Tesseract.OEM.LSTM_ONLY);
        return reader;
      })
      : Tesseract.createWorker(wanted, Tesseract.OEM.LSTM_ONLY, workerOptions);
    const reader = { languages: wanted, worker };
    this.#reader = reader;
    // A thread that failed to start or to change its languages is ended, and replaced on the next page.
    worker.catch(async () => {
      if (this.#reader === reader) this.#reader = undefined;
      await (await previous?.catch(() => undefined))?.terminate();
    });
    return reader;
  }
}
