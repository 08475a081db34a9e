import type { DocumentText, Span } from './document-text.ts';

/**
 * The numbered items of minutes and agendas: "1. Call to order", "a. Approve payments", "6.1 Autorisation…",
 * "ASUNTO II.- …", "DE-2014/3 – …", "RÉSOLUTION NO. 2023-", "III. New Business", "NEW BUSINESS". Level 1 items
 * hold level 2 items (lettered or sub-numbered); a bullet ("•", "o", "-") is level 3.
 */
export interface OutlineItem {
  /** Index of the item's first line in `DocumentText.lines`. */
  line: number;
  level: 1 | 2 | 3;
  /** The item's words without its number or bullet, joined over the lines it wraps to. */
  title: string;
  /** Where the title is in the document's text (for quotes); its lines follow each other. */
  span: Span;
  /** Index of the item's last title line. */
  lastLine: number;
  /** True for a numbered item ("3.", "ASUNTO II", "DE-2014/3"), false for a bullet or a line in capitals. */
  numbered: boolean;
}

/** A bullet before a line's words: a glyph, or "o", "*", "-" and a space. */
export const BULLET = /^(?:[•◦▪●○■□➢►✓·\u2022\u25aa\u25cf\uf000-\uf8ff]\s*|[o*–-]\s+)/u;

// Each pattern gives the label and the title; numbers are bounded so a line of digits is read once.
const HEADINGS: ReadonlyArray<[1 | 2, RegExp]> = [
  [2, /^(\d{1,3}(?:\.\d{1,3}){1,3})\.?(?![\d.])\s*(.*)$/u],
  [1, /^(\d{1,3})[.)](?![\d.])[-–—.:]*\s*(.*)$/u],
  [2, /^([a-z])[.)]\s+(\S.*)$/u],
  [1, /^([IVXLC]{1,6})[.)]\s+(\S.*)$/u],
  [1, /^((?:ASUNTO|Asunto|PUNTO|Punto|AGENDA ITEM|Agenda Item|ITEM|Item|ARTICLE|Article|ARTÍCULO|Artículo)\s+(?:\d{1,3}[\p{L}\d.º°ª-]{0,5}?|[IVXLC]{1,6}))\s*[-–—.:]{0,3}\s*(.*)$/u],
  // French deliberations are numbered by year: "DE-2014/3 – Objet", "Délibération n° 2014-12 : Objet".
  [1, /^((?:[A-Z]{1,4}[- ]?|d[ée]lib[ée]ration\s?(?:n[°º]?\s?)?)?\d{4}\s?[/-]\s?\d{1,4})\s*[-–—:]\s*(\S.*)$/iu],
  [1, /^((?:RÉSOLUTION|RESOLUTION|Résolution|Resolution)\s?(?:(?:NO\.?|No\.?|N[°º]\.?|#)\s?)?(?=[\w-]{0,12}\d)[\w-]{1,12})\s*[-–—:]?\s*(.*)$/u],
];

/** A heading in capitals: "NEW BUSINESS", "ORDRE DU JOUR"; not a label with its value ("ABSENT: Lee"). */
const isCapsHeading = (text: string): boolean =>
  text.length >= 4 && text.length <= 90 && /\p{Lu}{2}/u.test(text) && !/\p{Ll}/u.test(text) && !/:\s*\S|_{3}/.test(text) &&
  !BODY_START.test(text) &&
  (text.match(/\p{L}+/gu)?.length ?? 0) >= 2;

/** Words that start the body of an item rather than continue its title. */
const BODY_START =
  /^(?:ATTENDU|IL EST|CONSID[ÉE]RANT|WHEREAS|MOTION|Motion|Roll|Ayes|Nays|Trustee|Director|Vu |Visto|Considerando|Monsieur|Madame|Le Conseil|El Pleno)/u;
const CONNECTOR_END = /\b(?:of|the|and|to|for|in|on|with|by|a|de|la|le|du|des|del|et|y|à|en|au|aux|los|las|el)$/iu;

/** "Public Employee Performance Evaluation": most of its longer words start with a capital. */
const isTitleCase = (text: string): boolean => {
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  return words.length > 0 && words.filter((w) => /^\p{Lu}/u.test(w)).length >= words.length * 0.6;
};

/** Where an outline item starts on a line: its level, label and title, or null for a line of text. */
export const headingOf = (text: string): { level: 1 | 2 | 3; title: string; numbered: boolean } | null => {
  const bullet = BULLET.exec(text);
  const rest = bullet ? text.slice(bullet[0].length) : text;
  for (const [level, re] of HEADINGS) {
    const m = re.exec(rest);
    if (m) return { level, title: m[2]!.trim(), numbered: true };
  }
  if (bullet) return { level: 3, title: rest.trim(), numbered: false };
  return isCapsHeading(text) ? { level: 1, title: text, numbered: false } : null;
};

/** The items of a document's outline, in order. */
export const outlineOf = (doc: DocumentText): OutlineItem[] => {
  const items: OutlineItem[] = [];
  const { lines } = doc;
  for (let i = 0; i < lines.length; i++) {
    const heading = headingOf(lines[i]!.text);
    if (!heading) continue;
    const shouted = isCapsHeading(heading.title);
    let last = i;
    // A title wraps onto the next lines: a resolution's title follows its number, a long title fills its line
    // or ends on a word that needs another, and a heading in capitals goes on in capitals.
    for (let j = i + 1; j < lines.length && j <= i + 3; j++) {
      const next = lines[j]!;
      if (next.page !== lines[i]!.page || BODY_START.test(next.text)) break;
      const nextHeading = headingOf(next.text);
      if (nextHeading && (nextHeading.numbered || !shouted || nextHeading.level === 3)) break;
      const current = j === i + 1 ? heading.title : lines[j - 1]!.text;
      // A line that starts in lower case goes on with a long line; one in capitals only goes on with a line ending
      // on a small word, a colon or a dash, or with a title in capitals ("… Government Code / Section 54957").
      const open = CONNECTOR_END.test(current) || /[:–—-]$/.test(current);
      const long = lines[j - 1]!.text.length >= 50 && !/[.;?!)]$/.test(current);
      const wraps =
        current === '' ||
        (shouted && isCapsHeading(next.text)) ||
        (!shouted && (open || (long && (/^\p{Ll}/u.test(next.text) || (isTitleCase(current) && isTitleCase(next.text))))));
      if (!wraps) break;
      last = j;
    }
    const titleStart = heading.title === '' && last > i ? lines[i + 1]!.start : lines[i]!.end - heading.title.length;
    const span = { start: titleStart, end: lines[last]!.end };
    const title = [heading.title, ...lines.slice(i + 1, last + 1).map((l) => l.text)].join(' ').replace(/\s+/g, ' ').trim();
    items.push({ line: i, level: heading.level, title, span, lastLine: last, numbered: heading.numbered });
    i = last;
  }
  return items;
};
