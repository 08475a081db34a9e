/**
 * EldLanguageDetector on the shared corpus of real government documents: the Constitution and the 71
 * BillSum bills (English), and the text PDFs as the product extracts them, American ones in English, French
 * and Spanish ones in theirs (the scans are checked through the whole pipeline in analyze-corpus.int.test.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionPool } from '../../extraction/extraction-pool.ts';
import { PdfjsTextExtractor } from '../../extraction/pdfjs-text-extractor.ts';
import { corpusDir, corpusLanguage } from '../../testing/shared-corpus.ts';
import { EldLanguageDetector } from './eld-language-detector.ts';

const detector = new EldLanguageDetector();
const english = { code: 'en', name: 'English' };

const extractor = new PdfjsTextExtractor({ pool: new ExtractionPool() });
afterAll(() => extractor.close());

const textPdfs = readdirSync(corpusDir).filter((name) => name.endsWith('.pdf') && !name.endsWith('-scan.pdf')).sort();
const bills = readFileSync(path.join(corpusDir, 'billsum-dev.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as { bill_id: string; text: string });

describe('EldLanguageDetector on the corpus', () => {
  it('reads the US Constitution as English', async () => {
    expect(await detector.detect(readFileSync(path.join(corpusDir, 'us-constitution.txt'), 'utf8'))).toEqual(english);
  });

  it('reads every BillSum bill as English', async () => {
    expect(bills.length).toBeGreaterThan(50);
    const notEnglish: Array<[string, unknown]> = [];
    for (const bill of bills) {
      const language = await detector.detect(bill.text);
      if (language?.code !== 'en') notEnglish.push([bill.bill_id, language]);
    }
    expect(notEnglish).toEqual([]);
  });

  it.each(textPdfs)('reads %s in its language, tables and forms included', async (name) => {
    const pages = await extractor.extract(new Uint8Array(readFileSync(path.join(corpusDir, name))));
    if (!pages.ok) throw new Error(`${name}: ${pages.error.code}`);
    expect(await detector.detect(pages.value.pages.map((p) => p.text).join('\n\n'))).toEqual(corpusLanguage(name));
  });
});
