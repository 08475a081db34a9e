/**
 * `make test`: every test tier in turn (unit + web + database, the Cucumber features, the browser journeys, the
 * replayed Docker image, the resilience suite), each runner's own output streamed, then a summary: each tier's
 * count and minutes, the name and first line of every failed test (so the end of a CI log says what failed and
 * where the time went), and one line `N passed, N failed` over all of them. A tier that cannot start (a runner
 * crash) counts as one failure, so CI never goes green on silence.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'test-artifacts');

interface Tally { name: string; passed: number; failed: number; exitCode: number; failures: string[] }

/** A failed test as the summary names it: where, what, and the first line of why. */
const failure = (where: string, title: string, message = '') =>
  `${where} › ${title}${message ? `: ${message.split('\n').find((l) => l.trim())?.trim().slice(0, 160) ?? ''}` : ''}`;

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<number>((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });

const readJson = async <T>(file: string): Promise<T | null> => {
  try { return JSON.parse(await readFile(file, 'utf8')) as T; } catch { return null; }
};

async function vitest(name: string, projects: string[]): Promise<Tally> {
  const report = path.join(artifacts, `vitest-${name}.json`);
  const exitCode = await run('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  type Report = {
    numPassedTests: number; numFailedTests: number;
    testResults: Array<{ name: string; message?: string; assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }> }>;
  };
  const json = await readJson<Report>(report);
  const failures = (json?.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((a) => a.status === 'failed')
      .map((a) => failure(where, a.fullName, a.failureMessages[0]));
    // A file that fails outside its tests (an import, a hook) has no failed test to name.
    return tests.length === 0 && file.message ? [failure(where, '(file)', file.message)] : tests;
  });
  const failed = json?.numFailedTests ?? 0;
  return { name, passed: json?.numPassedTests ?? 0, failed: failed || (exitCode !== 0 ? 1 : 0), exitCode, failures };
}

/**
 * The features run once per wiring (features/cucumber.mjs profiles): the use cases, then over HTTP, then
 * `cli`, the @cli scenarios once more through the command line; then `postgres`, the @concurrency
 * scenarios once more on the PostgreSQL server.
 */
async function cucumber(profile: 'default' | 'http' | 'cli' | 'postgres'): Promise<Tally> {
  const report = path.join(artifacts, `cucumber-${profile}.json`);
  const exitCode = await run('npx', ['cucumber-js', '--config', 'features/cucumber.mjs', '--profile', profile, '--format', `json:${report}`],
    { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx`.trim() });
  type Scenario = { type: string; name: string; steps: Array<{ name?: string; result: { status: string; error_message?: string } }> };
  type Feature = { uri: string; elements?: Scenario[] };
  const features = (await readJson<Feature[]>(report)) ?? [];
  const scenarios = features.flatMap((f) => (f.elements ?? []).filter((e) => e.type === 'scenario').map((s) => ({ uri: f.uri, ...s })));
  const passes = (s: Scenario) => s.steps.every((st) => st.result.status === 'passed');
  const failures = scenarios.filter((s) => !passes(s)).map((s) => {
    const step = s.steps.find((st) => st.result.status !== 'passed');
    return failure(s.uri, s.name, step ? `${step.name ?? ''} (${step.result.status}) ${step.result.error_message ?? ''}` : '');
  });
  const passed = scenarios.length - failures.length;
  return { name: `features:${profile}`, passed, failed: failures.length || (exitCode !== 0 ? 1 : 0), exitCode, failures };
}

/**
 * The Dockerfile replayed without a container engine (scripts/replay-image.ts): its stages built from the working
 * tree, the runtime stage's command started and checked; one result per check. Skipped, and said, without root.
 */
async function image(): Promise<Tally> {
  const report = path.join(artifacts, 'image.json');
  const exitCode = await run('npx', ['tsx', 'scripts/replay-image.ts', '--report', report]);
  const json = await readJson<{ passed: number; failed: number; skipped?: string; checks: Array<{ name: string; ok: boolean; detail?: string }> }>(report);
  if (json?.skipped) console.log(`\nimage skipped: ${json.skipped}`);
  const failures = (json?.checks ?? []).filter((c) => !c.ok).map((c) => failure('Dockerfile', c.name, c.detail));
  const failed = json?.failed ?? 0;
  return { name: 'image', passed: json?.passed ?? 0, failed: failed || (exitCode !== 0 ? 1 : 0), exitCode, failures };
}

await rm(artifacts, { recursive: true, force: true });
await mkdir(artifacts, { recursive: true });

const tallies: Array<Tally & { minutes: number }> = [];
const tier = async (tally: () => Promise<Tally>) => {
  const started = performance.now();
  const result = await tally();
  tallies.push({ ...result, minutes: (performance.now() - started) / 60_000 });
};
await tier(() => vitest('unit-web-int', ['unit', 'web', 'int']));
await tier(() => cucumber('default'));
await tier(() => cucumber('http'));
await tier(() => cucumber('cli'));
// Like the server int tests (serverTestSkipReason): only where TEST_DATABASE_URL names a server; empty skips it.
if (process.env.TEST_DATABASE_URL) await tier(() => cucumber('postgres'));
else console.log('\nfeatures:postgres skipped: TEST_DATABASE_URL is not set');
await tier(() => vitest('e2e', ['e2e']));
await tier(() => image());
// Hostile input, load and faults against real processes (issue 8); `make verify` runs them again beside the benchmarks.
await tier(() => vitest('resilience', ['resilience']));

console.log('\nCivicWatch test summary');
for (const t of tallies) {
  console.log(`  ${t.name.padEnd(18)} ${t.passed} passed, ${t.failed} failed`.padEnd(50) + `${t.minutes.toFixed(1).padStart(5)} min`);
  for (const f of t.failures) console.log(`    failed: ${f}`);
}
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || tallies.some((t) => t.exitCode !== 0) ? 1 : 0);
