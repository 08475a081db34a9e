import type { OcrLanguage } from './ocr-languages.ts';

/*
 * What an OCR engine is to the page reader (tesseract-ocr.ts), apart from both engines that implement it
 * (native-tesseract-engine.ts, tesseract-js-engine.ts, ADR 0025), so that neither imports the reader that uses it.
 */

/** Clockwise, in degrees, as a PDF's `/Rotate` and Tesseract's orientation detection count. */
export type Turn = 0 | 90 | 180 | 270;

export interface Orientation {
  turn: Turn;
  /** Tesseract's orientation confidence: a margin between the best orientation and the next (tesseract-ocr.ts). */
  confidence: number;
}

/** A page's text as Tesseract read it, its table rows joined (`rowsOf`), and its mean word confidence (0-100). */
export interface Recognized {
  text: string;
  confidence: number;
}

/**
 * A build of Tesseract that reads one page at a time. `recognize`: one column of text of varying sizes (PSM 4,
 * ADR 0021) in `languages`; `detect`: orientation and script detection, null when it cannot tell. An aborted
 * `signal` rejects with its reason and stops the work.
 */
export interface OcrEngine {
  recognize(image: Buffer, options: { dpi: number; languages: readonly OcrLanguage[]; signal: AbortSignal }): Promise<Recognized>;
  detect(image: Buffer, options: { dpi: number; signal: AbortSignal }): Promise<Orientation | null>;
  /** Gives back what the engine holds between pages (a thread and its model). */
  close(): Promise<void>;
}
