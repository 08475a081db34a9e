/*
 * The pool of document-reading processes and the limits that follow them (ADR 0014, 0025): starting, keeping warm
 * and ending the processes, the queue of documents, and the memory and processor readings of each process's tree
 * (from /proc) that its watchdog and page clock act on. They stay in one module because the watchdog, the queue and
 * a process's replacement share each process's state; the process's own side is extraction.worker.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, platform } from 'node:os';
import type { ExtractionOutcome, ExtractionTask, CountQuery, FromWorkerMessage, LogMessage, ProgressMessage, StartedMessage, ToWorkerMessage } from './extraction.protocol.ts';
import type { DetectedLanguage } from './ocr-languages.ts';

export interface ExtractionPoolOptions {
  /** Upper bound on processes; never more than `os.availableParallelism()` (OCR is CPU-bound). */
  maxProcesses?: number;
  /** How many processes stay warm without work however long (1 by default: a server reads documents all day). */
  minWarm?: number;
  /**
   * Start every process (`maxProcesses`) as soon as one is needed: for work that soon needs them all at once, so
   * that none is started only when it is waited for.
   */
  startTogether?: boolean;
  /** How long a process beyond `minWarm` stays warm without work, in milliseconds. */
  idleTimeoutMs?: number;
  /** The JavaScript heap a process may use, in MiB; a process that needs more is ended. */
  maxHeapMb?: number;
  /** The memory a process may hold (its resident set), in MiB; a process over it is ended at once. */
  maxMemoryMb?: number;
  /**
   * How many scanned pages one document may have read at once (ADR 0025); `MAX_OCR_THREADS` and the cores at most.
   * Documents read side by side share the cores: each is given its share when it starts.
   */
  ocrThreads?: number;
}

/**
 * Pages of one document read at once, at most: each holds a page image and a Tesseract (a `tesseract` process of
 * about 70 MB, or a tesseract.js thread of about 150 MB and its isolate's code range, see `kernelLimitMarginMb`),
 * all within one process's memory limit. Reading runs in page order, so more readers than this gain little.
 */
export const MAX_OCR_THREADS = 4;

/**
 * pdf.js keeps a page's parsed content (its fonts, its operator list) on the heap while it reads it: a few dozen
 * MiB for real documents.
 */
export const DEFAULT_MAX_HEAP_MB = 256;
/**
 * What one document may hold at once: decoded streams and canvases live outside the JavaScript heap. The largest
 * page the stream budget lets through (256 MiB decoded) with pdf.js, Tesseract and its model fits; measured in
 * ADR 0014.
 */
export const DEFAULT_MAX_MEMORY_MB = 1024;
/**
 * A warm process that holds more than this after a document (about 140 MiB after reading an ordinary PDF, more
 * with the OCR model) is replaced, so that what a large document took goes back to the system.
 */
const RECYCLE_ABOVE_MB = 320;
/** How often a busy process's resident memory and processor time are read. */
const WATCH_MS = 50;
/**
 * The kernel's own ceiling on the process's writable memory (RLIMIT_DATA), set through util-linux's `prlimit`:
 * it stops an allocation between two polls. V8 and WebAssembly reserve address space they never touch, which
 * RLIMIT_DATA does not count; what they commit (about 600 MiB for Node 24 alone, more with pdf.js, the canvas and a Tesseract thread) it does, hence the margin.
 * Each thread's V8 isolate also maps a 512 MiB code range writable, which counts though it is hardly touched: a
 * process reading scans with tesseract.js has its own, one per reader (ADR 0025) and the orientation detection's
 * (ADR 0021): 3 GiB of data before its first page with two readers.
 */
const kernelLimitMarginMb = (ocrThreads: number): number => 1024 + 512 * (2 + ocrThreads);
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => platform() === 'linux' && existsSync(path));

/** Each process leads a process group of its own where there are process groups. */
const GROUPS = platform() !== 'win32';

/** The worker file by URL relative to this module; Node strips its types itself (see the worker's header). */
const workerPath = new URL('./extraction.worker.ts', import.meta.url).pathname;

/** Why a process was ended while it read a document. */
export class ExtractionProcessEnded extends Error {
  readonly reason: 'memory' | 'time' | 'crash';

  constructor(reason: 'memory' | 'time' | 'crash', detail: string) {
    super(`The extraction process ended: ${detail}`);
    this.reason = reason;
    this.name = 'ExtractionProcessEnded';
  }
}

