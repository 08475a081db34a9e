/**
 * Two versions of one long document for `npm run bench -- --only compare` (issue 17): US bills of the shared
 * corpus (`billsum-dev.jsonl`) printed one after another as a bill print is (each bill on a new page, a fixed
 * number of lines to a page, its number at the foot), up to a page count; and the same bills with edits made
 * deterministically and counted (amounts raised, a section struck, a sentence added, a bill dropped, a bill
 * moved), so that what a comparison finds can be checked against what was done. Pure: no file is written here.
 */

/** One bill of the corpus: `billsum-dev.jsonl`'s fields that are printed. */
export interface Bill {
  bill_id: string;
  title: string;
  text: string;
}

/** A bill as printed: its heading, title and text, line by line. `key` tells apart two copies of one bill. */
export interface PrintedBill {
  key: string;
  lines: string[];
}

/** The printed document: each page's lines, and the pages (1-based, first and last) of each bill. */
export interface PrintedDocument {
  pages: string[][];
  billPages: Map<string, { first: number; last: number }>;
  /** The bills as printed: the last one cut where the page count ran out, if it did. */
  bills: PrintedBill[];
  /** True when the last bill is cut short by the page count. */
  cut: boolean;
}

export type Edit =
  | { kind: 'amount'; bill: string; before: string; after: string }
  | { kind: 'section-removed'; bill: string; heading: string; lines: number }
  | { kind: 'sentence-added'; bill: string; sentence: string }
  | { kind: 'bill-dropped'; bill: string }
  | { kind: 'bill-moved'; bill: string; from: number; to: number };

/** Width of a printed line (the corpus's own lines are at most 73 characters). */
export const LINE_WIDTH = 72;

