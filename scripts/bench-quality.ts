/**
 * `npm run bench:quality`: ROUGE of the embedded analyzer's summaries against the human summaries of the
 * BillSum dev bills (corpus/billsum-dev.jsonl), scored as the BillSum paper scored (scripts/rouge.ts),
 * beside the paper's published baselines and a lead-2,000-characters baseline computed here on the same
 * bills. Exits 1 when the product does not beat the published TextRank on all three metrics.
 * CORPUS_DIR (or SHARED_DIR) overrides where the corpus is (adapters/src/testing/shared-corpus.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EMBEDDED_MODEL, EmbeddedDocumentAnalyzer } from '../adapters/src/analysis/embedded/embedded-document-analyzer.ts';
import { RuleBasedFactFinder } from '../adapters/src/analysis/understanding/rule-based-fact-finder.ts';
import { scoreBillSum } from './rouge.ts';
import type { DocumentUnderstanding } from '../core/src/analysis/fact-finder.port.ts';
import { groundFacts } from '../core/src/analysis/grounding.ts';
import type { ExtractedPage } from '../core/src/analysis/text-extractor.port.ts';
import { corpusDir } from '../adapters/src/testing/shared-corpus.ts';

export interface Bill {
  bill_id: string;
  title: string;
  text: string;
  summary: string;
}

/** Mean F1 × 100 of ROUGE-1, -2, -L. */
export type RougeTriple = [number, number, number];

/** Kornilova & Eidelman 2019, BillSum US test set, summaries cut at 2,000 characters. */
export const PUBLISHED: ReadonlyArray<[string, RougeTriple]> = [
  ['SumBasic (published)', [30.74, 14.16, 23.92]],
  ['LSA (published)', [32.64, 15.69, 26.26]],
  ['TextRank (published)', [34.35, 17.77, 27.8]],
  ['DOC (published)', [38.51, 21.38, 31.48]],
  ['Supervised ensemble (published)', [40.8, 23.83, 33.73]],
];

const TEXTRANK: RougeTriple = [34.35, 17.77, 27.8];

export const readBills = (file: string): Bill[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Bill);

const finder = new RuleBasedFactFinder();

/** What the use case gives the analyzer: the rules' understanding, with only the facts whose quote is on its page. */
const understood = async (pages: ExtractedPage[]): Promise<DocumentUnderstanding> => {
  const found = await finder.understand(pages, null);
  return { ...found, facts: groundFacts(found.facts, pages) };
};

/**
 * The product's summary of a bill: the rule-based facts, then the embedded analyzer, on the bill's text as one
 * page, titled by the bill.
 */
export const embeddedSummary = async (analyzer: EmbeddedDocumentAnalyzer, bill: Bill): Promise<string> => {
  const pages = [{ number: 1, text: bill.text, ocr: false }];
  const result = await analyzer.analyze({
    pages,
    title: bill.title,
    analysisType: 'summary',
    jurisdiction: { country: 'US', state: null },
    customFocus: null,
    prompt: '',
    // BillSum is English throughout; the analyzer would only use the language to warn about another one.
    language: null,
    understanding: await understood(pages),
  });
  if (!result.ok) throw new Error(`${bill.bill_id}: ${result.error.code}`);
  return result.value.draft.summary;
};

const mean = (scores: RougeTriple[]): RougeTriple =>
  [0, 1, 2].map((i) => (100 * scores.reduce((n, s) => n + s[i]!, 0)) / Math.max(1, scores.length)) as RougeTriple;

export interface BenchResult {
  bills: number;
  product: RougeTriple;
  lead: RougeTriple;
  milliseconds: number;
}

export const runBench = async (bills: readonly Bill[]): Promise<BenchResult> => {
  const analyzer = new EmbeddedDocumentAnalyzer();
  const started = performance.now();
  const product: RougeTriple[] = [];
  const lead: RougeTriple[] = [];
  for (const bill of bills) {
    product.push(scoreBillSum(await embeddedSummary(analyzer, bill), bill.summary));
    lead.push(scoreBillSum(bill.text.slice(0, 2000), bill.summary));
  }
  return { bills: bills.length, product: mean(product), lead: mean(lead), milliseconds: performance.now() - started };
};

export const beats = (a: RougeTriple, b: RougeTriple): boolean => a.every((v, i) => v > b[i]!);

export const formatTable = (result: BenchResult): string => {
  const rows: Array<[string, RougeTriple]> = [
    ...PUBLISHED,
    [`Lead 2,000 characters (this run, ${result.bills} bills)`, result.lead],
    [`CivicWatch embedded, ${EMBEDDED_MODEL} (this run, ${result.bills} bills)`, result.product],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  const line = (name: string, cells: string[]) => `${name.padEnd(width)}  ${cells.map((c) => c.padStart(7)).join('  ')}`;
  return [
    line('System', ['ROUGE-1', 'ROUGE-2', 'ROUGE-L']),
    ...rows.map(([name, s]) => line(name, s.map((v) => v.toFixed(2)))),
  ].join('\n');
};

const main = async () => {
  const bills = readBills(path.join(corpusDir, 'billsum-dev.jsonl'));
  const result = await runBench(bills);
  console.log(formatTable(result));
  console.log(
    `\nF1 x 100, scored like the BillSum paper (rouge 0.3.2: split on ".", no lower-casing, no stemming, summaries cut at` +
      ` 2,000 characters). Published rows are on the BillSum test set; these bills are from its train split, so compare` +
      ` indicatively. ${Math.round(result.milliseconds)} ms for ${result.bills} bills.`,
  );
  if (!beats(result.product, TEXTRANK)) {
    console.error('FAIL: the embedded summary does not beat the published TextRank on all three metrics.');
    process.exitCode = 1;
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
