/**
 * `make verify`: the resilience suite (vitest project `resilience`), then the benchmarks of `npm run bench`,
 * written into reports/verify.md: each figure beside its target, met or not and why, the suite's counts,
 * the machine and the date. Exits 1 when a resilience test fails or a benchmark cannot run; a missed
 * target is reported, with its figure and its reason, not hidden behind an exit code.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { machine, markdownMeasure, markdownSummary, type Measure } from './bench-kit.ts';
import { benchArgs, runBench } from './bench.ts';
import { benchDatabase } from './bench-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'reports');

export interface SuiteCounts {
  files: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Names of the failed tests. */
  failures: string[];
}

interface VitestJson {
  numTotalTestSuites: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string }> }>;
}

/** Runs `vitest run --project resilience`; no test files yet is zero tests, not a failure. */
async function runResilience(): Promise<SuiteCounts> {
  const output = path.join(reports, 'resilience.json');
  await inherit(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'resilience', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`]);
  const json = JSON.parse(await readFile(output, 'utf8')) as VitestJson;
  await rm(output);
  return {
    files: json.testResults.length,
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
    failures: json.testResults.flatMap((file) =>
      file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${path.relative(root, file.name)}: ${test.fullName}`)),
  };
}

/** Runs a command on this terminal until it ends; a failing suite exits non-zero, its counts are in the JSON it wrote. */
const inherit = (file: string, args: string[]) =>
  new Promise<void>((resolve) => spawn(file, args, { cwd: root, stdio: 'inherit' }).once('close', () => resolve()));

export function report(measures: readonly Measure[], suite: SuiteCounts, context: { date: Date; database: string }): string {
  const host = machine();
  return [
    '# CivicWatch verification report',
    '',
    `${context.date.toISOString()} on ${host.cpus} CPU(s) (${host.cpuModel}), Node ${host.node}, load average ${host.load} at the end; server benchmarks on the ${context.database}.`,
    'Produced by `make verify`; each benchmark measures its reference beside it in the same run, so compare ratios, not times across runs.',
    '',
    '## Resilience suite',
    '',
    suite.files === 0
      ? 'No resilience test files (`**/*.resilience.test.ts`) yet: 0 tests.'
      : `${suite.files} file(s): ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped.`,
    ...suite.failures.map((failure) => `- failed: ${failure}`),
    '',
    '## Benchmarks: each figure beside its target',
    '',
    markdownSummary(measures),
    '',
    ...measures.flatMap((measure) => [markdownMeasure(measure), '']),
  ].join('\n');
}

const main = async () => {
  const options = benchArgs();
  await mkdir(reports, { recursive: true });
  const suite = await runResilience();
  const measures = await runBench(options);
  const file = path.join(reports, 'verify.md');
  await writeFile(file, report(measures, suite, { date: new Date(), database: benchDatabase() }));
  console.log(`\nResilience: ${suite.passed} passed, ${suite.failed} failed. Targets met: ${measures.filter((m) => m.met).length} of ${measures.length}. Report: ${path.relative(root, file)}`);
  if (suite.failed > 0) process.exitCode = 1;
};

await main();
