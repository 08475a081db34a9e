/**
 * Small pieces of plain English shared by the finders of facts: people's names without their titles, capitals
 * made readable, lists joined, and quotes kept short and verbatim.
 */

/** Edges of a word in any script: `\b` sees only ASCII letters, so it finds no edge before "à" or "unanimidad". */
export const WORD_START = '(?<![\\p{L}\\p{N}])';
export const WORD_END = '(?![\\p{L}\\p{N}])';

/** Counts written as words in notices and minutes (English, French, Spanish). */
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, seven: 7, ten: 10, fourteen: 14, fifteen: 15, twenty: 20, thirty: 30,
  sixty: 60, ninety: 90, un: 1, deux: 2, trois: 3, cinq: 5, dix: 10, quinze: 15, trente: 30, uno: 1, dos: 2, tres: 3,
  cinco: 5, diez: 10, quince: 15, veinte: 20, treinta: 30,
};
/** A count as a pattern's group: "10" or "ten". */
export const COUNT = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
/** The value of a count `COUNT` matched: "ten" is 10. */
export const countOf = (text: string): number => (/^\d/.test(text) ? Number(text) : (NUMBER_WORDS[text.toLowerCase()] ?? Number.NaN));

/** Titles written before a name in minutes and decisions (English, French, Spanish), possibly several. */
const TITLE =
  '(?:trustees?|commissioners?|council ?(?:members?|m[ae]n|wom[ae]n|ors?)|councilmembers?|aldermen|alderman|alderpersons?|ald\\.|directors?|board members?|members?|supervisors?|legislators?|selectm[ae]n|selectwom[ae]n|freeholders?|mayor|deputy mayor|vice[- ]mayor|chair(?:man|woman|person)?|vice[- ]chair(?:man|woman|person)?|(?:vice[- ])?president|secretary|treasurer|mr\\.?|mrs\\.?|ms\\.?|dr\\.?|hon\\.|m\\.|mme|mmes|madame|monsieur|le conseiller|la conseillère|conseill(?:er|ère)|le maire|la mairesse|el concejal|la concejala|concejal(?:a|es)?|sr\\.|sra\\.|d\\.|dña\\.|don|doña)';
const TITLES = new RegExp(`^(?:${TITLE}\\s+)+`, 'iu');

/** A name without the titles before it: "Trustees DuRocher" is "DuRocher". */
export const stripTitles = (raw: string): string => raw.trim().replace(TITLES, '');

/**
 * "Trustee DuRocher" is "DuRocher", "M. Jean-Paul LERAY" is "Jean-Paul Leray" (a surname in capitals is usual),
 * "CITY OF CHICAGO" is "City of Chicago".
 */
export const personName = (raw: string): string =>
  stripTitles(raw)
    .replace(/[\s,;:.]+$/u, '')
    .trim()
    .replace(/\p{Lu}{2,}[\p{Lu}'’]*(?!\p{Ll})/gu, (word) => word[0] + word.slice(1).toLowerCase())
    .replace(/(?<=\s)(?:Of|The|And|De|Del|La|Le|Du|Des|Y|Et)(?=\s)/gu, (word) => word.toLowerCase());

/** Abbreviations whose full stop ends no sentence: "Northland Paving, Inc. in the amount of…", "B. Munro". */
export const NOT_AFTER_ABBREVIATION = '(?<!\\b(?:Inc|Co|Corp|Ltd|Jr|Sr|St|No|Nos|Mr|Mrs|Ms|Dr|vs|v|etc|approx|Ave|Blvd|Dept|ext|Ext|[A-Z]))';

const isShouted = (text: string): boolean => /\p{Lu}{3}/u.test(text) && !/\p{Ll}{2}/u.test(text);

/** "MICHAEL A. KNOWLES" is "Michael A. Knowles"; words already in mixed case ("DuRocher", "LLC") are kept. */
export const titleCase = (text: string): string =>
  text.replace(/\p{L}[\p{L}'’]*/gu, (word) =>
    /\p{Lu}{2}/u.test(word) && !/\p{Ll}/u.test(word) && word.length > 1 && isShouted(text)
      ? word[0]! + word.slice(1).toLowerCase()
      : word,
  );

/** A heading in capitals said as a sentence: "CAMBIO DE DENOMINACIÓN" is "Cambio de denominación". */
export const sentenceCase = (text: string): string =>
  isShouted(text) ? text.charAt(0).toUpperCase() + text.slice(1).toLowerCase() : text;

/** "A", "A and B", "A, B and C". */
export const joinList = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Words a clip may go beyond its length to keep a sum that ends just after it. */
const KEEP_REACH = 6;

/**
 * At most `max` words of `text`, an ellipsis marking what was left out; a few more when that keeps `keep` (the
 * sum a statement is about) whole.
 */
export const clipWords = (text: string, max: number, keep?: string): string => {
  const words = text.trim().split(/\s+/);
  const at = keep ? text.indexOf(keep) : -1;
  const through = at < 0 ? 0 : text.slice(0, at + keep!.length).trim().split(/\s+/).length;
  const length = through > max && through <= max + KEEP_REACH ? through : max;
  return words.length <= length ? words.join(' ') : `${words.slice(0, length).join(' ').replace(/[\s,;:.–—-]+$/u, '')}…`;
};

/** "Approve Payment of Invoices…" is "Payment of Invoices…": a statement's own verb says the approval. */
const APPROVAL_VERB = /^(?:approve|ratify|adopt|authori[sz]e|accept|(?:approval|adoption|ratification) of)\s+/iu;

/** An item's or a heading's words as the quoted subject of a statement: short, without its approving verb. */
export const topicWords = (text: string, max = 12): string =>
  clipWords(sentenceCase(text.replace(APPROVAL_VERB, '').replace(/[\s.:;,–—-]+$/u, '').trim()), max);

export const MAX_QUOTE = 200;

/** The start of `text` up to `max` characters, cut between words: still a verbatim span of its page. */
export const clipQuote = (text: string, max = MAX_QUOTE): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/u, '');
};

/**
 * Spans of one page joined into one quote, in the order they appear on it, "…" standing for the words between
 * them (grounding reads an ellipsis as skipped words). Spans are taken in the order given, most telling first,
 * while they fit in a short quote; one that overlaps a span taken is left out.
 */
export const joinQuotes = (spans: ReadonlyArray<{ text: string; index: number }>, max = MAX_QUOTE): string => {
  const taken: Array<{ text: string; index: number; end: number }> = [];
  let length = 0;
  for (const span of spans) {
    const text = clipQuote(span.text, max);
    const end = span.index + span.text.length;
    if (taken.some((t) => span.index < t.end && t.index < end)) continue;
    if (taken.length > 0 && length + text.length + 3 > max) continue;
    taken.push({ text, index: span.index, end });
    length += text.length + (taken.length > 1 ? 3 : 0);
  }
  return taken
    .sort((a, b) => a.index - b.index)
    .map((t) => t.text)
    .join(' … ');
};

/** A statement as one sentence: its whitespace single, one full stop at its end ("at 9 a.m." keeps its own). */
export const asSentence = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return /[.!?…]$/.test(flat) ? flat : `${flat}.`;
};
