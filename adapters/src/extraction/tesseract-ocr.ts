/**
 * OCR of one page with Tesseract (tesseract.js, WebAssembly): which way up it is, then its text in the document's
 * languages (ADR 0021).
 *
 * Loaded inside the extraction worker by Node's own type stripping: erasable TypeScript only and `.ts`
 * extensions on relative imports.
 */
import Tesseract from 'tesseract.js';
import type { OcrLanguage } from './ocr-languages.ts';
import { rowsOf } from './ocr-rows.ts';
import { visibleLength } from './page-text.normalizer.ts';

/** Clockwise, in degrees, as a PDF's `/Rotate` and Tesseract's orientation detection count. */
export type Turn = 0 | 90 | 180 | 270;

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

interface Orientation {
  turn: Turn;
  /** Tesseract's orientation confidence; see `SURE_ORIENTATION`. */
  confidence: number;
}

/**
 * Reads pages one at a time. One recognition thread, created on the first page and kept for every page and
 * document after (loading a model costs about half a second, reading a page several seconds), its languages
 * changed when a document needs others; an orientation thread (the legacy engine and its `osd` model) created
 * on the first page that reads poorly upright.
 */
export class TesseractOcr {
  readonly #log: (message: string) => void;
  #reader: { languages: string; worker: Promise<Tesseract.Worker> } | undefined;
  #orienter: Promise<Tesseract.Worker> | undefined;

  constructor(log: (message: string) => void) {
    this.#log = log;
  }

  /**
   * The page's text, read upright and, when that reads poorly, turned the way orientation detection says; when
   * detection cannot tell, the quarter turns are tried too. The most confident reading is kept. `turnedBefore`
   * (the document's previous scan was turned): detection is asked first, since pages are scanned sideways in
   * runs and reading one sideways costs two to three times reading it upright.
   */
  async read(
    render: RenderTurned,
    options: { dpi: number; languages: readonly OcrLanguage[]; page: number; turnedBefore: boolean },
  ): Promise<PageReading> {
    const uprightImage = await render(0);
    const readings: Omit<PageReading, 'oriented'>[] = [];
    const readAt = async (turn: Turn): Promise<Omit<PageReading, 'oriented'>> => {
      const reading = await this.#recognize(turn === 0 ? uprightImage : await render(turn), turn, options);
      readings.push(reading);
      return reading;
    };
    // A convincing reading first, then the more confident.
    const rank = (reading: Omit<PageReading, 'oriented'>) => (convincing(reading) ? 1000 : 0) + reading.confidence;
    const best = (): Omit<PageReading, 'oriented'> => readings.reduce((kept, reading) => (rank(reading) > rank(kept) ? reading : kept));
    let orientation: Orientation | null | undefined;
    const done = (oriented: boolean): PageReading => {
      const kept = best();
      const asked = orientation === undefined ? 'not asked'
        : orientation === null ? 'unknown' : `${orientation.turn}° (confidence ${orientation.confidence.toFixed(2)})`;
      this.#log(`OCR page ${options.page}: orientation ${asked}; read at ${readings.map((r) => `${r.turn}° ${r.confidence}`).join(', ')}; `
        + `kept ${kept.turn}°${oriented ? '' : ', not oriented'}`);
      return { ...kept, oriented };
    };

    if (options.turnedBefore) {
      orientation = await this.#detect(uprightImage, options);
      if (orientation && orientation.confidence >= SURE_ORIENTATION && orientation.turn !== 0
        && (await readAt(orientation.turn)).confidence >= CONFIDENT) return done(true);
    }
    const upright = await readAt(0);
    // A blank page has nothing to turn.
    if (convincing(upright) || visibleLength(upright.text) === 0) return done(true);

    orientation ??= await this.#detect(uprightImage, options);
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
  async reread(render: RenderTurned, turn: Turn, options: { dpi: number; languages: readonly OcrLanguage[] }): Promise<PageReading> {
    return { ...(await this.#recognize(await render(turn), turn, options)), oriented: true };
  }

  async #recognize(
    image: Buffer,
    turn: Turn,
    options: { dpi: number; languages: readonly OcrLanguage[] },
  ): Promise<Omit<PageReading, 'oriented'>> {
    const worker = await this.#readerFor(options.languages);
    await worker.setParameters({
      user_defined_dpi: String(Math.round(options.dpi)),
      // One column of text of varying sizes (ADR 0021): what stands in a frame (a receipt stamp) is read, which
      // the library's default (PSM 6) leaves out, and more of a table's rows stay lines than with full layout
      // analysis (PSM 3); those it still splits into columns are joined again (ocr-rows.ts).
      tessedit_pageseg_mode: Tesseract.PSM.SINGLE_COLUMN,
    });
    const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
    return { text: rowsOf(data.blocks, data.text), confidence: data.confidence, turn };
  }

  /** Tesseract's orientation and script detection; null when it cannot tell (too little text) or fails. */
  async #detect(image: Buffer, options: { dpi: number; page: number }): Promise<Orientation | null> {
    try {
      const worker = await this.#orientationWorker();
      await worker.setParameters({ user_defined_dpi: String(Math.round(options.dpi)) });
      const { data } = await worker.detect(image);
      const turn = data.orientation_degrees;
      if (turn !== 0 && turn !== 90 && turn !== 180 && turn !== 270) return null;
      return { turn, confidence: data.orientation_confidence ?? 0 };
    } catch (error) {
      this.#log(`OCR page ${options.page}: orientation detection failed: ${String(error)}`);
      return null;
    }
  }

  #readerFor(languages: readonly OcrLanguage[]): Promise<Tesseract.Worker> {
    const wanted = languages.join('+');
    const current = this.#reader;
    if (current?.languages === wanted) return current.worker;
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
    return worker;
  }

  #orientationWorker(): Promise<Tesseract.Worker> {
    this.#orienter ??= Tesseract.createWorker('osd', Tesseract.OEM.TESSERACT_ONLY, { ...workerOptions, legacyCore: true, legacyLang: true });
    this.#orienter.catch(() => {
      this.#orienter = undefined;
    });
    return this.#orienter;
  }
}
