/**
 * `civicwatch compare` on a 500-page pair (issue 17: "A 500-page pair: within the limits, bounded in time and
 * memory"): at most 10 minutes and 1 GB, beside `pdftotext` reading the same two PDFs.
 *
 * The pair is made at bench time from real text: the US bills of the shared corpus (`billsum-dev.jsonl`) printed
 * with jsPDF as a bill print is (Courier, 26 double-spaced lines to a page, each bill on a new page, its page
 * number at the foot), up to exactly 500 pages; the later version is the same bills with edits made
 * deterministically and counted (scripts/version-pair.ts): five amounts raised, two sections struck, two
 * sentences added (from bills of the corpus left out of the document), one bill dropped, one moved. The command
 * runs as a self-hoster runs it, through `apps/cli/bin/civicwatch` on a migrated new DATA_DIR, with `--json`,
 * and its peak memory is measured as the cli measure measures it (`measurePeaks`: `/usr/bin/time -v` and the
 * process tree sampled from /proc). What it lists is checked against the edits: each raised amount must be a
 * change quoting the old sum before and the new one after; a change no edit explains (of another kind than
 * the edit's, or on a bill not edited) is a change that was not made.
 *
 * Half a minute on two quiet cores, pair and reference included, two and a half under a load average of 14:
 * `npm run bench` runs it with the others.
 * Linux only (/proc); needs GNU time and poppler-utils (`apt-get install -y time poppler-utils`).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { jsPDF } from 'jspdf';
import { corpusDir } from '../adapters/src/testing/shared-corpus.ts';
import { comparisonResultSchema, type Change, type ComparisonResult } from '../core/src/contracts/comparison-result.contract.ts';
import { measurePeaks, type MemoryPeaks } from './bench-cli.ts';
import { pageCount } from './bench-extract.ts';
import { fixed, time, type Measure } from './bench-kit.ts';
import {
  editBills, paginate, repeated, standaloneSentences, type Bill, type Edit, type EditPlan, type PrintedDocument,
} from './version-pair.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const civicwatch = path.join(root, 'apps/cli/bin/civicwatch');
const GNU_TIME = '/usr/bin/time';
const BILLS = 'billsum-dev.jsonl';
export const PAGES = 500;
/** A bill print's page: 26 double-spaced lines. */
const LINES_PER_PAGE = 26;
const PLAN: EditPlan = { amounts: 5, sectionsRemoved: 2, sentencesAdded: 2 };
const TARGET_MINUTES = 10;
const TARGET_MB = 1024;

/** A document's pages written as a text PDF: Courier 11 pt on US Letter, double-spaced, the page number at the foot. */
export function writePdf(pages: readonly string[][]): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
  doc.setFont('courier', 'normal');
  doc.setFontSize(11);
  pages.forEach((lines, k) => {
    if (k > 0) doc.addPage();
    lines.forEach((line, n) => {
      if (line.trim()) doc.text(line, 72, 72 + n * 24);
    });
    doc.text(String(k + 1), 306, 740, { align: 'center' });
  });
  return new Uint8Array(doc.output('arraybuffer'));
}

export interface VersionPair {
  earlier: PrintedDocument;
  later: PrintedDocument;
  edits: Edit[];
}

