import { readFileSync } from 'node:fs';

/** One citable part of the Constitution: an article's section, an amendment (or its section), the preamble. */
export interface Provision {
  /** Stable key: `article-1-section-8`, `amendment-4`, `amendment-14-section-1`, `preamble`. */
  id: string;
  /** How a citizen cites it: "Article I, Section 8", "Fourth Amendment", "Fourteenth Amendment, Section 1". */
  label: string;
  text: string;
}

const ORDINALS = [
  'First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth',
  'Eleventh', 'Twelfth', 'Thirteenth', 'Fourteenth', 'Fifteenth', 'Sixteenth', 'Seventeenth', 'Eighteenth',
  'Nineteenth', 'Twentieth', 'Twenty-first', 'Twenty-second', 'Twenty-third', 'Twenty-fourth', 'Twenty-fifth',
  'Twenty-sixth', 'Twenty-seventh',
];
export const amendmentName = (n: number): string => `${ORDINALS[n - 1] ?? String(n)} Amendment`;

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50 };
export const fromRoman = (roman: string): number => {
  let total = 0;
  for (let i = 0; i < roman.length; i++) {
    const v = ROMAN[roman[i]!] ?? 0;
    const next = ROMAN[roman[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
};

/**
 * Parses the shipped text (data/README.md): "ARTICLE I" / "AMENDMENT XIV" lines open a part,
 * "SECTION. 8." opens a section within it. Text keeps the original's words, with lines unwrapped.
 */
export const parseConstitution = (source: string): Provision[] => {
  const provisions: Provision[] = [];
  let part: { kind: 'article' | 'amendment'; n: number } | null = null;
  let current: Provision | null = null;
  const open = (id: string, label: string, text = '') => {
    current = { id, label, text };
    provisions.push(current);
  };
  for (const line of source.split(/\r?\n/)) {
    const trimmed = line.trim();
    const head = /^(ARTICLE|AMENDMENT)\s+([IVXL]+)$/.exec(trimmed);
    if (trimmed === 'PREAMBLE') {
      open('preamble', 'Preamble');
      continue;
    }
    if (head) {
      const n = fromRoman(head[2]!);
      part = { kind: head[1] === 'ARTICLE' ? 'article' : 'amendment', n };
      open(`${part.kind}-${n}`, part.kind === 'article' ? `Article ${head[2]}` : amendmentName(n));
      continue;
    }
    const section = /^SECTION\.\s*(\d+)\.\s*(.*)$/.exec(trimmed);
    if (section && part) {
      const s = Number(section[1]);
      const base = part.kind === 'article' ? `Article ${toRoman(part.n)}` : amendmentName(part.n);
      // A part whose text all sits in sections needs no entry of its own.
      const last = provisions[provisions.length - 1];
      if (last && last.id === `${part.kind}-${part.n}` && !last.text.trim()) provisions.pop();
      open(`${part.kind}-${part.n}-section-${s}`, `${base}, Section ${s}`, section[2] ?? '');
      continue;
    }
    if (current && trimmed) (current as Provision).text += ((current as Provision).text ? ' ' : '') + trimmed;
    else if (current && !trimmed && (current as Provision).text) (current as Provision).text += '\n';
  }
  return provisions.map((p) => ({ ...p, text: p.text.replace(/\s*\n\s*/g, '\n').trim() }));
};

const toRoman = (n: number): string => {
  const table: Array<[number, string]> = [[50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  for (const [v, s] of table) while (n >= v) {
    out += s;
    n -= v;
  }
  return out;
};

let cached: Provision[] | null = null;

/** The shipped Constitution, read once. */
export const usConstitution = (): Provision[] =>
  (cached ??= parseConstitution(readFileSync(new URL('./data/us-constitution.txt', import.meta.url), 'utf8')));

/** A provision by id, or by the id of its part ("amendment-14" finds "amendment-14-section-1" first). */
export const findProvision = (id: string, provisions: Provision[] = usConstitution()): Provision | undefined =>
  provisions.find((p) => p.id === id) ?? provisions.find((p) => p.id.startsWith(`${id}-section-`));

/**
 * The clause of a provision that `hint` points at, cut at the Constitution's own ";" and "." so that an
 * issue quotes only what is relevant. Falls back to the provision's opening words.
 */
export const clauseOf = (provision: Provision, hint?: RegExp): string => {
  const clauses = provision.text
    .replace(/\n/g, ' ')
    .split(/(?<=[;.])\s*(?=\S)/)
    .map((c) => c.trim())
    .filter(Boolean);
  const found = hint ? clauses.find((c) => hint.test(c)) : undefined;
  const clause = found ?? clauses[0] ?? provision.text;
  return clause.length > 280 ? `${clause.slice(0, clause.lastIndexOf(' ', 277))}…` : clause;
};
