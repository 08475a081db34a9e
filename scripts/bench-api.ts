/**
 * The API under load, with autocannon on loopback against the real server process (scripts/bench-server.ts):
 * - `GET /api/dashboard` of a signed-in user with 50 analyses beside a bare Fastify hello-world started the
 *   same way on the same machine, at 100 connections;
 * - the responsiveness of `GET /api/user` while four scanned 66-page PDFs are being read, beside the same
 *   requests on the idle server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { corpusDir } from '../adapters/src/testing/shared-corpus.ts';
import { readBills } from './bench-quality.ts';
import { fixed, inParallel, percent, type Measure } from './bench-kit.ts';
import { pageCount } from './bench-extract.ts';
import { postAnalysis, startBenchServer, type BenchServer } from './bench-server.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface LoadFigures {
  requestsPerSecond: number;
  p99: number;
  p50: number;
  requests: number;
}

/**
 * autocannon against `url` for `seconds` after a two-second warm-up; any non-2xx answer or socket error
 * fails the benchmark, since a figure for failing requests would be meaningless.
 */
export async function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadFigures> {
  const run = (duration: number) => autocannon({ url, connections: options.connections, duration, headers: options.headers });
  await run(2);
  const result = await run(options.seconds);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, requests: result.requests.total };
}

