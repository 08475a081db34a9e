/**
 * Peak memory of `civicwatch analyze` on a one-page text PDF of the corpus (issue 16: at most 300 MB), beside
 * Node alone. The command runs as a self-hoster runs it, through `apps/cli/bin/civicwatch`, on a new
 * installation's embedded database (`civicwatch migrate` first), owning that database as it does when no
 * server is running. Measured two ways at once:
 * - `/usr/bin/time -v`'s maximum resident set size: that of the largest process (GNU time reports the
 *   largest of the command and the children it waited for, never their sum);
 * - the process tree sampled from /proc every 20 ms: the command and its document-reading process together,
 *   the pages they share (Node's own binary, mostly) counted once. Their summed RSS, which counts those
 *   pages twice, is shown beside it.
 * The first run fills tsx's transpile cache and is not counted; the figure is the largest of the rounds.
 * Linux only (/proc); needs GNU time (`apt-get install -y time`).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { corpusDir } from '../adapters/src/testing/shared-corpus.ts';
import type { Measure } from './bench-kit.ts';

const root = path.resolve(import.meta.dirname, '..');
const civicwatch = path.join(root, 'apps/cli/bin/civicwatch');
const GNU_TIME = '/usr/bin/time';
const DOCUMENT = 'scotus-transcript-p1.pdf';
const TARGET_MB = 300;
const SAMPLE_MS = 20;

/** One run's peaks, in MiB. */
export interface MemoryPeaks {
  /** What `/usr/bin/time -v` reports: the largest process's maximum resident set. */
  largestProcess: number;
  /** The tree at its fullest: every process's private pages, plus the most any of them shared. */
  tree: number;
  /** The tree's summed RSS at its fullest (shared pages counted in every process that maps them). */
  treeRssSum: number;
}

const kb = (text: string, field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/** Every process below `pid`, from /proc's parent links. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Ended while we looked.
    }
  }
  const found: number[] = [];
  for (let queue = [...(children.get(pid) ?? [])]; queue.length > 0;) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/** The memory of the processes below `pid` now, in KiB: private pages summed, shared pages counted once. */
function treeNow(pid: number): { tree: number; rssSum: number } {
  let privateSum = 0;
  let sharedMax = 0;
  let rssSum = 0;
  for (const process of descendants(pid)) {
    try {
      const rollup = readFileSync(`/proc/${process}/smaps_rollup`, 'latin1');
      const rss = kb(rollup, 'Rss');
      const own = kb(rollup, 'Private_Clean') + kb(rollup, 'Private_Dirty');
      privateSum += own;
      sharedMax = Math.max(sharedMax, rss - own);
      rssSum += rss;
    } catch {
      // Ended while we looked.
    }
  }
  return { tree: privateSum + sharedMax, rssSum };
}

/**
 * Runs `command` under `/usr/bin/time -v` with `env`, sampling its process tree (GNU time itself left out)
 * until it exits; refuses a command that fails.
 */
export async function measurePeaks(command: string[], env: NodeJS.ProcessEnv): Promise<MemoryPeaks> {
  const child = spawn(GNU_TIME, ['-v', ...command], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let report = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (report += chunk));
  let tree = 0;
  let rssSum = 0;
  const sampler = setInterval(() => {
    const now = treeNow(child.pid!);
    tree = Math.max(tree, now.tree);
    rssSum = Math.max(rssSum, now.rssSum);
  }, SAMPLE_MS);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${command.join(' ')} exited ${code}:\n${report}`);
  const largest = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(report)?.[1]);
  return { largestProcess: largest / 1024, tree: tree / 1024, treeRssSum: rssSum / 1024 };
}

const mb = (value: number): string => `${Math.round(value)} MB`;

/**
 * `civicwatch analyze` on a one-page PDF against 300 MB, Node alone beside it: on a migrated data directory, and
 * as the first command of a new installation, which copies the cluster `npm run build` made and migrates it.
 */
export async function measureCliMemory(options: { rounds: number }): Promise<Measure> {
  if (!existsSync('/proc/self/smaps_rollup') || !existsSync(GNU_TIME)) {
    throw new Error(`the cli measure needs Linux's /proc and GNU time at ${GNU_TIME} (apt-get install -y time)`);
  }
  const document = path.join(corpusDir, DOCUMENT);
  const dataDirs: string[] = [];
  const newDataDir = async () => {
    dataDirs.push(await mkdtemp(path.join(tmpdir(), 'cw-bench-cli-')));
    return { ...process.env, DATA_DIR: dataDirs.at(-1), LOG_LEVEL: 'warn' };
  };
  const analyze = [civicwatch, 'analyze', document];
  try {
    const migrated = await newDataDir();
    await promisify(execFile)(civicwatch, ['migrate'], { env: migrated });
    await measurePeaks(analyze, migrated);
    const runs: MemoryPeaks[] = [];
    const firstRuns: MemoryPeaks[] = [];
    for (let round = 0; round < options.rounds; round++) {
      runs.push(await measurePeaks(analyze, migrated));
      firstRuns.push(await measurePeaks(analyze, await newDataDir()));
    }
    const node = await measurePeaks([process.execPath, '-e', ''], migrated);
    const worst = (of: MemoryPeaks[], key: keyof MemoryPeaks) => Math.max(...of.map((run) => run[key]));
    const peak = Math.max(...[runs, firstRuns].flatMap((of) => [worst(of, 'largestProcess'), worst(of, 'tree')]));
    const row = (label: string, of: MemoryPeaks[]) => [label, mb(worst(of, 'largestProcess')), mb(worst(of, 'tree')), mb(worst(of, 'treeRssSum'))];
    return {
      name: 'CLI memory, `civicwatch analyze` on a one-page PDF',
      table: {
        header: ['', 'largest process (time -v)', 'process tree', 'tree, summed RSS'],
        rows: [
          row(`civicwatch analyze ${DOCUMENT}`, runs),
          row('the same, first command on a new DATA_DIR', firstRuns),
          ['node -e "" (reference)', mb(node.largestProcess), mb(node.tree), mb(node.treeRssSum)],
        ],
      },
      figure: `${mb(worst(runs, 'tree'))} at the peak of the process tree, ${mb(worst(runs, 'largestProcess'))} by /usr/bin/time -v; `
        + `${mb(Math.max(worst(firstRuns, 'tree'), worst(firstRuns, 'largestProcess')))} as a new installation's first command`,
      target: `at most ${TARGET_MB} MB`,
      met: peak <= TARGET_MB,
      notes: [
        `The largest of ${options.rounds} runs after one that fills tsx's cache, on a migrated DATA_DIR that the command owns (no server running).`,
        'A first command copies the new cluster that `npm run build` made, then migrates it (adapters/src/persistence/embedded/new-cluster.ts).',
        'The process tree is the command and its document-reading process; the pages they share (Node\'s binary) are counted once there and twice in the summed RSS.',
      ],
    };
  } finally {
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
