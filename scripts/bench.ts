/**
 * `npm run bench [-- --seconds 10 --rounds 3 --only api,responsiveness,overhead,refusal,extraction,ocr,web,cli,compare]`
 *
 * The five measures of issue 8, OCR of a 66-page scan on every core (issue 19), the refusal of a scan over its
 * character limit (issue 18), the CLI's memory (issue 16) and the comparison of a 500-page pair (issue 17),
 * each against a reference measured beside it in the same run, printed as tables with their ratios and each
 * headline figure against its target. `make verify` runs the same measures and writes them into
 * reports/verify.md (scripts/verify.ts). Runs in a few minutes; the machine's load is printed, as figures
 * from a shared machine compare within one run only.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { measureDashboard, measureResponsiveness } from './bench-api.ts';
import { measureAnalysisOverhead, measureRefusal } from './bench-analysis.ts';
import { measureCliMemory } from './bench-cli.ts';
import { measureCompare } from './bench-compare.ts';
import { measureExtraction } from './bench-extract.ts';
import { measureOcr } from './bench-ocr.ts';
import { formatMeasure, machine, type Measure } from './bench-kit.ts';
import { benchDatabase } from './bench-server.ts';
import { measureWebBundle } from './bench-web.ts';

export interface BenchOptions {
  /** Seconds of load per autocannon run. */
  seconds: number;
  /** Rounds of the extraction and analysis timings (medians). */
  rounds: number;
  only?: readonly string[];
}

const MEASURES: ReadonlyArray<[string, (options: BenchOptions) => Promise<Measure>]> = [
  ['web', () => measureWebBundle()],
  ['api', (options) => measureDashboard(options)],
  ['responsiveness', (options) => measureResponsiveness(options)],
  ['overhead', (options) => measureAnalysisOverhead(options)],
  ['refusal', (options) => measureRefusal(options)],
  ['extraction', (options) => measureExtraction({ rounds: options.rounds, threads: availableParallelism() })],
  ['ocr', () => measureOcr()],
  ['cli', (options) => measureCliMemory({ rounds: options.rounds })],
  ['compare', () => measureCompare()],
];

export const MEASURE_NAMES = MEASURES.map(([name]) => name);

/** Runs the measures one after another (never side by side: they would load each other), printing each. */
export async function runBench(options: BenchOptions): Promise<Measure[]> {
  const measures: Measure[] = [];
  for (const [name, measure] of MEASURES) {
    if (options.only && !options.only.includes(name)) continue;
    const result = await measure(options);
    console.log(formatMeasure(result));
    measures.push(result);
  }
  return measures;
}

export const benchArgs = () => {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      only: { type: 'string' },
    },
  });
  const only = values.only?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !MEASURE_NAMES.includes(name)) ?? [];
  if (unknown.length > 0) throw new Error(`--only takes ${MEASURE_NAMES.join(', ')}; not ${unknown.join(', ')}`);
  return { seconds: Number(values.seconds), rounds: Number(values.rounds), only };
};

const main = async () => {
  const options = benchArgs();
  const before = machine();
  console.log(`Node ${before.node}, ${before.cpus} CPU(s) (${before.cpuModel}), load average ${before.load}; database: ${benchDatabase()}`);
  const measures = await runBench(options);
  console.log(`\n${measures.filter((m) => m.met).length} of ${measures.length} targets met; load average at the end ${machine().load}`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
