/**
 * `npm run bench:facts`: what `bench:civic` measures, in seconds instead of a quarter of an hour. Each corpus
 * document of the nuggets file is analysed by the product's use case (rule-based facts, embedded analyzer,
 * grounding) on its pages as `scripts/corpus-pages.ts` cached them (scans are OCR'd once), the results are
 * written as JSON, and the shared scorer (`civic_eval.py --from-json`) scores them. Also prints each
 * document's kind against the nuggets file's. `bench:civic` remains the measure through the real CLI.
 * NUGGETS names another nuggets file; OUT keeps the results (default a temporary folder).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AnalyzeDocument } from '../core/src/analysis/analyze-document/analyze-document.use-case.ts';
import type { ExtractedPage, TextExtractor } from '../core/src/analysis/text-extractor.port.ts';
import type { AnalysisType } from '../core/src/contracts/analysis-summary.contract.ts';
import { systemClock } from '../core/src/shared/clock.port.ts';
import { ok } from '../core/src/shared/result.ts';
import { EmbeddedDocumentAnalyzer } from '../adapters/src/analysis/embedded/embedded-document-analyzer.ts';
import { EldLanguageDetector } from '../adapters/src/analysis/language/eld-language-detector.ts';
import { RuleBasedFactFinder } from '../adapters/src/analysis/understanding/rule-based-fact-finder.ts';
import { InMemoryUnitOfWork } from '@civicwatch/core/testing';
import { sharedDir } from '../adapters/src/testing/shared-corpus.ts';
import { corpusPages, lazyExtractor } from './corpus-pages.ts';

interface Spec {
  doc: string;
  type?: AnalysisType;
  kind?: string;
}

/** Serves pages already extracted, so that the use case runs unchanged from there on. */
class CachedPages implements TextExtractor {
  constructor(private readonly pages: ExtractedPage[]) {}
  async extract() {
    return ok({ pages: this.pages, warnings: [] });
  }

  async check() {
    return ok({ pages: this.pages.length });
  }
}

const nuggets = process.env.NUGGETS ?? path.join(sharedDir, 'eval', 'civic-nuggets.jsonl');
const specs = readFileSync(nuggets, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Spec);
const out = process.env.OUT ?? mkdtempSync(path.join(tmpdir(), 'bench-facts-'));
mkdirSync(out, { recursive: true });

const extractor = lazyExtractor();
let kindsRight = 0;
try {
  for (const spec of specs) {
    const pages = await corpusPages(spec.doc, extractor.get);
    const useCase = new AnalyzeDocument(new CachedPages(pages), new InMemoryUnitOfWork(), new EmbeddedDocumentAnalyzer(), systemClock,
      new EldLanguageDetector(), new RuleBasedFactFinder());
    const started = performance.now();
    const result = await useCase.execute({
      source: { kind: 'pdf', bytes: new Uint8Array() },
      title: spec.doc.replace(/\.pdf$/, ''),
      analysisType: spec.type ?? 'summary',
      jurisdiction: { country: 'US', state: null },
      customFocus: null,
      paidTier: false,
    });
    if (!result.ok) throw new Error(`${spec.doc}: ${result.error.code}`);
    writeFileSync(path.join(out, `${spec.doc}.json`), JSON.stringify(result.value, null, 2));
    const kind = result.value.metadata.documentKind;
    if (kind === spec.kind) kindsRight += 1;
    const citations = result.value.citations;
    console.log(`${spec.doc}: kind ${kind ?? 'none'}${kind === spec.kind ? '' : ` (expected ${spec.kind})`}; ` +
      `${result.value.facts.length} facts; citations ${citations.filter((c) => c.verified).length}/${citations.length} verified; ` +
      `${Math.round(performance.now() - started)} ms`);
  }
} finally {
  await extractor.close();
}
console.log(`kind right for ${kindsRight} of ${specs.length}; results in ${out}`);
execFileSync('python3', [path.join(sharedDir, 'tools', 'civic_eval.py'), nuggets, '--docs', path.join(sharedDir, 'corpus'), '--from-json', out],
  { stdio: 'inherit' });
