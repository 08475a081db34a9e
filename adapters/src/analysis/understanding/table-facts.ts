import type { DocumentKind } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import type { DocumentLanguage, DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { findDates, MONTH, monthNumber, sayDate } from './dates.ts';
import type { Finder } from './finder.ts';
import { findAmounts, sayAmount, sayNumber, sayRounded, sayShare } from './money-amounts.ts';
import {
  findRecordListing,
  findTables,
  keyCell,
  linesOf,
  statedTotalChecks,
  sumOfLines,
  TOTAL_LABEL,
  type RecordListing,
  type TableRow,
  type TextTable,
} from './text-tables.ts';
import { findVoteTallies } from './vote-tallies.ts';

/**
 * Facts from tables, budgets, statistics, listings and vote records: the stated totals, the largest lines and
 * their share, how many entries a listing has, the period the figures cover; a table is summarised, never
 * read out row by row.
 *
 * Long because each family of tables (budgets, statistics, listings, vote records) has its own reading of the
 * same `text-tables.ts` model, and they share the wording of the statements they make; kept in one place so that
 * a table is summarised once, by the first family that knows it.
 */

/**
 * Kinds of document that are made of tables: everything found in them is said. A packet bundles documents of
 * every kind, so its tables are read as carefully as those of a document of another kind, but said in full.
 */
const TABLE_KINDS: ReadonlySet<DocumentKind> = new Set(['table', 'budget', 'report', 'vote-record']);
const MAX_FACTS = 6;
/** In a document of another kind (an ordinance that adopts a budget), a table is summarised in so many facts. */
const MAX_FACTS_ELSEWHERE = 4;
const MAX_TABLES = 3;
const MAX_QUOTE_CHARS = 200;
const MAX_STATEMENT_WORDS = 30;
/** How far into each of the first pages the period and subject of a document are looked for (a title may follow its table). */
const HEAD_CHARS = 12_000;
const HEAD_PAGES = 2;
/** A line that stands for everything else is not "a largest line": it is no one thing. */
const CATCH_ALL = /^(?:all\s+others?\b|not\s+(?:identified|specified|stated|reported|elsewhere)\b|(?:others?|miscellaneous|misc\.?|sundry|unknown|autres?|divers|otros?|varios)$)/i;

/** The decimal mark a document uses: what its numbers show ("1.234,56" or "1,234.56"), else its language's. */
const usesDecimalComma = (pages: readonly ExtractedPage[], language: DocumentLanguage | null): boolean => {
  let comma = 0;
  let dot = 0;
  for (const page of pages.slice(0, 20)) {
    const text = page.text.slice(0, 50_000);
    comma += (text.match(/\b\d{1,3}(?:\.\d{3}){1,5},\d{1,2}\b/g) ?? []).length;
    dot += (text.match(/\b\d{1,3}(?:,\d{3}){1,5}\.\d{1,2}\b/g) ?? []).length;
  }
  if (comma !== dot) return comma > dot;
  return language !== null && (language.code === 'fr' || language.code === 'es');
};

// --- saying things --------------------------------------------------------------------------------------------

const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'to', 'in', 'on', 'by', 'a', 'an', 'or', 'at', 'de', 'du', 'la', 'et', 'y', 'del']);

/** A label as a sentence shows it: capitals tamed ("WORKING CASH FUND" → "Working Cash Fund"), at most 8 words. */
const sayLabel = (label: string): string => {
  let text = label.replace(/[*]+/g, '').replace(/\s+/g, ' ').trim();
  if (!/\p{Ll}/u.test(text)) {
    text = text
      .toLowerCase()
      .split(' ')
      .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.replace(/^(\P{L}*)(\p{L})/u, (_, p: string, l: string) => p + l.toUpperCase())))
      .join(' ');
  }
  const words = text.split(' ');
  return words.length > 8 ? `${words.slice(0, 8).join(' ')}…` : text;
};

const wordCount = (text: string): number => text.split(/\s+/).filter((w) => w.length > 0).length;

