import type { DocumentLanguage } from '../contracts/analysis-result.contract.ts';

/** The language the product speaks, and the one the administrators' prompts and the embedded analyzer are written for. */
export const ENGLISH = 'en';

/** True for a language that was determined and is not English: the case analyzers must be told about. */
export const isNonEnglish = (language: DocumentLanguage | null): language is DocumentLanguage =>
  language !== null && language.code !== ENGLISH;

/**
 * Tells which language a document's text is written in, offline. Answers null ("undetermined") rather than
 * guess when the text is too short, mostly figures, or too evenly mixed between languages.
 */
export interface LanguageDetector {
  detect(text: string): Promise<DocumentLanguage | null>;
}
export const LanguageDetector = Symbol('LanguageDetector');
