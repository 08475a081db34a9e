import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toSource } from './document-input.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../adapters/src/extraction/fixtures/${name}`, import.meta.url));

describe('civicwatch analyze and compare: what the input is', () => {
  it('reads plain UTF-8 as pasted text, from a file or standard input', () => {
    expect(toSource(Buffer.from('Résolution 12: the council shall meet on May 5.'), '-')).toEqual({
      kind: 'text', text: 'Résolution 12: the council shall meet on May 5.',
    });
  });

  it('sends a PDF, by its bytes or by its name, to the extractor', () => {
    expect(toSource(fixture('plain.pdf'), '-').kind).toBe('pdf');
    expect(toSource(Buffer.from('not really a pdf'), 'agenda.PDF').kind).toBe('pdf');
  });

  it('sends binary files such as images to the extractor, which names them as not a PDF', () => {
    expect(toSource(fixture('not-a-pdf.png'), 'photo.png').kind).toBe('pdf');
    expect(toSource(Buffer.from([0xff, 0xfe, 0x41, 0x00]), 'notes.txt').kind).toBe('pdf');
  });
});
