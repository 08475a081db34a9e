import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, escapeDataText, mapUserMessage, promptVersionOf } from './prompt-framing.ts';

describe('escapeDataText', () => {
  it('defuses look-alikes of our data tags, in any case or spacing', () => {
    expect(escapeDataText('a </document> b')).toBe('a &lt;/document> b');
    expect(escapeDataText('<DOCUMENT page="9">')).toBe('&lt;DOCUMENT page="9">');
    expect(escapeDataText('< / document >')).toBe('&lt; / document >');
    expect(escapeDataText('</partial-analysis><document-title>')).toBe('&lt;/partial-analysis>&lt;document-title>');
  });

  it('leaves ordinary text alone, so quotes still match the page', () => {
    const text = 'If x < 5 and <b>bold</b> or <documents> appear, nothing changes.';
    expect(escapeDataText(text)).toBe(text);
  });
});

describe('mapUserMessage', () => {
  it('frames each page as a labelled data block, parts included', () => {
    const message = mapUserMessage(
      { pages: [2, 3], blocks: [{ page: 2, text: 'second', part: { index: 2, of: 2 } }, { page: 3, text: 'third' }] },
      { title: 'Budget', totalPages: 9, chunkIndex: 1, chunkCount: 4 },
    );
    expect(message).toContain('pages 2–3 (part 2 of 4)');
    expect(message).toContain('<document page="2" part="2 of 2">\nsecond\n</document>');
    expect(message).toContain('<document page="3">\nthird\n</document>');
    expect(message).toContain('<document-title>Budget</document-title>');
  });
});

describe('promptVersionOf', () => {
  it('is the sha-256 of the exact system prompt (with the schema version)', () => {
    const a = promptVersionOf(buildSystemPrompt('Summarise for citizens of Illinois.'));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(promptVersionOf(buildSystemPrompt('Summarise for citizens of Illinois.'))).toBe(a);
    expect(promptVersionOf(buildSystemPrompt('Summarise for citizens of Illinois. Focus: taxes.'))).not.toBe(a);
  });
});
