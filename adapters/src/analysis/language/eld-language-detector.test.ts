import { describe, expect, it } from 'vitest';
import { civicPassages } from './civic-passages.fixture.ts';
import { EldLanguageDetector } from './eld-language-detector.ts';

const detector = new EldLanguageDetector();

describe('EldLanguageDetector', () => {
  it.each([
    ['en', 'English'],
    ['es', 'Spanish'],
    ['fr', 'French'],
    ['de', 'German'],
  ] as const)('tells a civic passage in %s, with its ISO 639-1 code and English name', async (code, name) => {
    expect(await detector.detect(civicPassages[code])).toEqual({ code, name });
  });

  it('answers the language of most of a document, not of its cover page', async () => {
    const document = [civicPassages.en.slice(0, 120), civicPassages.es, civicPassages.es.toLowerCase(), civicPassages.es.toUpperCase()].join('\n\n');
    expect(await detector.detect(document)).toEqual({ code: 'es', name: 'Spanish' });
  });

  it('answers undetermined for a document split evenly between two languages', async () => {
    expect(await detector.detect(`${civicPassages.en}\n\n${civicPassages.es}`)).toBeNull();
  });

  it('answers undetermined for text too short to tell, or made of figures', async () => {
    expect(await detector.detect('')).toBeNull();
    expect(await detector.detect('Ordinance 2021-07 adopted.')).toBeNull();
    expect(await detector.detect('Se aprueba la ordenanza.')).toBeNull();
    expect(await detector.detect('2021  2022  $250.00  $500.00  12.5%  31/01/2022  §4.2(b)\n'.repeat(30))).toBeNull();
  });

  it('reads past the figures of a budget table to the words around them', async () => {
    const table = civicPassages.de.split('. ').map((sentence, i) => `${i + 1}.\t${sentence}\t${(i + 1) * 1250},00 €\t${2020 + i}`).join('\n');
    expect(await detector.detect(table)).toEqual({ code: 'de', name: 'German' });
  });
});