/** A figure of a table as a statement says it: scaled ("in thousands") and with its currency. */
const sayFigure = (value: number, table: Pick<TextTable, 'scale' | 'currency'>, decimals: number): string =>
  table.scale > 1 ? sayRounded(value * table.scale, table.currency) : sayAmount(value, table.currency, decimals);

/** "Total budget expenses" from "Total Budget Expenses": a label begins a sentence. */
const sentenceCase = (text: string): string => `${text[0]!.toUpperCase()}${text.slice(1).toLowerCase()}`;

/** What a total line names, without the word "total": "TOTAL BUDGET EXPENSES" → "budget expenses". */
const totalSubject = (label: string): string =>
  sayLabel(label)
    .replace(/\b(?:grand\s+)?totals?\b|\btotaux\b|\btotales\b/gi, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** "Table 324 (Arrests by Sex and Age: 2009)" from "Table 324. Arrests by Sex and Age: 2009". */
const sayTitle = (title: string): string => {
  const m = /^(\S+\s+[\w.-]+?)[.:\s\u2013\u2014-]+(\S.*)$/.exec(title);
  return m ? `${m[1]} (${sayLabel(m[2]!)})` : sayLabel(title);
};

/** Figures between a label and the one read are quoted when they are this short, else skipped. */
const MAX_QUOTED_FIGURES = 60;

/**
 * A verbatim quote of a row: its label through the figure it is read by. Dot leaders, and a long run of figures
 * between, are skipped with an ellipsis, so that the quote stays short and free of leaders.
 */
const quoteRow = (row: TableRow, page: ExtractedPage, table: Pick<TextTable, 'keyFrom'>): string => {
  const key = keyCell(row, table.keyFrom) ?? row.cells[0]!;
  if (row.labelAfter) return page.text.slice(key.start, row.labelEnd).replace(/\s+/g, ' ').trim().slice(0, MAX_QUOTE_CHARS);
  const first = row.cells[0]!;
  const figures = page.text.slice(first.start, key.end).replace(/\s+/g, ' ');
  if (row.label === '') return figures.slice(-MAX_QUOTE_CHARS);
  const label = page.text.slice(row.labelStart, row.labelEnd).replace(/\s+/g, ' ').trim();
  // Past the leaders, or from the first figure to the one read, the quote keeps what ties it to its row.
  const tail =
    figures.length <= MAX_QUOTED_FIGURES
      ? figures
      : `${page.text.slice(first.start, first.end)} … ${page.text.slice(key.start, key.end)}`.replace(/\s+/g, ' ');
  const joint = row.leaders ? ' … ' : ' ';
  return `${label.slice(0, MAX_QUOTE_CHARS - tail.length - joint.length)}${joint}${tail}`;
};

// --- what a document's tables are about -----------------------------------------------------------------------

interface Period {
  /** "July 1, 2020 to June 30, 2021", "November 2015", "fiscal year 2021". */
  said: string;
  quote: string;
  page: number;
  /** The heading the period stands under, when there is one ("NICS Firearm Background Checks"). */
  subject: string | null;
}

const RANGE_JOIN = /^[\s,]{0,3}(?:-|\u2013|\u2014|to|through|thru|until|till|(?:and\s{1,3})?ending(?:\s{1,3}on)?|au|jusqu'au|al|hasta(?:\s{1,3}el)?|a)[\s,]{0,3}$/i;
const FISCAL_YEAR = /\b(?:fiscal|budget)\s{1,3}year\s{1,3}(?:of\s{1,3})?((?:19|20)\d\d(?:\s?[-\u2013/]\s?(?:19|20)?\d\d)?)\b|\bFY\s?'?((?:19|20)?\d\d(?:\s?[-\u2013/]\s?(?:19|20)?\d\d)?)\b|\b(?:exercice|ejercicio)\s{1,3}(?:financier\s{1,3}|fiscal\s{1,3})?((?:19|20)\d\d)\b/gi;
const MONTH_YEAR = new RegExp(`\\b(${MONTH})\\.?\\s{0,3}[-\\u2013,]?\\s{0,3}((?:19|20)\\d\\d)\\b`, 'gi');
/** A line this short is a heading, where a period may stand anywhere on a page; elsewhere only in its opening. */
const HEADING_CHARS = 80;
const OPENING_CHARS = 3000;
/** A heading: a few words, no sentence, no figures but a year. */
const HEADING_LINE = /^[\p{L}][\p{L}\d'’&/(),:*. -]{2,79}$/u;

const isHeading = (text: string): boolean =>
  HEADING_LINE.test(text) && wordCount(text) <= 12 && !/[.:]\s/.test(text) && (text.match(/\d/g) ?? []).length <= 4;

/** Up to two heading lines right above line `index` (blank lines skipped), top first. */
const headingAbove = (page: ExtractedPage, lines: Array<{ start: number; end: number }>, index: number): { text: string; start: number } | null => {
  const found: Array<{ start: number; end: number }> = [];
  for (let i = index - 1; i >= 0 && found.length < 2; i--) {
    const text = page.text.slice(lines[i]!.start, lines[i]!.end).trim();
    if (text.length === 0) continue;
    if (!isHeading(text)) break;
    found.unshift(lines[i]!);
  }
  if (found.length === 0) return null;
  const top = page.text.slice(found[0]!.start, found[0]!.end);
  return {
    text: found.map((l) => page.text.slice(l.start, l.end).trim()).join(': '),
    start: found[0]!.start + top.length - top.trimStart().length,
  };
};

/**
 * The period a document's figures cover, from the opening of its first pages: a range of dates ("July 1, 2020
 * to June 30, 2021", "07/01/2015 - 03/25/2016"), else a fiscal year ("FY21", "fiscal year 2020-2021"), else a
 * month ("November - 2015"). A period alone on its line takes the heading above it as its subject.
 */
const findPeriod = (pages: readonly ExtractedPage[], language: DocumentLanguage | null): Period | null => {
  const candidates: Array<Period & { rank: number; at: number }> = [];
  for (const page of pages.slice(0, HEAD_PAGES)) {
    const head = page.text.slice(0, HEAD_CHARS);
    const lines = linesOf(head);
    const lineAt = (offset: number): number => lines.findIndex((l) => l.start <= offset && offset <= l.end);
    /** Takes a period found at [from, to); a month alone is taken only from a heading line, others also from the opening. */
    const take = (from: number, to: number, said: string, rank: number): boolean => {
      const index = lineAt(from);
      const line = lines[index]!;
      const lineText = head.slice(line.start, line.end);
      const heading = lineText.trim().length <= HEADING_CHARS;
      if (!heading && (rank === 2 || from > OPENING_CHARS)) return false;
      const alone = lineText.replace(/[^\p{L}\d]/gu, '').length <= head.slice(from, to).replace(/[^\p{L}\d]/gu, '').length + 2;
      const above = alone ? headingAbove(page, lines, index) : null;
      const quote = head.slice(above?.start ?? from, to).replace(/\s+/g, ' ').trim();
      if (quote.length > MAX_QUOTE_CHARS) return false;
      candidates.push({ said, quote, page: page.number, subject: above ? sayLabel(above.text) : null, rank, at: from });
      return true;
    };
    const dates = findDates(head, language);
    for (let i = 0; i + 1 < dates.length; i++) {
      const [a, b] = [dates[i]!, dates[i + 1]!];
      const between = head.slice(a.index + a.text.length, b.index);
      if (between.length <= 30 && RANGE_JOIN.test(between) && a.iso < b.iso) {
        take(a.index, b.index + b.text.length, `${sayDate(a.iso)} to ${sayDate(b.iso)}`, 0);
      }
    }
    for (const fiscal of head.matchAll(FISCAL_YEAR)) {
      // A line of several years heads the columns of a table of years; none of them alone is the period.
      const line = lines[lineAt(fiscal.index)]!;
      if ((head.slice(line.start, line.end).match(FISCAL_YEAR) ?? []).length > 1) continue;
      const year = (fiscal[1] ?? fiscal[2] ?? fiscal[3]!).replace(/\s/g, '');
      const full = /^\d\d$/.test(year) ? `20${year}` : year;
      if (take(fiscal.index, fiscal.index + fiscal[0].length, `fiscal year ${full}`, 1)) break;
    }
    for (const month of head.matchAll(MONTH_YEAR)) {
      const number = monthNumber(month[1]!);
      // "19 avril 2022" is a day, not a month of figures.
      if (number === undefined || /\d(?:er|st|nd|rd|th)?\s{1,3}(?:de\s{1,3})?$/i.test(head.slice(Math.max(0, month.index - 8), month.index))) continue;
      const name = new Date(Date.UTC(2000, number - 1, 1)).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
      if (take(month.index, month.index + month[0].length, `${name} ${month[2]}`, 2)) break;
    }
  }
  candidates.sort((x, y) => x.rank - y.rank || x.page - y.page || x.at - y.at);
  return candidates[0] ?? null;
};

// --- facts of one table ---------------------------------------------------------------------------------------

interface TableFacts {
  total: DraftFact | null;
  largest: DraftFact | null;
  more: DraftFact[];
  /** The table whose total line states this listing's count and sum. */
  totalFrom: TextTable | null;
}

const pageOf = (pages: readonly ExtractedPage[], number: number): ExtractedPage => pages.find((p) => p.number === number)!;

/** A total line, of any table, whose figures side by side are a listing's count and sum: the listing's own total. */
const findStatedCount = (
  tables: readonly TextTable[],
  count: number,
  sum: number,
): { row: TableRow; table: TextTable; through: number } | null => {
  for (const table of tables) {
    for (const row of table.totals) {
      const values = row.cells.map((c) => c.value);
      for (let i = 0; i + 1 < values.length; i++) {
        if (values[i] === count && Math.abs(values[i + 1]! - sum) < 0.005) return { row, table, through: row.cells[i + 1]!.end };
      }
    }
  }
  return null;
};

const describeTable = (
  table: TextTable,
  tables: readonly TextTable[],
  pages: readonly ExtractedPage[],
  subject: string | null,
  english: boolean,
  money: boolean,
): TableFacts => {
  // An English sentence quotes the words of a label in another language.
  const name = (label: string): string => (english ? label : `“${label}”`);
  const totalRow = table.totals[0] ?? null;
  const totalCell = totalRow ? keyCell(totalRow, table.keyFrom) : null;
  const decimals = [...table.topLevel, ...table.totals].reduce((d, r) => Math.max(d, keyCell(r, table.keyFrom)?.decimals ?? 0), 0);
  const say = (value: number): string => sayFigure(value, table, decimals);
  const checks = statedTotalChecks(table);
  const counted = sumOfLines(table);
  const named = table.title ? sayTitle(table.title.text) : null;
  let total: DraftFact | null = null;
  let totalFrom: TextTable | null = null;
  let base: { value: number; said: string } | null = null;
  const facts: DraftFact[] = [];
  // Money is money; a total of checks, arrests or workers is a count.
  const type: DraftFact['type'] = table.currency !== null || money ? 'amount' : 'count';

  if (totalRow && totalCell && !totalCell.empty) {
    // In a budget of several years, the year said is the one read.
    const value = `${say(totalCell.value)}${table.column ? ` (${table.column})` : ''}`;
    const what = totalSubject(totalRow.label);
    const where = named ?? (subject ? `“${subject}”` : null);
    const statement =
      what.length > 0
        ? english
          ? `${sentenceCase(sayLabel(totalRow.label))} ${/s$/.test(what) ? 'are' : 'is'} ${value}`
          : `${name(sentenceCase(sayLabel(totalRow.label)))} is ${value}`
        : where
          ? `In ${where}, the total is ${value}`
          : `The table's total is ${value}`;
    total = {
      type,
      statement: `${statement}${checks ? ', and the lines add up to it' : ''}.`,
      quote: quoteRow(totalRow, pageOf(pages, totalRow.page), table),
      page: totalRow.page,
    };
    base = { value: totalCell.value, said: 'the total' };
  } else if (table.listing && table.topLevel.length > 0) {
    const count = table.topLevel.length;
    const stated = findStatedCount(tables, count, counted);
    const listingName = subject ? `“${subject}”` : 'The listing';
    if (stated) {
      total = {
        type: 'count',
        statement: `${listingName} has ${sayNumber(count)} entries adding up to ${say(counted)}, as its total line states.`,
        quote: pageOf(pages, stated.row.page).text.slice(stated.row.labelStart, stated.through).replace(/\s+/g, ' '),
        page: stated.row.page,
      };
    }
    totalFrom = stated?.table ?? null;
    base = { value: counted, said: stated ? 'the total' : 'their sum' };
  } else if (counted > 0) {
    base = { value: counted, said: 'their sum' };
  }

  const ranked = table.topLevel
    .filter((row) => !CATCH_ALL.test(row.label) && !TOTAL_LABEL.test(row.label))
    .map((row) => ({ row, value: keyCell(row, table.keyFrom)?.value ?? 0 }))
    .filter((r) => r.value > 0)
    .sort((a, b) => b.value - a.value);
  const top = ranked[0];
  if (top && ranked.length >= 2) {
    const noun = table.listing ? 'entry' : 'line';
    const lead = totalRow && totalSubject(totalRow.label).length > 0 ? `Of ${name(sayLabel(totalRow.label).toLowerCase())}, the largest ${noun}` : named ? `In ${named}, the largest ${noun}` : `The largest ${noun}`;
    const share = base && base.value > 0 && top.value <= base.value * 1.0001 ? ` (${sayShare(top.value, base.value)} of ${base.said})` : '';
    const counting = !totalRow && !table.listing ? ` of ${sayNumber(table.topLevel.length)}` : '';
    let statement = `${lead}${counting} is ${sayLabel(top.row.label)}: ${say(top.value)}${share}`;
    const next = ranked.slice(1, 3).map((r) => `${sayLabel(r.row.label)} (${say(r.value)})`);
    for (let n = next.length; n > 0; n--) {
      const withNext = `${statement}; next ${n === 1 ? 'comes' : 'come'} ${next.slice(0, n).join(' and ')}`;
      if (wordCount(withNext) <= MAX_STATEMENT_WORDS) {
        statement = withNext;
        break;
      }
    }
    if (!totalRow && !table.listing && base) statement += `; the ${sayNumber(table.topLevel.length)} lines add up to ${say(base.value)}, no total being printed`;
    if (wordCount(statement) > MAX_STATEMENT_WORDS) statement = `${lead} is ${sayLabel(top.row.label)}: ${say(top.value)}${share}`;
    facts.push({ type, statement: `${statement}.`, quote: quoteRow(top.row, pageOf(pages, top.row.page), table), page: top.row.page });
  }

  // In a listing whose entries fall under a few headings ("STAFF TRANSPORTATION"), the heading most entries have.
  if (table.listing && table.topLevel.length >= 6) {
    const byLabel = new Map<string, TableRow[]>();
    for (const row of table.topLevel) {
      const same = byLabel.get(row.label);
      if (same) same.push(row);
      else byLabel.set(row.label, [row]);
    }
    const [label, rows] = [...byLabel.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    if (rows.length >= 3 && rows.length * 4 >= table.topLevel.length && rows.length < table.topLevel.length) {
      const sum = rows.reduce((s, r) => s + (keyCell(r, table.keyFrom)?.value ?? 0), 0);
      facts.push({
        type,
        statement: `${sayNumber(rows.length)} of the ${sayNumber(table.topLevel.length)} entries are “${sayLabel(label)}”, adding up to ${say(sum)}.`,
        quote: quoteRow(rows[0]!, pageOf(pages, rows[0]!.page), table),
        page: rows[0]!.page,
      });
    }
    if (!total) {
      facts.unshift({
        type,
        statement: `By our count, the ${sayNumber(table.topLevel.length)} entries listed add up to ${say(counted)}; no total is printed.`,
        quote: quoteRow(top?.row ?? table.topLevel[0]!, pageOf(pages, (top?.row ?? table.topLevel[0]!).page), table),
        page: (top?.row ?? table.topLevel[0]!).page,
      });
    }
  }

  if (table.result) {
    const cell = keyCell(table.result, table.keyFrom);
    if (cell && !cell.empty) {
      const sign = cell.value < 0 ? ' (a shortfall)' : '';
      facts.push({
        type,
        statement: `${sayLabel(table.result.label)} comes to ${say(cell.value)}${sign}.`,
        quote: quoteRow(table.result, pageOf(pages, table.result.page), table),
        page: table.result.page,
      });
    }
  }
  const [largest = null, ...more] = facts;
  return { total, largest, more, totalFrom };
};

// --- budgets in words -----------------------------------------------------------------------------------------

/** What a budget's sentences state: the taxes, revenue and spending it expects ("The estimated amount of taxes to be received ... is $1,941,588"). */
const BUDGET_SUBJECTS: Array<[RegExp, string]> = [
  [/\b(?:other\s+than\s+(?:library\s+|property\s+)?taxes|sources\s+other\s+than)\b/i, 'Revenue from other sources'],
  [/\b(?:taxes|tax\s+levy|levy|impôts?|impuestos?)\b/i, 'Tax revenue'],
  [/\bappropriat\w*/i, 'The total appropriated'],
  [/\b(?:revenues?|receipts|income|recettes|ingresos|received)\b/i, 'Revenue'],
  [/\b(?:expenditures?|expenses|spending|dépenses|gastos|egresos)\b/i, 'Spending'],
];
const BUDGET_SENTENCE = /\b(?:estimated|total|anticipated|projected|budgeted|prévu\w*|estimad\w*)\b/i;
const MAX_BUDGET_SENTENCES = 2;
/** Where a sentence ends: a full stop or semicolon before a space, or a blank line. Splitting on it is linear. */
const SENTENCE_END = /[.;](?=\s)|\n[ \t]*\n/;
const MAX_SENTENCE_CHARS = 300;
const STATES_AMOUNT = /\b(?:is|are|was|were|be|of|totals?|totaling|totalling|amounts?\s+to|est(?:\s+de)?|sont|s'élève\s+à|es(?:\s+de)?|son|asciende\s+a)\s+(?:estimated\s+at\s+|approximately\s+|about\s+|estimé\s+à\s+)?$/i;

const budgetSentences = (pages: readonly ExtractedPage[], said: ReadonlySet<number>, decimalComma: boolean, deadline: number): DraftFact[] => {
  const facts: DraftFact[] = [];
  for (const page of pages) {
    if (facts.length >= MAX_BUDGET_SENTENCES || performance.now() > deadline) break;
    for (const piece of page.text.slice(0, 200_000).split(SENTENCE_END)) {
      if (piece.length > MAX_SENTENCE_CHARS * 2) continue;
      const sentence = piece.replace(/\s+/g, ' ').trim();
      if (sentence.length > MAX_SENTENCE_CHARS || !BUDGET_SENTENCE.test(sentence)) continue;
      const amounts = findAmounts(sentence, decimalComma).filter((a) => !a.percent && a.value > 0);
      if (amounts.length !== 1 || said.has(amounts[0]!.value)) continue;
      // The sentence states the amount ("... is $1,941,588"): a form's line that only carries one does not.
      if (!STATES_AMOUNT.test(sentence.slice(Math.max(0, amounts[0]!.index - 40), amounts[0]!.index))) continue;
      const subject = BUDGET_SUBJECTS.find(([pattern]) => pattern.test(sentence))?.[1];
      if (!subject) continue;
      const amount = amounts[0]!;
      const estimated = /\b(?:estimated|anticipated|projected|prévu\w*|estimad\w*)\b/i.test(sentence) ? ' is estimated at' : ' is';
      // The quote starts at the sentence's first word, after a list marker ("(e)") it may begin with.
      const quote = sentence.replace(/^\(?[a-z0-9]{1,3}\)\s*/i, '').slice(0, MAX_QUOTE_CHARS).trim();
      facts.push({
        type: 'amount',
        statement: `${subject}${estimated} ${sayAmount(amount.value, amount.currency, amount.decimals)}.`,
        quote,
        page: page.number,
      });
      if (facts.length >= MAX_BUDGET_SENTENCES) break;
    }
  }
  return facts;
};

/** Fewer dates than this among a listing's entries say nothing of the time it covers. */
const MIN_LISTING_DATES = 5;

/**
 * The span of the dates among a listing's entries (payments, notices), when the listing states no period of its
 * own: from the earliest to the latest, the entry of the earliest quoted.
 */
const datesOfListing = (table: TextTable, pages: readonly ExtractedPage[], language: DocumentLanguage | null): DraftFact | null => {
  const dates: Array<{ iso: string; quote: string; page: number }> = [];
  for (const page of pages) {
    const rows = table.rows.filter((r) => r.page === page.number);
    if (rows.length === 0) continue;
    const from = Math.min(...rows.map((r) => Math.min(r.labelStart, r.cells[0]!.start)));
    const to = Math.max(...rows.map((r) => Math.max(r.end, r.labelEnd)));
    const region = page.text.slice(from, to + 400);
    const lines = linesOf(region);
    for (const date of findDates(region, language)) {
      const line = lines.find((l) => l.start <= date.index && date.index <= l.end)!;
      dates.push({ iso: date.iso, quote: region.slice(line.start, line.end).trim().slice(0, MAX_QUOTE_CHARS), page: page.number });
    }
  }
  if (dates.length < MIN_LISTING_DATES) return null;
  const earliest = dates.reduce((a, b) => (b.iso < a.iso ? b : a));
  const latest = dates.reduce((a, b) => (b.iso > a.iso ? b : a));
  if (earliest.iso === latest.iso) return null;
  return {
    type: 'date',
    statement: `The dates of the entries run from ${sayDate(earliest.iso)} to ${sayDate(latest.iso)}.`,
    quote: earliest.quote,
    page: earliest.page,
  };
};

// --- listings without figures ---------------------------------------------------------------------------------

const listingFacts = (listing: RecordListing, pages: readonly ExtractedPage[], subject: string | null): DraftFact[] => {
  const facts: DraftFact[] = [];
  const name = subject ? `“${subject}”` : 'The listing';
  const of = listing.pagesInAll !== null && listing.pagesInAll > pages.length ? `, on ${sayNumber(pages.length)} of its ${sayNumber(listing.pagesInAll)} pages` : '';
  facts.push({
    type: 'count',
    statement: `${name} shows ${sayNumber(listing.count)} entries${of}.`,
    quote: listing.first.quote,
    page: listing.first.page,
  });
  if (listing.dates) {
    const column = listing.dates.column ? ` under “${sayLabel(listing.dates.column)}”` : '';
    facts.push({
      type: 'date',
      statement: `The dates${column} run from ${sayDate(listing.dates.first)} to ${sayDate(listing.dates.last)}.`,
      quote: listing.dates.quote,
      page: listing.dates.page,
    });
  }
  return facts;
};

// --- the finder -----------------------------------------------------------------------------------------------

/**
 * Summarises the tables of a document. In a document made of tables (a table, budget, report or vote record)
 * every table with something to say is summarised; in a document of another kind only a table whose lines add
 * up to its stated total, which is surely a table, and (but in a packet) in fewer facts.
 */
export const findTableFacts: Finder = (input) => {
  const { pages, language, deadline } = input;
  const full = input.kind !== null && TABLE_KINDS.has(input.kind);
  const limit = full || input.kind === 'packet' ? MAX_FACTS : MAX_FACTS_ELSEWHERE;
  const decimalComma = usesDecimalComma(pages, language);
  const facts: DraftFact[] = [];
  if (input.kind === 'vote-record') facts.push(...findVoteTallies(pages, deadline));

  const tables = findTables(pages, { deadline, decimalComma });
  const chosen = chooseTables(tables, full);
  const listing = full && chosen.length === 0 ? findRecordListing(pages, { deadline, language }) : null;
  // A packet bundles documents of several dates: no one period is its own.
  const period = input.kind !== 'packet' && (chosen.length > 0 || listing !== null) ? findPeriod(pages, language) : null;
  const subject = period?.subject ?? null;
  const english = language === null || language.code === 'en';
  // A budget's figures are money even where its columns print no currency.
  const money = input.kind === 'budget' || input.kind === 'ordinance';
  const described = chosen.map((t) => describeTable(t, tables, pages, subject, english, money));
  // A summary whose total line is the listing's own count and sum says again what the listing's facts say.
  const repeated = new Set(described.map((d) => d.totalFrom).filter((t) => t !== null));
  const kept = described.filter((_, i) => !repeated.has(chosen[i]!));

  // Most important first: each table's total, the period, each table's largest lines, then the rest.
  const [first, ...others] = kept;
  const dated = chosen.find((t) => t.listing);
  const about = period
    ? periodFact(period, chosen, listing !== null || dated !== undefined, input.kind === 'budget')
    : dated && input.kind !== 'packet'
      ? datesOfListing(dated, pages, language)
      : null;
  // A table's first fact is its total, or else what its lines add up to; what the figures cover comes next.
  const opening = [first?.total ?? first?.largest, about, first?.total ? first.largest : null];
  facts.push(...opening.filter((f): f is DraftFact => f !== null && f !== undefined));
  for (const d of others) facts.push(...[d.total, d.largest].filter((f): f is DraftFact => f !== null));
  for (const d of kept) facts.push(...d.more);
  // A budget says in words what it expects to collect and spend; a report's sums of money are not its budget.
  if (input.kind === 'budget' || chosen.some((t) => t.currency !== null && statedTotalChecks(t))) {
    const said = new Set<number>();
    for (const t of chosen) for (const row of [...t.totals, ...t.topLevel]) said.add((keyCell(row, t.keyFrom)?.value ?? NaN) * t.scale);
    facts.push(...budgetSentences(pages, said, decimalComma, deadline));
  }
  if (listing) facts.push(...listingFacts(listing, pages, subject));
  const unique = facts.filter((f, i) => facts.findIndex((g) => g.statement === f.statement) === i);
  return unique.slice(0, limit);
};

/**
 * The tables worth a fact, at most MAX_TABLES in document order: those with a stated total first, then
 * listings, then (in a document of tables) any of five lines or more. A table that repeats the total of one
 * already chosen (line items after their summary) is left out.
 */
const chooseTables = (tables: readonly TextTable[], full: boolean): TextTable[] => {
  const chosen: TextTable[] = [];
  const totals = new Set<number>();
  const candidates = tables
    .filter((t) => (full ? t.totals.length > 0 || t.listing || t.topLevel.length >= 5 : statedTotalChecks(t) && t.topLevel.length >= 3))
    .map((t, order) => ({ t, order, rank: t.totals.length > 0 ? 0 : t.listing ? 1 : 2 }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order);
  for (const { t } of candidates) {
    if (chosen.length >= MAX_TABLES) break;
    const cell = t.totals[0] ? keyCell(t.totals[0], t.keyFrom) : null;
    if (cell && totals.has(cell.value * t.scale)) continue;
    if (!cell && !t.listing && chosen.some((c) => c.totals.length > 0)) continue;
    if (cell) totals.add(cell.value * t.scale);
    chosen.push(t);
  }
  return chosen.sort((a, b) => tables.indexOf(a) - tables.indexOf(b));
};

const periodFact = (period: Period, chosen: readonly TextTable[], listing: boolean, budget: boolean): DraftFact => {
  const what = listing ? 'The listing is for' : budget || chosen.some((t) => t.currency !== null) ? 'The budget covers' : 'The figures cover';
  return {
    type: 'date',
    statement: period.subject ? `“${period.subject}” covers ${period.said}.` : `${what} ${period.said}.`,
    quote: period.quote,
    page: period.page,
  };
};
