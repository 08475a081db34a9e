/**
 * The languages OCR has data for, where their models are, and how the language of a document's scanned pages
 * is chosen (ADR 0021).
 *
 * Loaded inside the extraction worker and its Tesseract threads by Node's own type stripping: erasable
 * TypeScript only and `.ts` extensions on relative imports.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A Tesseract language code of an installed model (`@tesseract.js-data/<code>`). */
export type OcrLanguage = 'eng' | 'fra' | 'spa';

/** Each model by the ISO 639-1 code the language detector answers, and its name for messages. */
export const OCR_LANGUAGES: Readonly<Record<OcrLanguage, { iso: string; name: string }>> = {
  eng: { iso: 'en', name: 'English' },
  fra: { iso: 'fr', name: 'French' },
  spa: { iso: 'es', name: 'Spanish' },
};

export const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = ['eng'];

const isOcrLanguage = (code: string): code is OcrLanguage => Object.hasOwn(OCR_LANGUAGES, code);

const require = createRequire(import.meta.url);

/**
 * The file of a model tesseract.js asks for (`fra.traineddata.gz`) in its npm package, installed with the
 * application, never fetched. The languages are LSTM-only "best_int" models, what tesseract.js itself fetches for
 * LSTM recognition; orientation detection (`osd`) needs the legacy engine, hence its legacy model.
 */
export function modelFile(fileName: string): string {
  const code = /^([a-z]{3})\.traineddata\.gz$/.exec(fileName)?.[1];
  if (code !== 'osd' && (code === undefined || !isOcrLanguage(code))) {
    throw new Error(`No OCR model is installed for ${fileName}`);
  }
  const folder = code === 'osd' ? '4.0.0' : '4.0.0_best_int';
  return join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), folder, fileName);
}

/**
 * `OCR_LANGUAGES`'s value (`fra`, `spa+eng`) as its models, or the reason it cannot be read. Tesseract weighs
 * every model named for each word, so the first is the main language and each more costs time.
 */
export function parseOcrLanguages(value: string): { ok: true; languages: OcrLanguage[] } | { ok: false; message: string } {
  const codes = value.trim().toLowerCase().split('+').map((code) => code.trim());
  const known = Object.keys(OCR_LANGUAGES).join(', ');
  const unknown = codes.filter((code) => !isOcrLanguage(code));
  if (unknown.length > 0) {
    const named = unknown.map((code) => (code === '' ? 'an empty name' : `"${code}"`)).join(', ');
    return { ok: false, message: `OCR_LANGUAGES names ${named}: use languages joined by +, each one of ${known} (e.g. fra or spa+eng)` };
  }
  if (new Set(codes).size !== codes.length) {
    return { ok: false, message: 'OCR_LANGUAGES names a language twice' };
  }
  return { ok: true, languages: codes as OcrLanguage[] };
}

/** What the language detector says of a text: an ISO 639-1 code and the language's English name, or nothing. */
export type DetectedLanguage = { code: string; name: string } | null;

/** The detector samples a document; it need not be given all of it. */
const MAX_SAMPLE_CHARACTERS = 20_000;
/** Scanned pages read before English is kept for a document whose language the detector cannot tell. */
export const SCANS_TO_DECIDE = 3;

/**
 * One document's OCR languages (ADR 0021): `OCR_LANGUAGES` when it is set; otherwise English until the language
 * detector, given the text read so far (text layers and scans), names the document's language, at the latest
 * after the first `SCANS_TO_DECIDE` scans. A language OCR has no model for stays English, with a warning.
 */
export class DocumentOcrLanguages {
  readonly #detect: (text: string) => Promise<DetectedLanguage>;
  #languages: readonly OcrLanguage[];
  #decided: boolean;
  #text = '';
  #warning: string | undefined;

  constructor(fixed: readonly OcrLanguage[] | undefined, detect: (text: string) => Promise<DetectedLanguage>) {
    this.#detect = detect;
    this.#languages = fixed ?? DEFAULT_OCR_LANGUAGES;
    this.#decided = fixed !== undefined;
  }

  get languages(): readonly OcrLanguage[] {
    return this.#languages;
  }

  get decided(): boolean {
    return this.#decided;
  }

  /** For the result's warnings: the language had no model. */
  get warning(): string | undefined {
    return this.#warning;
  }

  /** A page's text, as read: the language is decided on what has been read. */
  note(text: string): void {
    if (this.#decided || this.#text.length >= MAX_SAMPLE_CHARACTERS) return;
    this.#text = (this.#text ? `${this.#text}\n\n${text}` : text).slice(0, MAX_SAMPLE_CHARACTERS);
  }

  /**
   * Asks the detector about the text noted so far, once `scansRead` scanned pages have been read. Answers true
   * when the languages changed: the scans read so far were read in others and must be read again.
   */
  async decide(scansRead: number): Promise<boolean> {
    if (this.#decided) return false;
    const detected = await this.#detect(this.#text);
    if (!detected && scansRead < SCANS_TO_DECIDE) return false;
    this.#decided = true;
    this.#text = '';
    const model = (Object.keys(OCR_LANGUAGES) as OcrLanguage[]).find((code) => OCR_LANGUAGES[code].iso === detected?.code);
    if (detected && !model) {
      const names = Object.values(OCR_LANGUAGES).map((language) => language.name);
      const installed = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
      this.#warning = `This document seems to be in ${detected.name}, for which OCR has no language data (it has ${installed}): `
        + 'its scanned pages were read as English, and their text may hold errors.';
    }
    if (!model || model === this.#languages[0]) return false;
    this.#languages = [model];
    return true;
  }
}