/** Fastify answering `{ hello: 'world' }` in a process of its own, as the server runs in its own. */
async function startHelloWorld(): Promise<{ url: string; child: ChildProcess }> {
  const program = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(app.server.address().port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], { cwd: path.join(root, 'apps/api'), stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
    child.once('exit', (code) => reject(new Error(`the hello-world server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

/** A paid tier with room for the benchmark's documents, and the credits to analyse them. */
export async function allowDocuments(bench: BenchServer, email: string, options: { pages: number; credits: number }): Promise<void> {
  await bench.server.cli(['tiers', 'set', 'defender', '--max-pages', String(options.pages), '--max-characters', '10000000']);
  await bench.server.cli(['users', 'set-tier', email, 'defender', '--credits', String(options.credits)]);
}

const DASHBOARD_ANALYSES = 50;
const CONNECTIONS = 100;

export async function measureDashboard(options: { seconds: number }): Promise<Measure> {
  const hello = await startHelloWorld();
  const bench = await startBenchServer();
  try {
    const email = 'dashboard@bench.example.org';
    const cookie = await bench.register(email);
    await allowDocuments(bench, email, { pages: 5, credits: DASHBOARD_ANALYSES });
    // Real analyses of real bills, made the way the web app makes them.
    const bills = readBills(path.join(corpusDir, 'billsum-dev.jsonl')).slice(0, DASHBOARD_ANALYSES);
    await inParallel(bills, 4, async (bill) => {
      const { status, body } = await postAnalysis(bench.server, cookie, { text: bill.text.slice(0, 8000) });
      if (status !== 200) throw new Error(`analysing ${bill.bill_id}: ${status} ${body}`);
    });
    const dashboardUrl = `${bench.server.url}/api/dashboard`;
    const dashboard = await (await fetch(dashboardUrl, { headers: { cookie } })).json() as { stats: { totalAnalyses: number } };
    if (dashboard.stats.totalAnalyses !== DASHBOARD_ANALYSES) throw new Error(`the dashboard counts ${dashboard.stats.totalAnalyses} analyses`);

    const bare = await load(hello.url, { connections: CONNECTIONS, seconds: options.seconds });
    const api = await load(dashboardUrl, { connections: CONNECTIONS, seconds: options.seconds, headers: { cookie } });
    // The floor of any signed-in request (its session and its user, two queries): what the dashboard adds is the rest.
    const signedIn = await load(`${bench.server.url}/api/user`, { connections: CONNECTIONS, seconds: options.seconds, headers: { cookie } });
    const share = api.requestsPerSecond / bare.requestsPerSecond;
    const met = share >= 0.25 && api.p99 < 50;
    const row = (name: string, figures: LoadFigures) =>
      [name, fixed(figures.requestsPerSecond, 0), fixed(figures.p50, 0), fixed(figures.p99, 0), String(figures.requests)];
    return {
      name: 'API: GET /api/dashboard vs bare Fastify',
      table: {
        header: ['server', 'req/s', 'p50 ms', 'p99 ms', 'requests'],
        rows: [
          row('bare Fastify hello-world', bare),
          row(`GET /api/dashboard, ${DASHBOARD_ANALYSES} analyses`, api),
          row('GET /api/user (session and user only)', signedIn),
          ['dashboard / bare', percent(share), fixed(api.p50 / bare.p50, 1) + 'x', fixed(api.p99 / bare.p99, 1) + 'x', ''],
          ['dashboard / user', percent(api.requestsPerSecond / signedIn.requestsPerSecond), '', '', ''],
        ],
      },
      figure: `${percent(share)} of bare Fastify's requests/s, p99 ${fixed(api.p99, 0)} ms`,
      target: 'at least 25% of bare, p99 under 50 ms',
      met,
      notes: [
        `autocannon in the benchmark's process, ${CONNECTIONS} connections, ${options.seconds} s after a 2 s warm-up, each server in its own process, all on loopback.`,
        ...(met ? [] : [`Why not: the bare server answers from memory; every signed-in request first reads its session and its user from PostgreSQL, which shares the machine's ${availableParallelism()} core(s) with the server and autocannon. \`GET /api/user\`, those two queries and nothing else, reaches ${percent(signedIn.requestsPerSecond / bare.requestsPerSecond)} of bare; the dashboard (three more queries side by side and the five newest analyses in the answer) keeps ${percent(api.requestsPerSecond / signedIn.requestsPerSecond)} of that (ADR 0017).`]),
      ],
    };
  } finally {
    hello.child.kill();
    await bench.close();
  }
}

const SCAN = 'wpld-board-packet-2018-08-15-scan.pdf';
const READERS = 4;
const PROBE_CONNECTIONS = 10;

export async function measureResponsiveness(options: { seconds: number }): Promise<Measure> {
  const scanPath = path.join(corpusDir, SCAN);
  const pages = pageCount(scanPath);
  const scan = new Uint8Array(readFileSync(scanPath));
  const bench = await startBenchServer();
  const reading = new AbortController();
  try {
    const email = 'reader@bench.example.org';
    const cookie = await bench.register(email);
    await allowDocuments(bench, email, { pages, credits: READERS });
    const userUrl = `${bench.server.url}/api/user`;
    const idle = await load(userUrl, { connections: PROBE_CONNECTIONS, seconds: options.seconds, headers: { cookie } });

    let finished = 0;
    const uploads = Array.from({ length: READERS }, () =>
      postAnalysis(bench.server, cookie, { pdf: scan, fileName: SCAN }, reading.signal).then(
        (answer) => {
          finished++;
          return answer;
        },
        () => null,
      ));
    // Every upload received and its reading begun before the probe starts.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const busy = await load(userUrl, { connections: PROBE_CONNECTIONS, seconds: options.seconds, headers: { cookie } });
    if (finished > 0) {
      const answers = await Promise.all(uploads);
      throw new Error(`a scan finished before the probe did, so it did not measure reading: ${JSON.stringify(answers.find(Boolean)).slice(0, 300)}`);
    }
    const row = (name: string, figures: LoadFigures) =>
      [name, fixed(figures.requestsPerSecond, 0), fixed(figures.p50, 0), fixed(figures.p99, 0)];
    return {
      name: `Responsiveness: GET /api/user while ${READERS} scanned ${pages}-page PDFs are read`,
      table: {
        header: ['server', 'req/s', 'p50 ms', 'p99 ms'],
        rows: [
          row('idle', idle),
          row(`reading ${READERS} x ${SCAN}`, busy),
          ['reading / idle', `${fixed(busy.requestsPerSecond / idle.requestsPerSecond, 2)}x`, `${fixed(busy.p50 / idle.p50, 1)}x`, `${fixed(busy.p99 / idle.p99, 1)}x`],
        ],
      },
      figure: `p99 ${fixed(busy.p99, 0)} ms while reading (${fixed(busy.p99 / Math.max(1, idle.p99), 1)}x idle's ${fixed(idle.p99, 0)} ms)`,
      target: 'p99 under 100 ms',
      met: busy.p99 < 100,
      notes: [
        `${SCAN} from the corpus (${pages} pages, no text layer: every page is read by OCR), uploaded ${READERS} times through POST /api/analyze by a Defender whose page limit allows it; the probe starts 3 s later and ends before any of them is done.`,
        `${PROBE_CONNECTIONS} connections for ${options.seconds} s after a 2 s warm-up, idle first, then while reading.`,
      ],
    };
  } finally {
    reading.abort();
    await bench.close();
  }
}
