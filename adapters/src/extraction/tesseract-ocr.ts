/**
 * OCR of a document's scanned pages with Tesseract: which way up each is, then its text in the document's
 * languages (ADR 0021), several pages at once, one per core (ADR 0025). Native `tesseract` reads when it is
 * installed; tesseract.js (WebAssembly) otherwise. Both read with the same models.
 *
 * Loaded inside the extraction worker by Node's own type stripping: erasable TypeScript only and `.ts`
 * extensions on relative imports.
 */
import { installedTesseractLanguages, NativeTesseractEngine } from './native-tesseract-engine.ts';
import type { OcrLanguage } from './ocr-languages.ts';
import type { Orientation, Recognized, Turn } from './ocr-engine.ts';
import { parsePgm } from './grey-image.ts';
import { visibleLength } from './page-text.normalizer.ts';
import { linesRun } from './scan-characters.ts';
import { TesseractJsEngine } from './tesseract-js-engine.ts';

/** The page rendered turned clockwise by `turn`, as an 8-bit greyscale image Tesseract reads. */
export type RenderTurned = (turn: Turn) => Promise<Buffer>;

export interface PageReading {
  text: string;
  /** Tesseract's mean word confidence, 0-100. */
  confidence: number;
  /** How far the page was turned to be read. */
  turn: Turn;
  /**
   * False when the page read poorly every way it was tried and orientation detection could not say which way
   * is up: its text is the best reading found, and may be incomplete.
   */
  oriented: boolean;
}

/**
 * A reading at least this confident (Tesseract's mean word confidence, 0-100) is taken as it is, without looking
 * for its orientation: on the corpus, pages read the right way up score 75 to 93, pages read sideways 31 to 42
 * (the debug log of `npm run bench:ocr`).
 */
const CONFIDENT = 60;
/**
 * A confident reading of fewer visible characters than this proves nothing of which way is up: a page scanned
 * sideways, read upright, can come out as a few marks ("o| & < = -48-") that Tesseract reads with confidence.
 */
const SCANT = 40;
const convincing = (reading: { text: string; confidence: number }): boolean =>
  reading.confidence >= CONFIDENT && visibleLength(reading.text) >= SCANT;
/**
 * Tesseract's orientation confidence is a margin between the best orientation and the next. On the corpus's
 * sideways pages it is 2.5 to 9.6 at 200 dpi; on an upright page of four short lines, 0.2. Below this the answer
 * is a guess: tried, along with the quarter turns, and the most confident reading kept.
 */
const SURE_ORIENTATION = 1.5;



/** Native `tesseract` when it is installed and allowed (ADR 0025); tesseract.js, started only when needed. */
interface Engines {
  native: NativeTesseractEngine | undefined;
  wasm: TesseractJsEngine;
}

/** Reads one page at a time: native `tesseract` when it is installed, tesseract.js otherwise or when it fails on a page. */
class PageReader {
  readonly #log: (message: string) => void;
  readonly #engines: Engines;

  constructor(log: (message: string) => void, engines: Engines) {
    this.#log = log;
    this.#engines = engines;
  }