interface Job {
  task: ExtractionTask;
  /** The processor time the process may spend opening the document or on one page. */
  pageTimeLimitMs: number;
  /** Processor time the process had used when it last started the document or a page; -1 before it starts. */
  cpuAtPageStart: number;
  wallAtPageStart: number;
  onMessage: (message: StartedMessage | ProgressMessage | LogMessage) => void;
  detectLanguage: (text: string) => Promise<DetectedLanguage>;
  countPage: (query: CountQuery) => number | null;
  resolve: (outcome: ExtractionOutcome) => void;
  reject: (error: unknown) => void;
}

interface Worker {
  child: ChildProcess;
  job?: Job;
  idle?: NodeJS.Timeout;
  watch?: NodeJS.Timeout;
  /** Set when we end the process, so its exit is not taken for a crash. */
  endedFor?: 'memory' | 'time' | 'abort' | 'close';
}

/** The process and the processes it started (native `tesseract`, one per page being read: ADR 0025). */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    try {
      for (const task of readdirSync(`/proc/${tree[index]}/task`)) {
        const children = readFileSync(`/proc/${tree[index]}/task/${task}/children`, 'latin1').split(' ').filter(Boolean);
        tree.push(...children.map(Number));
      }
    } catch {
      // Ended between the listing and the read.
    }
  }
  return tree;
}

/** The resident memory of the process and the processes it started, in MiB. */
function residentMb(pid: number | undefined): number {
  if (pid === undefined || platform() !== 'linux') return 0;
  let pages = 0;
  for (const member of processTree(pid)) {
    try {
      pages += Number(readFileSync(`/proc/${member}/statm`, 'latin1').split(' ')[1]);
    } catch {
      // Ended between the listing and the read.
    }
  }
  return (pages * 4096) / (1024 * 1024);
}

/** Linux counts processor time in ticks of 1/100 s (USER_HZ, fixed for user space). */
const TICK_MS = 10;

/** A process's `/proc/<pid>/stat` fields after its command name (which may hold spaces), in clock ticks. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * Processor time the process has used, all its threads (tesseract.js's included) and the processes it started
 * (native `tesseract`: those running, and those ended, which the kernel adds to it), in milliseconds; undefined
 * where `/proc` does not tell, and wall-clock time stands in.
 */
function processorMs(pid: number | undefined): number | undefined {
  if (pid === undefined || platform() !== 'linux') return undefined;
  const own = statFields(pid);
  if (!own) return undefined;
  // utime, stime, cutime and cstime are the 12th to 15th fields after the command name.
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const child of processTree(pid).slice(1)) {
    const fields = statFields(child);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}

/**
 * Child processes that read PDFs, one document each at a time (ADR 0014). A process, not a thread: its memory
 * is bounded by the kernel and by a watchdog on its resident set, and all of it goes back to the system when it
 * is ended, which a thread's decoded buffers do not (the allocator keeps them for the process). Started on first
 * use and kept warm (each keeps its pdf.js module and its Tesseract worker between documents); a process ended
 * for a limit or an abort is replaced by the next document; `close()` ends them all.
 */
export class ExtractionPool {
  readonly #options: ExtractionPoolOptions;
  readonly #workers = new Set<Worker>();
  readonly #queue: Job[] = [];
  /**
   * Whether a process that has read a document stays warm for the next (the default: a server reads many).
   * A command that reads one document and exits (`civicwatch analyze`) turns it off: the process ends with
   * its document instead of holding its memory through the analysis that follows.
   */
  keepWarm = true;
  #peakResidentMb = 0;

  constructor(options: ExtractionPoolOptions = {}) {
    this.#options = options;
  }