/** Words wrapped to `width` characters, each line led by `indent`. */
export function wrap(text: string, width = LINE_WIDTH, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

const ordinal = (n: number): string =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;

/** "107_hr2256" as a bill print heads it: "107th CONGRESS" and "H. R. 2256". */
export function billHeading(id: string): string[] {
  const match = /^(\d+)_([a-z]+)(\d+)$/.exec(id);
  if (!match) return [id];
  const chamber = ({ hr: 'H. R.', s: 'S.', hres: 'H. RES.', sres: 'S. RES.' } as Record<string, string>)[match[2]!] ?? match[2]!.toUpperCase();
  return [`${ordinal(Number(match[1]))} CONGRESS`, `${chamber} ${match[3]}`];
}

/** Characters a PDF's standard fonts cannot write (beyond Latin-1) as "?"; tabs as spaces. */
export const latin1 = (text: string): string => text.replace(/\t/g, '    ').replace(/[^\n\x20-\x7e\xa0-\xff]/g, '?');

/** A bill as printed: heading, title, then its text line by line as the corpus breaks it. */
export function printBill(bill: Bill, key = bill.bill_id): PrintedBill {
  const text = latin1(bill.text).replace(/\s+$/, '').split('\n').map((line) => line.replace(/\s+$/, ''));
  const body = text.flatMap((line) => (line.length <= LINE_WIDTH ? [line] : wrap(line, LINE_WIDTH, /^\s*/.exec(line)![0])));
  return { key, lines: [...billHeading(bill.bill_id), '', ...wrap(latin1(bill.title)), '', ...body] };
}

/**
 * Bills laid out `linesPerPage` to a page, each on a new page, until `maxPages` pages are full: the bill that
 * runs past the last page is cut there, and bills after it are left out.
 */
export function paginate(bills: readonly PrintedBill[], linesPerPage: number, maxPages = Number.POSITIVE_INFINITY): PrintedDocument {
  const pages: string[][] = [];
  const billPages = new Map<string, { first: number; last: number }>();
  const printed: PrintedBill[] = [];
  let cut = false;
  for (const bill of bills) {
    if (pages.length >= maxPages) break;
    const first = pages.length + 1;
    const kept: string[] = [];
    for (let at = 0; at < bill.lines.length && pages.length < maxPages; at += linesPerPage) {
      const page = bill.lines.slice(at, at + linesPerPage);
      pages.push(page);
      kept.push(...page);
    }
    billPages.set(bill.key, { first, last: pages.length });
    printed.push({ key: bill.key, lines: kept });
    cut = kept.length < bill.lines.length;
  }
  return { pages, billPages, bills: printed, cut };
}

/** Bills repeated in order, each copy's keys told apart, until `count` bills. */
export function repeated(bills: readonly Bill[], count: number): PrintedBill[] {
  return Array.from({ length: count }, (_, k) => {
    const bill = bills[k % bills.length]!;
    const copy = Math.floor(k / bills.length);
    return printBill(bill, copy === 0 ? bill.bill_id : `${bill.bill_id}#${copy + 1}`);
  });
}

/** A sum of at least $1,000 as bills write it: "$50,000,000". */
const AMOUNT = /\$\d{1,3}(?:,\d{3})+(?![\d,]\d)/;
/** A section's heading at the left margin (not one quoted in an amendment): "SEC. 2. FINDINGS." */
const SECTION = /^(?:SECTION|SEC\.) \d+\./;

const digitsApart = (a: string, b: string): number => (a.length !== b.length ? Infinity : [...a].filter((d, k) => d !== b[k]).length);

/**
 * The amount an edit raises `dollars` to: a quarter more, else an eighth, a half, three quarters or double, the
 * first that is a whole number differing in two digits or more (one digit apart, a comparison may take it for a
 * misread digit).
 */
export function raisedAmount(dollars: string): string {
  const value = Number(dollars.replace(/[$,]/g, ''));
  for (const factor of [1.25, 1.125, 1.5, 1.75, 2]) {
    const raised = value * factor;
    if (Number.isInteger(raised) && digitsApart(String(value), String(raised)) >= 2) return `$${raised.toLocaleString('en-US')}`;
  }
  throw new Error(`no raised amount for ${dollars}`);
}

/** Sentences a paragraph holds alone: what can be added to a bill as a paragraph of its own. */
export function standaloneSentences(text: string, words = { min: 15, max: 60 }): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((p) => /^[A-Z][^`'"()]*\.$/.test(p) && !/[.;:]\s/.test(p.slice(0, -1)))
    .filter((p) => {
      const n = p.split(' ').length;
      return n >= words.min && n <= words.max;
    });
}

/** Indices spread evenly over `length`: `count` of them, each in the middle of its share. */
const spread = (length: number, count: number): number[] => Array.from({ length: count }, (_, k) => Math.floor(((k + 0.5) * length) / count));

export interface EditPlan {
  amounts: number;
  sectionsRemoved: number;
  sentencesAdded: number;
}

/**
 * The later version of `bills`: `plan.amounts` bills with their first sum of $1,000 or more raised,
 * `plan.sectionsRemoved` bills without their second section (SEC. 2, of three or more), `plan.sentencesAdded` bills with a sentence of
 * `sentences` (text from outside the document) added at their end, one bill dropped and one moved from the
 * first fifth to the last third; each bill edited once, the last bill (cut by the page count) never. The
 * edits are listed in the order they were made.
 */
export function editBills(bills: readonly PrintedBill[], sentences: readonly string[], plan: EditPlan): { later: PrintedBill[]; edits: Edit[] } {
  const later = bills.map((bill) => ({ key: bill.key, lines: [...bill.lines] }));
  const edits: Edit[] = [];
  const used = new Set<string>([bills.at(-1)!.key]);
  const pick = (count: number, eligible: (bill: PrintedBill) => boolean, what: string): PrintedBill[] => {
    const candidates = later.filter((bill) => !used.has(bill.key) && eligible(bill));
    if (candidates.length < count) throw new Error(`only ${candidates.length} bills to ${what}, ${count} wanted`);
    const chosen = spread(candidates.length, count).map((k) => candidates[k]!);
    for (const bill of chosen) used.add(bill.key);
    return chosen;
  };

  for (const bill of pick(plan.amounts, (b) => b.lines.some((line) => AMOUNT.test(line)), 'raise an amount in')) {
    const at = bill.lines.findIndex((line) => AMOUNT.test(line));
    const before = AMOUNT.exec(bill.lines[at]!)![0];
    const after = raisedAmount(before);
    bill.lines[at] = bill.lines[at]!.replace(AMOUNT, after);
    edits.push({ kind: 'amount', bill: bill.key, before, after });
  }
  for (const bill of pick(plan.sectionsRemoved, (b) => b.lines.filter((line) => SECTION.test(line)).length >= 3, 'strike a section of')) {
    const starts = bill.lines.flatMap((line, k) => (SECTION.test(line) ? [k] : []));
    const [from, to] = [starts[1]!, starts[2]!];
    const heading = bill.lines[from]!;
    bill.lines.splice(from, to - from);
    edits.push({ kind: 'section-removed', bill: bill.key, heading, lines: to - from });
  }
  if (sentences.length < plan.sentencesAdded) throw new Error(`only ${sentences.length} sentences to add, ${plan.sentencesAdded} wanted`);
  pick(plan.sentencesAdded, () => true, 'add a sentence to').forEach((bill, k) => {
    const sentence = sentences[k]!;
    bill.lines.push('', ...wrap(sentence, LINE_WIDTH, '    '));
    edits.push({ kind: 'sentence-added', bill: bill.key, sentence });
  });

  const [dropped] = pick(1, () => true, 'drop');
  later.splice(later.findIndex((bill) => bill.key === dropped!.key), 1);
  edits.push({ kind: 'bill-dropped', bill: dropped!.key });
  const early = later.slice(0, Math.ceil(later.length / 5)).map((bill) => bill.key);
  const [moved] = pick(1, (bill) => early.includes(bill.key), 'move');
  const from = later.findIndex((bill) => bill.key === moved!.key);
  later.splice(from, 1);
  const to = Math.floor((later.length * 2) / 3);
  later.splice(to, 0, moved!);
  edits.push({ kind: 'bill-moved', bill: moved!.key, from: from + 1, to: to + 1 });
  return { later, edits };
}