  /**
   * The page's text, read upright and, when that reads poorly, turned the way orientation detection says; when
   * detection cannot tell, the quarter turns are tried too. The most confident reading is kept. Pages are scanned
   * sideways in runs, and reading one sideways costs more than reading it upright: a page whose lines run down it
   * (`linesRun`) is read turned at once, the way the page before was turned if it was sideways too, else the way
   * detection says; after a turned page (`lastTurn`), detection is asked first, unless the lines run across and the
   * page before was sideways (a run has ended).
   */
  async read(render: RenderTurned, options: ReadOptions & { page: number; lastTurn: Turn }): Promise<PageReading> {
    // Where the page's time went, for the debug log (`npm run bench -- --only ocr` adds it up).
    const spent = { render: 0, lines: 0, read: 0, detect: 0 };
    const timed = async <T>(part: keyof typeof spent, work: () => Promise<T> | T): Promise<T> => {
      const start = performance.now();
      try {
        return await work();
      } finally {
        spent[part] += performance.now() - start;
      }
    };
    const uprightImage = await timed('render', () => render(0));
    const lines = await timed('lines', () => linesRun(parsePgm(uprightImage), options.dpi));
    const readings: Omit<PageReading, 'oriented'>[] = [];
    const readAt = async (turn: Turn): Promise<Omit<PageReading, 'oriented'>> => {
      const image = turn === 0 ? uprightImage : await timed('render', () => render(turn));
      const reading = { ...(await timed('read', () => this.#recognize(image, options))), turn };
      readings.push(reading);
      return reading;
    };
    const detect = (): Promise<Orientation | null> => timed('detect', () => this.#detect(uprightImage, options));
    // A convincing reading first, then the more confident.
    const rank = (reading: Omit<PageReading, 'oriented'>) => (convincing(reading) ? 1000 : 0) + reading.confidence;
    const best = (): Omit<PageReading, 'oriented'> => readings.reduce((kept, reading) => (rank(reading) > rank(kept) ? reading : kept));
    let orientation: Orientation | null | undefined;
    const done = (oriented: boolean): PageReading => {
      const kept = best();
      const asked = orientation === undefined ? 'not asked'
        : orientation === null ? 'unknown' : `${orientation.turn}° (confidence ${orientation.confidence.toFixed(2)})`;
      this.#log(`OCR page ${options.page}: lines ${lines ?? 'unclear'}; orientation ${asked}; read at ${readings.map((r) => `${r.turn}° ${r.confidence}`).join(', ')}; `
        + `kept ${kept.turn}°${oriented ? '' : ', not oriented'} (${this.#engines.native ? 'native tesseract' : 'tesseract.js'}); `
        + `ms ${Object.entries(spent).map(([part, ms]) => `${part} ${Math.round(ms)}`).join(', ')}`);
      return { ...kept, oriented };
    };
    const sideways = (turn: Turn): boolean => turn === 90 || turn === 270;

    if (lines === 'down') {
      if (sideways(options.lastTurn) && convincing(await readAt(options.lastTurn))) return done(true);
      orientation = await detect();
      const found = orientation;
      if (found && found.confidence >= SURE_ORIENTATION && sideways(found.turn)) {
        if (!readings.some((reading) => reading.turn === found.turn)) await readAt(found.turn);
        if (convincing(best())) return done(true);
      }
    } else if (options.lastTurn !== 0 && !(lines === 'across' && sideways(options.lastTurn))) {
      orientation = await detect();
      if (orientation && orientation.confidence >= SURE_ORIENTATION && orientation.turn !== 0
        && (await readAt(orientation.turn)).confidence >= CONFIDENT) return done(true);
    }
    const upright = readings.find((reading) => reading.turn === 0) ?? (await readAt(0));
    // A blank page has nothing to turn.
    if (convincing(upright) || visibleLength(upright.text) === 0) return done(true);

    orientation ??= await detect();
    const found = orientation;
    if (found && found.confidence >= SURE_ORIENTATION) {
      if (!readings.some((reading) => reading.turn === found.turn)) await readAt(found.turn);
      return done(true);
    }
    // Detection could not tell: its guess, then each quarter turn, until a reading is confident.
    for (const turn of [found?.turn ?? 0, 90, 270] as Turn[]) {
      if (best().confidence >= CONFIDENT) break;
      if (!readings.some((reading) => reading.turn === turn)) await readAt(turn);
    }
    const kept = best();
    return done(kept.confidence >= CONFIDENT || visibleLength(kept.text) === 0);
  }

  /** The page read turned by `turn`, as it was found to be up, in other languages. */
  async reread(render: RenderTurned, turn: Turn, options: ReadOptions): Promise<PageReading> {
    return { ...(await this.#recognize(await render(turn), options)), turn, oriented: true };
  }

  /** Gives back the tesseract.js thread, if this reader started one. */
  close(): Promise<void> {
    return this.#engines.wasm.close();
  }

  async #recognize(image: Buffer, options: ReadOptions): Promise<Recognized> {
    const { native } = this.#engines;
    if (native) {
      try {
        return await native.recognize(image, options);
      } catch (error) {
        options.signal.throwIfAborted();
        this.#log(`native tesseract failed, tesseract.js reads the page instead: ${String(error)}`);
      }
    }
    return this.#engines.wasm.recognize(image, options);
  }

  /** Tesseract's orientation and script detection; null when it cannot tell (too little text) or fails. */
  async #detect(image: Buffer, options: ReadOptions & { page: number }): Promise<Orientation | null> {
    const { native, wasm } = this.#engines;
    try {
      return await (native ?? wasm).detect(image, options);
    } catch (error) {
      options.signal.throwIfAborted();
      this.#log(`OCR page ${options.page}: orientation detection failed: ${String(error)}`);
      return null;
    }
  }
}

interface ReadOptions {
  dpi: number;
  languages: readonly OcrLanguage[];
  /** The document's: aborted, the page's reading stops (a `tesseract` process ended, a tesseract.js thread too). */
  signal: AbortSignal;
}

/**
 * A process's OCR: up to `threads` pages read at once, each by a reader of its own (a `tesseract` process at a
 * time, or a tesseract.js thread kept warm between pages and documents), given to pages in the order they
 * ask, which is the order of the document's pages: the page the reader waits for is never behind one after it.
 */
export class TesseractOcr {
  readonly #log: (message: string) => void;
  /** Whether `tesseract` 4 or later is installed: asked once per process. */
  #installed: boolean | undefined;
  readonly #idle: PageReader[] = [];
  #readers = 0;
  #threads = 1;
  #native = true;
  readonly #waiting: Array<(reader: PageReader) => void> = [];

  constructor(log: (message: string) => void) {
    this.#log = log;
  }

  /**
   * How the next document is read: `threads` pages at once; with native `tesseract` when `native` and it is
   * installed. Readers beyond `threads` are closed as they come back.
   */
  configure(options: { threads: number; native: boolean }): void {
    this.#threads = Math.max(1, options.threads);
    if (this.#native !== options.native) {
      this.#native = options.native;
      for (const reader of this.#idle.splice(0)) this.#retire(reader);
    }
    while (this.#readers > this.#threads && this.#idle.length > 0) this.#retire(this.#idle.pop()!);
  }

  read(render: RenderTurned, options: ReadOptions & { page: number; lastTurn: Turn }): Promise<PageReading> {
    return this.#with((reader) => reader.read(render, options), options.signal);
  }

  reread(render: RenderTurned, turn: Turn, options: ReadOptions): Promise<PageReading> {
    return this.#with((reader) => reader.reread(render, turn, options), options.signal);
  }

  async #with(work: (reader: PageReader) => Promise<PageReading>, signal: AbortSignal): Promise<PageReading> {
    const reader = await this.#acquire(signal);
    try {
      return await work(reader);
    } finally {
      this.#release(reader);
    }
  }

  #acquire(signal: AbortSignal): Promise<PageReader> {
    signal.throwIfAborted();
    const idle = this.#idle.pop();
    if (idle) return Promise.resolve(idle);
    if (this.#readers < this.#threads) {
      this.#readers++;
      return Promise.resolve(new PageReader(this.#log, this.#engines()));
    }
    return new Promise((resolve, reject) => {
      const take = (reader: PageReader): void => {
        signal.removeEventListener('abort', onAbort);
        resolve(reader);
      };
      const onAbort = (): void => {
        this.#waiting.splice(this.#waiting.indexOf(take), 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(take);
    });
  }

  #release(reader: PageReader): void {
    if (this.#readers > this.#threads) {
      this.#retire(reader);
      return;
    }
    const next = this.#waiting.shift();
    if (next) next(reader);
    else this.#idle.push(reader);
  }

  #retire(reader: PageReader): void {
    this.#readers--;
    void reader.close();
  }

  #engines(): Engines {
    this.#installed ??= installedTesseractLanguages().size > 0;
    return { native: this.#native && this.#installed ? new NativeTesseractEngine(this.#log) : undefined, wasm: new TesseractJsEngine() };
  }
}
