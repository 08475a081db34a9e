import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ExtractionPool } from './extraction-pool.ts';
import { PdfjsTextExtractor } from './pdfjs-text-extractor.ts';
import { corpusDir } from '../testing/shared-corpus.ts';

const pools: ExtractionPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

const onePage = () => new Uint8Array(readFileSync(`${corpusDir}/scotus-transcript-p1.pdf`));

/** This process's reading processes, by their command line. */
const readers = (): number[] => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((entry) => {
  try {
    const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${entry}/cmdline`, 'latin1');
    return parent === process.pid && command.includes('extraction.worker.ts') ? [Number(entry)] : [];
  } catch {
    return [];
  }
});

const readWith = async (pool: ExtractionPool) => {
  pools.push(pool);
  const result = await new PdfjsTextExtractor({ pool }).extract(onePage());
  expect(result.ok && result.value.pages.map((page) => page.number)).toEqual([1]);
};

describe.runIf(process.platform === 'linux')('ExtractionPool: the process that read a document', () => {
  it('stays warm for the next document, as a server wants', async () => {
    await readWith(new ExtractionPool());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readers()).toHaveLength(1);
  });

  it('ends with its document when keepWarm is off, as `civicwatch analyze` wants', async () => {
    const pool = new ExtractionPool();
    pool.keepWarm = false;
    await readWith(pool);
    await expect.poll(readers, { timeout: 5_000 }).toEqual([]);
    // The next document gets a process of its own.
    await readWith(pool);
  });

  it('ends after a quiet spell when no process is to stay warm, as the pool that checks submissions wants', async () => {
    const pool = new ExtractionPool({ minWarm: 0, idleTimeoutMs: 300 });
    pools.push(pool);
    const extractor = new PdfjsTextExtractor({ pool, checkPool: pool });
    expect(await extractor.check(onePage())).toEqual({ ok: true, value: { pages: 1 } });
    expect(readers()).toHaveLength(1);
    await expect.poll(readers, { timeout: 5_000 }).toEqual([]);
  });
});
