/**
 * The extracted pages of every corpus PDF, read once and kept as JSON in a cache folder, so that benchmarks
 * of the analysis (`bench:facts`) do not OCR the corpus's scans on every run. `CIVIC_PAGES_CACHE` names the
 * folder (default `.cache/corpus-pages` under the repository); a file is re-read when the PDF changed.
 * Run directly to fill the cache: `tsx scripts/corpus-pages.ts [NAME-FILTER]`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExtractedPage } from '../core/src/analysis/text-extractor.port.ts';
import { ExtractionPool } from '../adapters/src/extraction/extraction-pool.ts';
import { PdfjsTextExtractor } from '../adapters/src/extraction/pdfjs-text-extractor.ts';
import { corpusDir } from '../adapters/src/testing/shared-corpus.ts';

export const pagesCacheDir: string =
  process.env.CIVIC_PAGES_CACHE ?? path.resolve(import.meta.dirname, '..', '.cache', 'corpus-pages');

export const corpusPdfs = (filter = ''): string[] =>
  readdirSync(corpusDir)
    .filter((name) => name.endsWith('.pdf') && name.includes(filter))
    .sort();

/** The pages of one corpus PDF, from the cache when its bytes have not changed, else extracted and cached. */
export const corpusPages = async (name: string, extractor: () => PdfjsTextExtractor): Promise<ExtractedPage[]> => {
  const bytes = readFileSync(path.join(corpusDir, name));
  const digest = createHash('sha256').update(bytes).digest('hex');
  const file = path.join(pagesCacheDir, `${name}.json`);
  if (existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { sha256: string; pages: ExtractedPage[] };
    if (cached.sha256 === digest) return cached.pages;
  }
  const result = await extractor().extract(new Uint8Array(bytes), { maxPages: 1000 });
  if (!result.ok) throw new Error(`${name}: ${result.error.code}`);
  mkdirSync(pagesCacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ sha256: digest, pages: result.value.pages }));
  return result.value.pages;
};

/** One extractor for a whole run, made on first need (a cache hit needs none). */
export const lazyExtractor = (): { get: () => PdfjsTextExtractor; close: () => Promise<void> } => {
  let pool: ExtractionPool | undefined;
  let extractor: PdfjsTextExtractor | undefined;
  return {
    get: () => {
      pool ??= new ExtractionPool({ maxProcesses: 1 });
      extractor ??= new PdfjsTextExtractor({ pool });
      return extractor;
    },
    close: async () => {
      await pool?.close();
    },
  };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const extractor = lazyExtractor();
  try {
    for (const name of corpusPdfs(process.argv[2] ?? '')) {
      const started = performance.now();
      const pages = await corpusPages(name, extractor.get);
      console.log(`${name}: ${pages.length} pages (${Math.round(performance.now() - started)} ms)`);
    }
  } finally {
    await extractor.close();
  }
}
