/**
 * Legal phrasings and their plain equivalents, after the U.S. Federal Plain Language Guidelines' lists of
 * words to avoid: a fact's statement says "under", not "pursuant to". Applied to the words a statement
 * borrows from the document; the quote keeps the document's own.
 */
const PLAIN: ReadonlyArray<[RegExp, string]> = [
  [/\s*\bhereby\b/gi, ''],
  [/\b(?:herein|hereinafter|hereinbefore|heretofore|thereof|therein|aforesaid|aforementioned)\b\s*/gi, ''],
  [/\bpursuant to\b/gi, 'under'],
  [/\bin accordance with\b/gi, 'under'],
  [/\bprior to\b/gi, 'before'],
  [/\bsubsequent to\b/gi, 'after'],
  [/\bin the event that\b/gi, 'if'],
  [/\bnotwithstanding\b/gi, 'despite'],
  [/\butiliz(e|es|ed|ing)\b/gi, 'us$1'],
  [/\bcommence(s|d)?\b/gi, 'start$1'],
  [/\bterminate(s|d)?\b/gi, 'end$1'],
  [/\bexpend(s|ed)?\b/gi, 'spend$1'],
  [/\bsaid\s+(?=\p{L})/giu, 'the '],
  [/\bsuch\s+(?=(?:said|the)\b)/gi, ''],
  [/\bshall be\b/gi, 'must be'],
  [/\bshall not\b/gi, 'must not'],
  [/\bshall\b/gi, 'must'],
  [/\s+/g, ' '],
];

export const plainWords = (text: string): string => PLAIN.reduce((s, [pattern, plain]) => s.replace(pattern, plain), text).trim();

/** A statement ends with one full stop, starts with a capital, and has no space before punctuation. */
export const asSentence = (text: string): string => {
  const trimmed = text.replace(/\s+([,;:]|\.(?!\d))/g, '$1').replace(/[\s,;:]+$/, '').trim();
  const body = (trimmed.charAt(0).toUpperCase() + trimmed.slice(1)).replace(/\b([Aa]) (?=[aeiouAEIOU]\w)/g, '$1n ');
  return /[.!?]$/.test(body) ? body : `${body}.`;
};

/** Words of a statement past which it is cut at a clause boundary: a fact is one short sentence. */
export const MAX_STATEMENT_WORDS = 32;

/** `text` cut to at most `max` words, at the last comma or clause word before the limit when there is one. */
export const clip = (text: string, max = MAX_STATEMENT_WORDS): string => {
  const words = text.split(/\s+/);
  if (words.length <= max) return text;
  const head = words.slice(0, max).join(' ');
  const cut = Math.max(head.lastIndexOf(', '), head.lastIndexOf('; '), head.search(/ (?:and|or|which|that|who|where)\s[^,;]*$/));
  return cut > head.length / 2 ? head.slice(0, cut) : head;
};
