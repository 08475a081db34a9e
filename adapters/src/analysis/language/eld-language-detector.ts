import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { LanguageDetector } from '@civicwatch/core/analysis/language-detector.port.ts';

type Eld = (typeof import('eld/extrasmall'))['eld'];

/** ELD reads about 350 bytes of a text; a document is read as samples of about that size. */
const SAMPLE_CHARACTERS = 300;
/** Spread over the whole document, so a cover page in another language does not decide alone. */
const MAX_SAMPLES = 24;
/** Below this many letters (about twenty words) a language is a guess, and none is answered. */
const MIN_LETTERS = 100;
/** A sample with fewer letters (a table row, a signature line) says little about the language. */
const MIN_SAMPLE_LETTERS = 60;
/** Samples the detector itself calls unreliable are not counted; too few reliable ones is undetermined. */
const MIN_RELIABLE_SHARE = 0.4;
/** The winner must hold a clear majority of the reliable samples; a document evenly split is undetermined. */
const MIN_MAJORITY = 0.6;

/** Words only: figures, section numbers and punctuation carry no language and confuse n-gram statistics. */
const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;
const LETTER = /\p{L}/gu;

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Runs of whole words of about SAMPLE_CHARACTERS each, in document order. */
function samplesOf(text: string): string[] {
  const samples: string[] = [];
  let current = '';
  for (const [word] of text.matchAll(WORD)) {
    current = current ? `${current} ${word}` : word;
    if (current.length >= SAMPLE_CHARACTERS) {
      samples.push(current);
      current = '';
    }
  }
  if (current) samples.push(current);
  return samples.filter((sample) => (sample.match(LETTER)?.length ?? 0) >= MIN_SAMPLE_LETTERS);
}

/** At most `count` samples, evenly spaced from the first to the last. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);
}

/**
 * Language identification with ELD (Efficient Language Detector, 60 languages, pure JavaScript, offline),
 * its extra-small n-gram database (the smallest in memory, accurate from a sentence on). Each sample of the
 * document votes when ELD calls its own answer reliable; the majority language is answered with its ISO
 * 639-1 code and English name. The database is loaded on the first document, so processes that never
 * analyse (the CLI's admin commands) do not pay for it.
 */
export class EldLanguageDetector implements LanguageDetector {
  private eld: Promise<Eld> | undefined;

  async detect(text: string): Promise<DocumentLanguage | null> {
    if ((text.match(LETTER)?.length ?? 0) < MIN_LETTERS) return null;
    const samples = spread(samplesOf(text), MAX_SAMPLES);
    if (samples.length === 0) return null;
    const eld = await (this.eld ??= import('eld/extrasmall').then((module) => module.eld));

    const votes = new Map<string, number>();
    let reliable = 0;
    for (const sample of samples) {
      const result = eld.detect(sample);
      if (!result.language || !result.isReliable()) continue;
      reliable++;
      votes.set(result.language, (votes.get(result.language) ?? 0) + 1);
    }
    if (reliable === 0 || reliable < MIN_RELIABLE_SHARE * samples.length) return null;
    const [code, count] = [...votes].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    if (count < MIN_MAJORITY * reliable) return null;
    const name = englishNames.of(code);
    return name ? { code, name } : null;
  }
}