  get maxProcesses(): number {
    return Math.max(1, Math.min(this.#options.maxProcesses ?? Number.POSITIVE_INFINITY, availableParallelism()));
  }

  /** The most one process held while it read, with the `tesseract` processes it started, in MiB (sampled). */
  get peakResidentMb(): number {
    return this.#peakResidentMb;
  }

  /** Pages of one document read at once when it has the machine to itself. */
  get #ocrThreads(): number {
    return Math.max(1, Math.min(this.#options.ocrThreads ?? Number.POSITIVE_INFINITY, MAX_OCR_THREADS, availableParallelism()));
  }

  get #maxMemoryMb(): number {
    return this.#options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  }

  /**
   * Reads `task` in a process. `onMessage` gets its `started`, progress and log messages, in order, before the
   * promise settles; `detectLanguage` answers the process's questions about the language of what it read (none
   * known without it); `countPage` is told what a `count` task found on a page and gives it the next (none
   * without it). An aborted `signal` ends the process reading the task and rejects with the signal's
   * reason; a process over its memory or over `pageTimeLimitMs` of processor time opening the document or on one
   * page, or that dies, rejects with `ExtractionProcessEnded`. Processor time, not wall-clock time: on a machine
   * busy with other work a low-priority process waits for a core, and its waiting is not the document's cost.
   */
  run(
    task: ExtractionTask,
    options: {
      signal?: AbortSignal;
      onMessage?: (message: StartedMessage | ProgressMessage | LogMessage) => void;
      detectLanguage?: (text: string) => Promise<DetectedLanguage>;
      countPage?: (query: CountQuery) => number | null;
      pageTimeLimitMs: number;
    },
  ): Promise<ExtractionOutcome> {
    options.signal?.throwIfAborted();
    return new Promise<ExtractionOutcome>((resolve, reject) => {
      const job: Job = {
        task, onMessage: options.onMessage ?? (() => {}), detectLanguage: options.detectLanguage ?? (async () => null),
        countPage: options.countPage ?? (() => null), resolve, reject,
        pageTimeLimitMs: options.pageTimeLimitMs, cpuAtPageStart: -1, wallAtPageStart: 0,
      };
      const onAbort = (): void => {
        const queued = this.#queue.indexOf(job);
        if (queued !== -1) this.#queue.splice(queued, 1);
        const worker = [...this.#workers].find((candidate) => candidate.job === job);
        if (worker) this.#end(worker, 'abort');
        reject(options.signal?.reason);
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const settle = <T>(settler: (value: T) => void) => (value: T): void => {
        options.signal?.removeEventListener('abort', onAbort);
        settler(value);
      };
      job.resolve = settle(resolve);
      job.reject = settle(reject);
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let worker = [...this.#workers].find((candidate) => !candidate.job && !candidate.endedFor);
      if (!worker) {
        if (this.#workers.size >= this.maxProcesses) return;
        worker = this.#start();
        while (this.#options.startTogether && this.#workers.size < this.maxProcesses) this.#rest(this.#start());
      }
      this.#give(worker, this.#queue.shift()!);
    }
  }

  #start(): Worker {
    const heapMb = this.#options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB;
    const node = [process.execPath, `--max-old-space-size=${heapMb}`, '--disable-warning=ExperimentalWarning', workerPath];
    const kernelLimit = (this.#maxMemoryMb + kernelLimitMarginMb(this.#ocrThreads)) * 1024 * 1024;
    const [command, ...args] = PRLIMIT ? [PRLIMIT, `--data=${kernelLimit}`, '--', ...node] : node;
    // The child's standard output goes to our standard error: the CLI's standard output is its result. A process
    // group of its own (`detached`), so that ending it ends the `tesseract` processes it started (`#end`).
    const child = spawn(command!, args, { stdio: ['ignore', 2, 'inherit', 'ipc'], serialization: 'advanced', detached: GROUPS });
    const worker: Worker = { child };
    this.#workers.add(worker);
    child.on('message', (message: FromWorkerMessage) => this.#onMessage(worker, message));
    child.on('exit', (code, signal) => this.#onExit(worker, code, signal));
    child.on('error', () => this.#onExit(worker, null, null));
    return worker;
  }

  #give(worker: Worker, job: Job): void {
    clearTimeout(worker.idle);
    worker.job = job;
    // The cores are shared among the documents being read: a document that starts alone reads a page per core, one
    // that starts beside another its share (the first keeps its readers until it ends).
    const reading = [...this.#workers].filter((candidate) => candidate.job).length;
    const ocrThreads = Math.max(1, Math.min(this.#ocrThreads, Math.floor(availableParallelism() / reading)));
    worker.child.send({ type: 'task', task: { ...job.task, ocrThreads } } satisfies ToWorkerMessage);
    worker.watch = setInterval(() => {
      const resident = residentMb(worker.child.pid);
      this.#peakResidentMb = Math.max(this.#peakResidentMb, resident);
      if (resident > this.#maxMemoryMb) this.#end(worker, 'memory');
      else if (job.cpuAtPageStart >= 0 && this.#pageTime(worker, job) > job.pageTimeLimitMs) this.#end(worker, 'time');
    }, WATCH_MS);
  }

  #onMessage(worker: Worker, message: FromWorkerMessage): void {
    const job = worker.job;
    if (!job) return;
    if (message.type === 'log') {
      job.onMessage(message);
      return;
    }
    if (message.type === 'detect-language') {
      // A detector that fails leaves the language unknown: the document is still read, in English.
      job.detectLanguage(message.text).catch(() => null).then((language) => {
        if (worker.job === job && worker.child.connected) worker.child.send({ type: 'language', language } satisfies ToWorkerMessage);
      });
      return;
    }
    if (message.type === 'count-page') {
      // A page counted: the next page's clock starts.
      job.cpuAtPageStart = processorMs(worker.child.pid) ?? 0;
      job.wallAtPageStart = Date.now();
      worker.child.send({ type: 'count-page', page: job.countPage(message) } satisfies ToWorkerMessage);
      return;
    }
    if (message.type === 'started' || message.type === 'progress') {
      // The clock starts when the process takes the document, not while it waited for one, and restarts at
      // each page: with the page limit, this bounds a document's time.
      job.cpuAtPageStart = processorMs(worker.child.pid) ?? 0;
      job.wallAtPageStart = Date.now();
      job.onMessage(message);
      return;
    }
    this.#finish(worker);
    if (message.type === 'outcome') job.resolve(message.outcome);
    else job.reject(new ExtractionProcessEnded('crash', message.message));
    // A document refused for what it costs may have left its process holding what it cost: start afresh.
    const refused = message.type === 'outcome' && message.outcome.kind === 'failure' && message.outcome.code === 'document.too_complex';
    if (!this.keepWarm || refused || message.type === 'crash' || residentMb(worker.child.pid) > RECYCLE_ABOVE_MB) this.#end(worker, 'close');
    else this.#rest(worker);
    this.#dispatch();
  }

  /** Spare processes beyond `minWarm` go after a quiet spell: each holds about 150 MB with its OCR model. */
  #rest(worker: Worker): void {
    if (this.#workers.size <= (this.#options.minWarm ?? 1)) return;
    worker.idle = setTimeout(() => this.#end(worker, 'close'), this.#options.idleTimeoutMs ?? 5 * 60_000);
    worker.idle.unref();
  }

  #pageTime(worker: Worker, job: Job): number {
    const used = processorMs(worker.child.pid);
    return used === undefined ? Date.now() - job.wallAtPageStart : used - job.cpuAtPageStart;
  }

  #finish(worker: Worker): Job | undefined {
    clearInterval(worker.watch);
    const job = worker.job;
    worker.job = undefined;
    return job;
  }

  #end(worker: Worker, reason: 'memory' | 'time' | 'abort' | 'close'): void {
    worker.endedFor ??= reason;
    clearTimeout(worker.idle);
    clearInterval(worker.watch);
    try {
      if (!GROUPS || worker.child.pid === undefined) throw new Error('no process group');
      process.kill(-worker.child.pid, 'SIGKILL');
    } catch {
      worker.child.kill('SIGKILL');
    }
  }

  #onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.#workers.delete(worker)) return;
    const job = this.#finish(worker);
    if (job && worker.endedFor !== 'abort') {
      // V8 aborts a process whose heap is full; the kernel's limit makes an allocation fail the same way.
      const outOfMemory = worker.endedFor === 'memory' || signal === 'SIGABRT' || signal === 'SIGTRAP' || code === 134 || code === 133;
      const reason = worker.endedFor === 'time' ? 'time' : outOfMemory ? 'memory' : 'crash';
      job.reject(new ExtractionProcessEnded(reason, `exit code ${code}, signal ${signal}`));
    }
    this.#dispatch();
  }

  /** Starts processes, up to `minWarm`, before any task needs them. */
  warm(): void {
    while (this.#workers.size < Math.min(this.#options.minWarm ?? 1, this.maxProcesses)) this.#start();
  }

  /** Ends every process; documents being read fail. Idempotent; a later `run` starts processes again. */
  async close(): Promise<void> {
    const exits = [...this.#workers].map((worker) => new Promise<void>((resolve) => {
      worker.child.once('exit', () => resolve());
      this.#end(worker, 'close');
    }));
    await Promise.all(exits);
  }
}

/** The process's pool: every `PdfjsTextExtractor` built without its own pool shares it. */
export const sharedExtractionPool = new ExtractionPool();

/**
 * The processes that open PDFs when they are submitted (`PdfjsTextExtractor.check`), apart from those that read
 * them: a submission is answered in a second, never after another user's scan. A scan's pages are counted by both
 * at once (ADR 0032), so both start together and stay warm, some 100 MB each: started when a submission needs
 * them, they take half a second, as long as opening a PDF and counting a scan's pages together.
 */
export const sharedCheckPool = new ExtractionPool({ maxProcesses: 2, minWarm: 2, startTogether: true });
