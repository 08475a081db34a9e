import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ExtractionOutcome, ExtractionTask } from './extraction.protocol.ts';

export interface ExtractionPoolOptions {
  /** Upper bound on threads; never more than `os.availableParallelism()` (OCR is CPU-bound). */
  maxThreads?: number;
  /** How long a thread beyond the first stays warm without work, in milliseconds. */
  idleTimeoutMs?: number;
  /** The JavaScript heap a thread may use, in MiB; a thread that needs more is ended and replaced. */
  maxHeapMb?: number;
}

/**
 * pdf.js keeps a page's parsed content (its fonts, its operator list) on the heap while it reads it: a few
 * dozen MiB for real documents. A thread over this limit is ended by Node (ERR_WORKER_OUT_OF_MEMORY) instead
 * of taking the server's memory; piscina starts another. Decoded streams and canvases live outside the heap:
 * the stream budget and the image and render limits of the worker bound those.
 */
export const DEFAULT_MAX_HEAP_MB = 256;

/**
 * The worker file by URL relative to this module, so it resolves the same under tsx, vitest and plain Node.
 * Piscina starts a bare worker thread for it: Node strips its types itself (see the worker's header), and
 * when the process runs under tsx the thread inherits tsx's `--import` through `process.execArgv`.
 */
const workerUrl = new URL('./extraction.worker.ts', import.meta.url).href;

/**
 * Worker threads that read PDFs. Started on first use, kept warm (each thread keeps its pdf.js module and
 * its Tesseract worker between documents), destroyed by `close()`; a later `run` starts it again.
 * One document is one task, so a long scan holds one thread and other uploads use the others.
 */
export class ExtractionPool {
  readonly #options: ExtractionPoolOptions;
  #piscina: Piscina<ExtractionTask, ExtractionOutcome> | undefined;

  constructor(options: ExtractionPoolOptions = {}) {
    this.#options = options;
  }

  get maxThreads(): number {
    return Math.max(1, Math.min(this.#options.maxThreads ?? Number.POSITIVE_INFINITY, availableParallelism()));
  }

  /**
   * `task.bytes.buffer` and `task.port` are transferred: the caller must not use them afterwards. An aborted
   * `signal` ends the thread reading the task (piscina starts another) and rejects with an `AbortError`.
   */
  run(task: ExtractionTask, signal?: AbortSignal): Promise<ExtractionOutcome> {
    this.#piscina ??= new Piscina<ExtractionTask, ExtractionOutcome>({
      filename: workerUrl,
      minThreads: 1,
      maxThreads: this.maxThreads,
      // A thread's Tesseract worker holds ~100 MB of model: let spare threads go after a quiet spell.
      idleTimeout: this.#options.idleTimeoutMs ?? 5 * 60_000,
      // Tesseract holds one recognition at a time: one document per thread.
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: this.#options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB },
    });
    return this.#piscina.run(task, { transferList: [task.bytes.buffer as ArrayBuffer, task.port], signal });
  }

  /** Terminates every thread; documents being read fail. Idempotent. */
  async close(): Promise<void> {
    const piscina = this.#piscina;
    this.#piscina = undefined;
    await piscina?.destroy();
  }
}

/** The process's pool: every `PdfjsTextExtractor` built without its own pool shares it. */
export const sharedExtractionPool = new ExtractionPool();
