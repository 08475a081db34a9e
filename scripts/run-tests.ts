/**
 * `make test`: every test tier in turn (unit + web + database, the Cucumber features, the browser journeys, the
 * replayed Docker image, the resilience suite), each runner's own output streamed, then one line
 * `N passed, N failed` over all of them. A tier that cannot start (a runner crash) counts as one failure, so CI
 * never goes green on silence.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'test-artifacts');

interface Tally { name: string; passed: number; failed: number; exitCode: number }

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
  const json = await readJson<{ numPassedTests: number; numFailedTests: number }>(report);
  const failed = json?.numFailedTests ?? 0;
  return { name, passed: json?.numPassedTests ?? 0, failed: failed || (exitCode !== 0 ? 1 : 0), exitCode };
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
  type Feature = { elements?: Array<{ type: string; steps: Array<{ result: { status: string } }> }> };
  const features = (await readJson<Feature[]>(report)) ?? [];
  const scenarios = features.flatMap((f) => f.elements ?? []).filter((e) => e.type === 'scenario');
  const passed = scenarios.filter((s) => s.steps.every((st) => st.result.status === 'passed')).length;
  const failed = scenarios.length - passed;
  return { name: `features:${profile}`, passed, failed: failed || (exitCode !== 0 ? 1 : 0), exitCode };
}

/**
 * The Dockerfile replayed without a container engine (scripts/replay-image.ts): its stages built from the working
 * tree, the runtime stage's command started and checked; one result per check. Skipped, and said, without root.
 */
async function image(): Promise<Tally> {
  const report = path.join(artifacts, 'image.json');
  const exitCode = await run('npx', ['tsx', 'scripts/replay-image.ts', '--report', report]);
  const json = await readJson<{ passed: number; failed: number; skipped?: string }>(report);
  if (json?.skipped) console.log(`\nimage skipped: ${json.skipped}`);
  const failed = json?.failed ?? 0;
  return { name: 'image', passed: json?.passed ?? 0, failed: failed || (exitCode !== 0 ? 1 : 0), exitCode };
}

await rm(artifacts, { recursive: true, force: true });
await mkdir(artifacts, { recursive: true });

const tallies: Tally[] = [];
tallies.push(await vitest('unit-web-int', ['unit', 'web', 'int']));
tallies.push(await cucumber('default'));
tallies.push(await cucumber('http'));
tallies.push(await cucumber('cli'));
// Like the server int tests (serverTestSkipReason): only where TEST_DATABASE_URL names a server; empty skips it.
if (process.env.TEST_DATABASE_URL) tallies.push(await cucumber('postgres'));
else console.log('\nfeatures:postgres skipped: TEST_DATABASE_URL is not set');
tallies.push(await vitest('e2e', ['e2e']));
tallies.push(await image());
// Hostile input, load and faults against real processes (issue 8); `make verify` runs them again beside the benchmarks.
tallies.push(await vitest('resilience', ['resilience']));

console.log('\nCivicWatch test summary');
for (const t of tallies) console.log(`  ${t.name.padEnd(18)} ${t.passed} passed, ${t.failed} failed`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || tallies.some((t) => t.exitCode !== 0) ? 1 : 0);
