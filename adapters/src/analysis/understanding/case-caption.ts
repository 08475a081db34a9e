import type { DocumentText, Span } from './document-text.ts';
import { personName } from './wording.ts';

/** One side of a case as its caption names it: "Michael A. Knowles, Warden" (petitioner). */
export interface Party {
  name: string;
  /** "petitioner", "employer"…; null when the caption gives none. */
  role: string | null;
}

/** The parties a court's or a board's caption names, its case number, and where the caption is. */
export interface Caption {
  parties: [Party, Party];
  caseNumber: string | null;
  span: Span;
}

const ROLE =
  /^(?:petitioners?|respondents?|appellants?|appellees?|plaintiffs?(?:[- ]appell(?:ant|ee)s?)?|defendants?(?:[- ]appell(?:ant|ee)s?)?|employer|union|charging party|intervenors?|complainants?|claimants?|movants?|debtors?|creditors?|demandeu(?:r|rs|resse)|défendeu(?:r|rs|resse)|requérante?s?|demandante|demandad[oa]|recurrente|recurrid[oa])$/iu;
/** The line between two parties in a stacked caption: "v.", "vs.", "and" (with a case number after it, maybe). */
const BETWEEN = /^(?:v\.?|vs\.?|versus|against|and|contre|contra|c\/)(?=\s|$)\s*[:.]?\s*(.*)$/iu;
/** Lines above a caption: the court or board, rules of dashes, "x" corners. */
const ABOVE = /court|before the|united states of america|state of|in the|tribunal|juzgado|^[-–=_\s]*x?$|^x$|^\d{1,3}$/iu;
const CASE_NUMBER =
  /\b(?:Nos?\.|Cases?(?:\sNo\.)?|Docket(?:\sNo\.)?|Civil Action No\.|N°|Expte?\.?)\s?([A-Z0-9]{1,6}(?:(?:[-–]\s?| )[A-Z0-9]{1,8}){1,4}(?![A-Za-z0-9])|\d{2,10})/u;
/** How far into the first page a caption may be. */
const CAPTION_LINES = 60;

/** A case number as one word: "05–\nCA–034547" is "05–CA–034547". */
const numberOf = (text: string): string | null => CASE_NUMBER.exec(text)?.[1]?.replace(/([-–])\s+/g, '$1') ?? null;

/** A caption's line without its column of colons or parentheses: "WARDEN, :" is "WARDEN,". */
const cell = (line: string): string => line.replace(/\s*[:)]\s*$/u, '').replace(/\s+[:)]\s+/gu, ' ').trim();

const isRole = (cell: string): boolean => ROLE.test(cell.replace(/[.,;]$/u, ''));

/** A role may end a name's line: "MARIA LOPEZ, Plaintiff-Appellant," is the name and the role. */
const splitRole = (cell: string): string[] => {
  const m = /^(.{2,}?),\s*([\p{L}-]+)[.,;]?$/u.exec(cell);
  return m && ROLE.test(m[2]!) ? [m[1]!, m[2]!] : [cell];
};

const partyOf = (raw: readonly string[]): Party | null => {
  const cells = raw.flatMap(splitRole);
  const role = cells.find(isRole);
  const words = cells
    .filter((c) => c !== role)
    .join(' ')
    .replace(/[\s,.;:]+$/u, '')
    .trim();
  if (!/\p{L}{2}/u.test(words) || words.length > 120) return null;
  return { name: personName(words), role: role ? role.replace(/[.,;]$/u, '').toLowerCase() : null };
};

// "Pessoa Construction Company and Laborers' International Union of North America. Cases 05–CA–034547" and
// "SMITH v. JONES, No. 12-345": a caption written on one line, or wrapped over a few.
const INLINE = /(?:^|\n)([A-Z][\p{L}\d.,&'’ \n-]{2,100}?)\s(?:v\.|vs\.|and)\s([A-Z][\p{L}\d.,&'’ \n-]{2,100}?)[.,]?\s(?:Cases?|No\.|Docket)\s/u;

/**
 * The parties of a decision's or a transcript's caption on its first page: stacked ("MICHAEL A. KNOWLES, : /
 * Petitioner : / v. : No. 07-1315 / ALEXANDRE MIRZAYANCE. :") or on one line ("X and Y. Cases …"); null when
 * the first page has no caption.
 */
export const findCaption = (doc: DocumentText): Caption | null => {
  const first = doc.lines[0]?.page;
  const lines = doc.lines.filter((l) => l.page === first).slice(0, CAPTION_LINES);
  for (const [i, line] of lines.entries()) {
    const between = BETWEEN.exec(cell(line.text));
    // Only a case number may follow "v." or "and" on its line: "and the Board found…" is prose.
    if (!between || i === 0 || (between[1] !== '' && CASE_NUMBER.exec(between[1]!)?.index !== 0)) continue;
    const above: string[] = [];
    let top = i;
    for (let k = i - 1; k >= 0 && i - k <= 5 && !ABOVE.test(lines[k]!.text); k--) {
      const text = cell(lines[k]!.text);
      // Above a party's first name line, only a line ending in a comma goes on with the name ("MICHAEL A.
      // KNOWLES, / WARDEN,"); "COUNTY DEPARTMENT, CHANCERY DIVISION" is the court's.
      if (above.some((c) => !isRole(c)) && !/,$/.test(text)) break;
      above.unshift(text);
      top = k;
    }
    const below: string[] = [];
    let bottom = i;
    for (let k = i + 1; k < lines.length && k - i <= 5 && !ABOVE.test(lines[k]!.text); k++) {
      const text = cell(lines[k]!.text);
      below.push(text);
      bottom = k;
      if (splitRole(text).some(isRole)) break;
    }
    const a = partyOf(above);
    const b = partyOf(below);
    if (!a || !b || top === i || bottom === i) continue;
    const caseNumber = numberOf(between[1] ?? '') ?? numberOf(doc.text.slice(0, 2000));
    return { parties: [a, b], caseNumber, span: { start: lines[top]!.start, end: lines[bottom]!.end } };
  }
  const head = doc.text.slice(0, lines.at(-1)?.end ?? 0);
  const inline = INLINE.exec(head);
  if (!inline) return null;
  const a = partyOf([inline[1]!.replace(/\s+/g, ' ')]);
  const b = partyOf([inline[2]!.replace(/\s+/g, ' ')]);
  if (!a || !b) return null;
  const caseNumber = numberOf(head.slice(inline.index));
  const start = inline.index + (inline[0].startsWith('\n') ? 1 : 0);
  return { parties: [a, b], caseNumber, span: { start, end: inline.index + inline[0].length } };
};

/** "Michael A. Knowles, Warden (petitioner)". */
export const sayParty = (party: Party): string => `${party.name}${party.role ? ` (${party.role})` : ''}`;
