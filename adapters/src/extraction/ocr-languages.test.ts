import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DocumentOcrLanguages, SCANS_TO_DECIDE, modelFile, type DetectedLanguage } from './ocr-languages.ts';

const FRENCH = { code: 'fr', name: 'French' };
const GERMAN = { code: 'de', name: 'German' };

/** A detector that answers in turn what it is given, and keeps the texts it was asked about. */
const detector = (...answers: DetectedLanguage[]) => {
  const asked: string[] = [];
  return { asked, detect: async (text: string) => (asked.push(text), answers.shift() ?? null) };
};

describe('DocumentOcrLanguages', () => {
  it('reads with OCR_LANGUAGES when it is set, without asking the detector', async () => {
    const { asked, detect } = detector(FRENCH);
    const languages = new DocumentOcrLanguages(['spa', 'eng'], detect);
    languages.note('Acta de la sesión');
    expect(await languages.decide(1)).toBe(false);
    expect(languages.languages).toEqual(['spa', 'eng']);
    expect(asked).toEqual([]);
  });

  it('starts in English and switches to the language the text read so far shows, once', async () => {
    const { asked, detect } = detector(null, FRENCH);
    const languages = new DocumentOcrLanguages(undefined, detect);
    expect(languages.languages).toEqual(['eng']);
    languages.note('Conseil');
    expect(await languages.decide(1)).toBe(false);
    languages.note('municipal de Chéméré');
    expect(await languages.decide(2)).toBe(true);
    expect(languages.languages).toEqual(['fra']);
    expect(asked).toEqual(['Conseil', 'Conseil\n\nmunicipal de Chéméré']);

    languages.note('Délibération');
    expect(await languages.decide(3)).toBe(false);
    expect(asked).toHaveLength(2);
    expect(languages.warning).toBeUndefined();
  });

  it('keeps English, without a word, for an English document or one it cannot tell after the first scans', async () => {
    const english = new DocumentOcrLanguages(undefined, detector({ code: 'en', name: 'English' }).detect);
    expect(await english.decide(1)).toBe(false);
    expect(english.decided).toBe(true);

    const { asked, detect } = detector();
    const unknown = new DocumentOcrLanguages(undefined, detect);
    for (let scans = 1; scans < SCANS_TO_DECIDE; scans++) expect(await unknown.decide(scans)).toBe(false);
    expect(unknown.decided).toBe(false);
    expect(await unknown.decide(SCANS_TO_DECIDE)).toBe(false);
    expect(unknown.decided).toBe(true);
    expect([unknown.languages, unknown.warning, asked.length]).toEqual([['eng'], undefined, SCANS_TO_DECIDE]);
  });

  it('reads a language it has no model for as English, and says so', async () => {
    const languages = new DocumentOcrLanguages(undefined, detector(GERMAN).detect);
    expect(await languages.decide(1)).toBe(false);
    expect(languages.languages).toEqual(['eng']);
    expect(languages.warning).toBe('This document seems to be in German, for which OCR has no language data (it has English, French and Spanish): '
      + 'its scanned pages were read as English, and their text may hold errors.');
  });
});

describe('modelFile', () => {
  it('finds each installed model in its package, and refuses any other file', () => {
    for (const name of ['eng', 'fra', 'spa', 'osd']) expect(existsSync(modelFile(`${name}.traineddata.gz`)), name).toBe(true);
    expect(modelFile('fra.traineddata.gz')).toMatch(/@tesseract\.js-data\/fra\/4\.0\.0_best_int\/fra\.traineddata\.gz$/);
    expect(() => modelFile('deu.traineddata.gz')).toThrow('No OCR model is installed for deu.traineddata.gz');
    expect(() => modelFile('../../etc/passwd')).toThrow(/No OCR model/);
  });
});