/** The pair: as many bills of the corpus as fill `pages` pages (the list repeated if need be), then edited. */
export async function versionPair(pages = PAGES): Promise<VersionPair> {
  const bills = (await readFile(path.join(corpusDir, BILLS), 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Bill);
  let count = bills.length;
  while (paginate(repeated(bills, count), LINES_PER_PAGE).pages.length < pages) count += bills.length;
  const earlier = paginate(repeated(bills, count), LINES_PER_PAGE, pages);
  // Sentences no page of either version holds: from the bills the page count left out.
  const printed = new Set(earlier.bills.map((bill) => bill.key));
  const sentences = bills.filter((bill) => !printed.has(bill.bill_id)).flatMap((bill) => standaloneSentences(bill.text));
  const { later, edits } = editBills(earlier.bills, sentences, PLAN);
  return { earlier, later: paginate(later, LINES_PER_PAGE), edits };
}

/** What the comparison listed, checked against the edits made. */
export interface Findings {
  byType: Map<Change['type'], number>;
  /** Raised amounts listed as a change of amount (or number) quoting the old sum before and the new one after. */
  amountsFound: number;
  /** Struck sections with at least one removal listed on their bill's pages. */
  sectionsFound: number;
  /** Added sentences listed as an addition quoting them. */
  sentencesFound: number;
  /** Removals listed on the dropped bill's pages (one per sentence it held, at most). */
  droppedBillChanges: number;
  /** Changes on the moved bill's pages, of either version: none was made. */
  movedBillChanges: number;
  /** Changes no edit explains (a wrong kind, or on a bill not edited): changes that were not made. */
  unmade: Change[];
}

const billAt = (document: PrintedDocument, page: number | undefined): string | null => {
  if (page === undefined) return null;
  for (const [key, pages] of document.billPages) if (page >= pages.first && page <= pages.last) return key;
  return null;
};

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The comparison's changes against the edits: each edit explains only changes of its kind, on its bill's pages. */
export function checkFindings(result: ComparisonResult, pair: VersionPair): Findings {
  const { changes } = result;
  const removedFrom = (bill: string) => (c: Change) => c.type === 'removed' && billAt(pair.earlier, c.before?.page) === bill;
  const explains = (edit: Edit) => (c: Change): boolean => {
    switch (edit.kind) {
      case 'amount':
        return (c.type === 'amount' || c.type === 'number') && !!c.before?.quote.includes(edit.before) && !!c.after?.quote.includes(edit.after);
      case 'section-removed':
      case 'bill-dropped':
        return removedFrom(edit.bill)(c);
      case 'sentence-added':
        return c.type === 'added' && !!c.after && billAt(pair.later, c.after.page) === edit.bill && flat(edit.sentence).startsWith(flat(c.after.quote).slice(0, 40));
      case 'bill-moved':
        return false;
    }
  };
  const found = (kind: Edit['kind']) => pair.edits.filter((edit) => edit.kind === kind && changes.some(explains(edit))).length;
  const byType = new Map<Change['type'], number>();
  for (const change of changes) byType.set(change.type, (byType.get(change.type) ?? 0) + 1);
  const moved = pair.edits.filter((edit) => edit.kind === 'bill-moved').map((edit) => edit.bill);
  return {
    byType,
    amountsFound: found('amount'),
    sectionsFound: found('section-removed'),
    sentencesFound: found('sentence-added'),
    droppedBillChanges: pair.edits.filter((edit) => edit.kind === 'bill-dropped').reduce((n, edit) => n + changes.filter(explains(edit)).length, 0),
    movedBillChanges: changes.filter((c) => moved.includes(billAt(pair.earlier, c.before?.page) ?? '') || moved.includes(billAt(pair.later, c.after?.page) ?? '')).length,
    unmade: changes.filter((c) => !pair.edits.some((edit) => explains(edit)(c))),
  };
}

const mb = (value: number): string => `${Math.round(value)} MB`;
const seconds = (ms: number): string => `${fixed(ms / 1000, 1)} s`;

/** `civicwatch compare --json` on the 500-page pair: wall time and peak memory against 10 minutes and 1 GB. */
export async function measureCompare(): Promise<Measure> {
  if (!existsSync('/proc/self/smaps_rollup') || !existsSync(GNU_TIME)) {
    throw new Error(`the compare measure needs Linux's /proc and GNU time at ${GNU_TIME} (apt-get install -y time)`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'cw-bench-compare-'));
  const files = { earlier: path.join(dir, 'earlier.pdf'), later: path.join(dir, 'later.pdf'), json: path.join(dir, 'comparison.json') };
  const env = { ...process.env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn', CW_BENCH_OUTPUT: files.json };
  try {
    const pair = await versionPair();
    await writeFile(files.earlier, writePdf(pair.earlier.pages));
    await writeFile(files.later, writePdf(pair.later.pages));
    const pages = { earlier: pageCount(files.earlier), later: pageCount(files.later) };
    if (pages.earlier !== PAGES) throw new Error(`earlier.pdf has ${pages.earlier} pages, not ${PAGES}`);
    const { stdout: lastPage } = await run('pdftotext', ['-layout', '-f', String(PAGES), '-l', String(PAGES), files.earlier, '-']);
    const lastLine = pair.earlier.pages.at(-1)!.findLast((line) => line.trim())!.trim();
    if (!lastPage.includes(lastLine)) throw new Error(`pdftotext does not read page ${PAGES} of earlier.pdf back ("${lastLine}")`);

    await run(civicwatch, ['migrate'], { env });
    // tsx's cache filled by a comparison of two pages of text: the modules the measured run loads, transpiled.
    await writeFile(path.join(dir, 'a.txt'), pair.earlier.pages[0]!.join('\n'));
    await writeFile(path.join(dir, 'b.txt'), pair.later.pages[0]!.join('\n'));
    await run(civicwatch, ['compare', path.join(dir, 'a.txt'), path.join(dir, 'b.txt'), '--json'], { env });

    // The shell replaces itself with the command (exec), its standard output sent to the file.
    const command = ['/bin/sh', '-c', 'exec "$0" "$@" > "$CW_BENCH_OUTPUT"', civicwatch, 'compare', files.earlier, files.later, '--json'];
    let compare: MemoryPeaks | undefined;
    const wall = await time(async () => (compare = await measurePeaks(command, env)));
    let read: MemoryPeaks | undefined;
    const readWall = await time(async () => (read = await measurePeaks(['/bin/sh', '-c', 'pdftotext -q "$0" /dev/null && pdftotext -q "$1" /dev/null', files.earlier, files.later], env)));
    const result = comparisonResultSchema.parse(JSON.parse(await readFile(files.json, 'utf8')));
    const found = checkFindings(result, pair);
    const peak = Math.max(compare!.largestProcess, compare!.tree);
    const size = ((await stat(files.earlier)).size + (await stat(files.later)).size) / 1024 / 1024;
    const count = (kind: Edit['kind']) => pair.edits.filter((edit) => edit.kind === kind).length;
    const types = [...found.byType].map(([type, n]) => `${n} ${type}`).join(', ');
    return {
      name: 'Comparison, `civicwatch compare` on a 500-page pair',
      table: {
        header: ['', 'wall time', 'largest process (time -v)', 'process tree', 'tree, summed RSS'],
        rows: [
          [`civicwatch compare --json, ${pages.earlier} + ${pages.later} pages`, seconds(wall), mb(compare!.largestProcess), mb(compare!.tree), mb(compare!.treeRssSum)],
          ['pdftotext of both (reference)', seconds(readWall), mb(read!.largestProcess), mb(read!.tree), mb(read!.treeRssSum)],
        ],
      },
      figure: `${seconds(wall)} and ${mb(compare!.tree)} at the peak of the process tree (${mb(compare!.largestProcess)} by /usr/bin/time -v); ` +
        `${found.amountsFound} of ${count('amount')} raised amounts among ${result.changes.length} changes`,
      target: `bounded: at most ${TARGET_MINUTES} min and ${TARGET_MB / 1024} GB`,
      met: wall <= TARGET_MINUTES * 60_000 && peak <= TARGET_MB,
      notes: [
        `The pair: ${pair.earlier.bills.length} US bills of the corpus's ${BILLS}${pair.earlier.cut ? ', the last one cut at the foot of page 500' : ''}, ` +
          `${fixed(size, 1)} MB of text PDF for both. The later version: ${count('amount')} amounts raised, ${count('section-removed')} sections struck, ` +
          `${count('sentence-added')} sentences added, ${count('bill-dropped')} bill dropped, ${count('bill-moved')} bill moved.`,
        `Listed: ${result.changes.length} changes (${types || 'none'}), in ${seconds(result.metadata.processingTime)} by the command's own account.`,
        `Found: ${found.amountsFound} of ${count('amount')} raised amounts (the old sum quoted before, the new one after), ` +
          `${found.sectionsFound} of ${count('section-removed')} struck sections, ${found.sentencesFound} of ${count('sentence-added')} added sentences, ` +
          `${found.droppedBillChanges} removals on the dropped bill's pages; ${found.movedBillChanges} changes on the moved bill's pages.`,
        `Changes no edit explains (not made): ${found.unmade.length}` +
          (found.unmade.length > 0 ? `, such as ${found.unmade.slice(0, 2).map((c) => `${c.type} "${c.statement.slice(0, 90)}"`).join('; ')}` : '') + '.',
        'Wall time of the command alone, on a migrated new DATA_DIR that it owns, after a comparison of two pages of text that fills tsx\'s cache.',
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
