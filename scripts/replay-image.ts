/**
 * `npx tsx scripts/replay-image.ts [--report FILE] [--keep] [--dockerfile FILE]`: the Dockerfile built and run
 * without a container engine (none runs where CivicWatch is developed; issue 16). Each stage is replayed in a directory of its own that
 * stands for the image's filesystem: the build context is the working tree as it is now (uncommitted changes
 * included) less what .dockerignore leaves out; each COPY copies what it names from the context or an earlier stage;
 * each RUN runs through /bin/sh -c in the stage's WORKDIR with the stage's ENV, as the stage's USER. The base image
 * is node:24-bookworm-slim: its `node` and `npm` are a Node 24 of this machine (the one running this script, or the
 * repository's in .tools/), its OS is this machine's. Then the runtime stage's CMD starts with its ENV on a free
 * PORT, as uid 1000 (the base image's `node`), and is checked: /api/health, the HEALTHCHECK command, the web app, one
 * analysis of a PDF through the API with a verified citation, a clean stop on SIGTERM. Also checked first: that
 * `npm install --package-lock-only` leaves package-lock.json as it is.
 *
 * Paths into the image's own files (`/app/...`) are translated into the replay's directory in ENV values and the
 * CMD; a RUN that names one is refused (write it relative to WORKDIR), since the replay cannot move the shell there.
 * Needs root, as `docker build` does (the RUN steps run as root and change owners); otherwise it reports a skip.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DockerfileError, expand, parseDockerfile, parseDockerignore, type CopyStep, type DockerIgnore, type Stage } from './dockerfile.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const reportFile = args.includes('--report') ? path.resolve(args[args.indexOf('--report') + 1]!) : null;
const keep = args.includes('--keep');
/** Another Dockerfile than the repository's (an experiment); the build context stays the working tree. */
const dockerfilePath = args.includes('--dockerfile') ? path.resolve(args[args.indexOf('--dockerfile') + 1]!) : path.join(root, 'Dockerfile');

/** The accounts of the official node images: `USER node` and `--chown=node` mean uid and gid 1000. */
const BASE_ACCOUNTS: Record<string, { uid: number; gid: number }> = { root: { uid: 0, gid: 0 }, node: { uid: 1000, gid: 1000 } };
/** The base image's PATH; the replay puts the directory of its stand-in for /usr/local/bin/node first. */
const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const systemEnv = { PATH: SYSTEM_PATH };
/** The PDF uploaded for the analysis: a fixture the repository holds, so the check runs in any clone. */
const SAMPLE_PDF = path.join(root, 'adapters/src/extraction/fixtures/plain.pdf');
const TAIL_LINES = 40;

// ---------------------------------------------------------------------------------------------------------------
// Checks: each passes or fails with the tail of what it ran. Until the server runs, a failure stops those after it.

interface Check { name: string; ok: boolean; seconds: number; detail?: string }
const checks: Check[] = [];

class StepFailed extends Error {
  constructor(message: string, readonly output = '') {
    super(message);
  }
}

const tail = (text: string, lines = TAIL_LINES) => text.trimEnd().split('\n').slice(-lines).join('\n');

async function check(name: string, work: () => Promise<string | void>): Promise<boolean> {
  const started = performance.now();
  process.stdout.write(`image: ${name}…\n`);
  try {
    const note = await work();
    const seconds = (performance.now() - started) / 1000;
    checks.push({ name, ok: true, seconds, detail: note || undefined });
    process.stdout.write(`  ✓ ${name} (${seconds.toFixed(1)} s)${note ? `: ${note}` : ''}\n`);
    return true;
  } catch (error) {
    const seconds = (performance.now() - started) / 1000;
    const message = error instanceof Error ? error.message : String(error);
    const output = error instanceof StepFailed && error.output ? `\n${tail(error.output)}` : '';
    checks.push({ name, ok: false, seconds, detail: message });
    process.stdout.write(`  ✗ ${name} (${seconds.toFixed(1)} s): ${message}${output.replaceAll('\n', '\n    ')}\n`);
    return false;
  }
}

/** Runs `command` and answers its output (stdout and stderr together); fails with its tail when it fails. */
function run(command: string[], options: { cwd: string; env: NodeJS.ProcessEnv; user?: { uid: number; gid: number }; timeoutMs?: number }) {
  return new Promise<string>((resolve, reject) => {
    const [file, ...rest] = asUser(command, options.user);
    const child = spawn(file!, rest, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { output += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { output += chunk; });
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : null;
    child.on('error', (error) => reject(new StepFailed(`${command.join(' ')}: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new StepFailed(`\`${command.join(' ')}\` ended with ${signal ?? `status ${code}`}`, output));
    });
  });
}

/** The command run as `user` (setpriv, as Docker's USER does); as it is for root. */
const asUser = (command: string[], user?: { uid: number; gid: number }) =>
  !user || user.uid === 0 ? command : ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', ...command];

/** `name`, `uid` or either with `:group`, as USER and --chown take it. */
function account(spec: string): { uid: number; gid: number } {
  const [user, group] = spec.split(':');
  const id = (name: string, kind: 'uid' | 'gid') => (/^\d+$/.test(name) ? Number(name) : BASE_ACCOUNTS[name]?.[kind]);
  const uid = id(user!, 'uid');
  const gid = group ? id(group, 'gid') : BASE_ACCOUNTS[user!]?.gid ?? uid;
  if (uid === undefined || gid === undefined) throw new StepFailed(`unknown user ${spec}: the base image has ${Object.keys(BASE_ACCOUNTS).join(' and ')}`);
  return { uid, gid };
}

// ---------------------------------------------------------------------------------------------------------------
// The build context: the working tree less .dockerignore, copied once so the stages never see later edits.

async function snapshotContext(target: string, ignore: DockerIgnore): Promise<string> {
  let files = 0;
  let bytes = 0;
  const visit = async (relative: string) => {
    const source = path.join(root, relative);
    for (const entry of await fs.readdir(source, { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      const excluded = ignore.excludes(name);
      if (entry.isDirectory()) {
        if (excluded && !ignore.mayReinclude(name)) continue;
        await fs.mkdir(path.join(target, name), { recursive: true });
        await visit(name);
      } else if (!excluded && (entry.isFile() || entry.isSymbolicLink())) {
        await fs.mkdir(path.join(target, relative), { recursive: true });
        await fs.cp(path.join(root, name), path.join(target, name), { verbatimSymlinks: true, mode: fs.constants.COPYFILE_FICLONE });
        bytes += entry.isFile() ? (await fs.stat(path.join(root, name))).size : 0;
        files += 1;
      }
    }
  };
  await visit('');
  return `${files} files, ${(bytes / 1e6).toFixed(1)} MB`;
}

// ---------------------------------------------------------------------------------------------------------------
// The stages.

/**
 * The node standing in for a `node:<major>…` base image's: the one running this script, or the repository's
 * .tools/node (the Makefile's, when the machine's is older), whichever has that major version.
 */
async function nodeFor(base: string): Promise<string> {
  const major = /^node:(\d+)(?:[.-]|$)/.exec(base)?.[1];
  if (!major) throw new StepFailed(`FROM ${base}: only the official node images are replayed`);
  const candidates = [process.execPath, path.join(root, '.tools/node/bin/node')].filter((c) => existsSync(c));
  for (const candidate of candidates) {
    const version = (await run([candidate, '--version'], { cwd: root, env: systemEnv })).trim();
    if (version.slice(1).split('.')[0] === major) return path.dirname(candidate);
  }
  throw new StepFailed(`FROM ${base} needs Node ${major}: this is ${process.version}, and .tools/node has none`);
}

interface StageState {
  stage: Stage;
  /** The directory of the node (and npm) standing in for the base image's. */
  nodeBin: string;
  /** HOME for a user other than root (root's RUN steps keep this machine's, with npm's cache and settings). */
  home: string;
  /** The directory that stands for the stage's `/`. */
  rootfs: string;
  workdir: string;
  env: Record<string, string>;
  user: string;
}

/** The top-level entries of the stage's own filesystem (`app`): absolute paths into them are the image's. */
const imagePathPattern = async (rootfs: string): Promise<RegExp | null> => {
  const tops = (await fs.readdir(rootfs)).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return tops.length ? new RegExp(`(^|[\\s='"(:;])/(${tops.join('|')})(?=/|$|[\\s'"):;])`) : null;
};

/** An ENV value or CMD argument that is a path into the image's files, moved into the replay's directory. */
async function translate(value: string, rootfs: string): Promise<string> {
  const pattern = await imagePathPattern(rootfs);
  return pattern && /^\/\S*$/.test(value) && pattern.test(value) ? path.join(rootfs, value) : value;
}

/** The stage's ENV (paths into the image translated) over `base`, with `overrides` (as `docker run -e`) last. */
async function environment(state: StageState, base: Record<string, string>, overrides: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { PATH: `${state.nodeBin}:${SYSTEM_PATH}`, ...base };
  for (const [name, value] of Object.entries(state.env)) env[name] = await translate(value, state.rootfs);
  return { ...env, ...overrides };
}

/**
 * What a root RUN needs of this machine beyond the image's ENV: its HOME (npm's cache and registry settings) and
 * its network settings (proxies, certificate authorities), as a `docker build` gets them from its host.
 */
const hostNetwork = (): Record<string, string> => Object.fromEntries(Object.entries(process.env).filter(([name]) =>
  /^(HOME|https?_proxy|no_proxy|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR)$/i.test(name)) as Array<[string, string]>);

async function copy(step: CopyStep, state: StageState, context: string, stages: StageState[]) {
  const from = step.from === null ? null : stages.find((s, i) => s.stage.name === step.from || String(i) === step.from);
  if (step.from !== null && !from) throw new StepFailed(`COPY --from=${step.from}: no earlier stage has that name`);
  const destination = expand(step.destination, state.env);
  const target = path.join(state.rootfs, path.posix.isAbsolute(destination) ? destination : path.posix.join(state.workdir, destination));
  const intoDirectory = destination.endsWith('/') || step.sources.length > 1 || (await fs.stat(target).catch(() => null))?.isDirectory();
  const owner = step.chown ? account(step.chown) : null;
  for (const raw of step.sources.map((s) => expand(s, state.env))) {
    if (/[*?[]/.test(raw)) throw new StepFailed(`COPY ${raw}: wildcards are not replayed`);
    const source = from ? path.join(from.rootfs, path.posix.resolve('/', raw)) : path.join(context, path.posix.normalize(`/${raw}`));
    const stat = await fs.lstat(source).catch(() => null);
    if (!stat) throw new StepFailed(`COPY ${raw}: not found in ${from ? `stage ${step.from}` : 'the build context (.dockerignore?)'}`);
    // A directory's contents go into the destination; a file goes into it, or becomes it.
    const copied = stat.isDirectory() ? target : intoDirectory ? path.join(target, path.basename(source)) : target;
    await fs.mkdir(stat.isDirectory() ? target : path.dirname(copied), { recursive: true });
    await run(['cp', '-R', '-P', '--preserve=mode', stat.isDirectory() ? `${source}/.` : source, copied], { cwd: state.rootfs, env: systemEnv });
    if (owner) await run(['chown', '-R', '-h', `${owner.uid}:${owner.gid}`, copied], { cwd: state.rootfs, env: systemEnv });
  }
}

async function replayStage(state: StageState, context: string, stages: StageState[]) {
  for (const step of state.stage.steps) {
    switch (step.kind) {
      case 'workdir':
        state.workdir = path.posix.resolve(state.workdir, expand(step.path, state.env));
        await fs.mkdir(path.join(state.rootfs, state.workdir), { recursive: true });
        break;
      case 'env':
        for (const [name, value] of Object.entries(step.values)) state.env[name] = expand(value, state.env);
        break;
      case 'user':
        account(step.user);
        state.user = step.user;
        break;
      case 'copy':
        await copy(step, state, context, stages);
        break;
      case 'run': {
        const text = step.command.join(' ');
        const pattern = await imagePathPattern(state.rootfs);
        if (pattern?.test(text)) throw new StepFailed(`RUN ${text}: names a path of the image; write it relative to WORKDIR ${state.workdir}`);
        const user = account(state.user);
        process.stdout.write(`    RUN ${text}\n`);
        await run(step.command, {
          cwd: path.join(state.rootfs, state.workdir),
          env: await environment(state, user.uid === 0 ? hostNetwork() : { HOME: state.home }),
          user,
        });
        break;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The runtime stage, started.

const freePort = () => new Promise<number>((resolve, reject) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
  });
});

interface Started { child: ReturnType<typeof spawn>; output: () => string; exited: Promise<number | null>; url: string }

async function start(state: StageState): Promise<Started> {
  const port = await freePort();
  const command = await Promise.all(state.stage.cmd!.map((a) => translate(a, state.rootfs)));
  const user = account(state.user);
  // As `docker run -e PORT=…`: the image's ENV, the port overridden.
  const env = await environment(state, { HOME: state.home }, { PORT: String(port) });
  const [file, ...rest] = asUser(command, user);
  const child = spawn(file!, rest, { cwd: path.join(state.rootfs, state.workdir), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keepTail = (chunk: string) => { output = tail(output + chunk, 200); };
  child.stdout!.setEncoding('utf8').on('data', keepTail);
  child.stderr!.setEncoding('utf8').on('data', keepTail);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, url: `http://127.0.0.1:${port}` };
}

async function waitForHealth(server: Started, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => { ended = true; });
  while (Date.now() < deadline) {
    if (ended) throw new StepFailed('the command ended before answering /api/health', server.output());
    const response = await fetch(`${server.url}/api/health`).catch(() => null);
    if (response?.ok) return `${JSON.stringify(await response.json())}`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new StepFailed(`no answer from /api/health within ${timeoutMs / 1000} s`, server.output());
}

/** The process's real user, from /proc: proof that the server does not run as root. */
const uidOf = async (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(await fs.readFile(`/proc/${pid}/status`, 'utf8'))?.[1]);

interface AnalysisAnswer { summary?: string; citations?: Array<{ section: string; quote: string; page: number; verified: boolean }> }

async function analyseOverHttp(server: Started): Promise<string> {
  const registered = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Replay', email: `replay-${Date.now()}@example.org`, password: 'replay-liberty-1' }),
  });
  if (registered.status !== 201) throw new StepFailed(`sign-up answered ${registered.status}: ${await registered.text()}`, server.output());
  const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const form = new FormData();
  form.append('analysisType', 'summary');
  form.append('document', new Blob([await fs.readFile(SAMPLE_PDF)], { type: 'application/pdf' }), path.basename(SAMPLE_PDF));
  const analysed = await fetch(`${server.url}/api/analyze`, { method: 'POST', body: form, headers: { cookie } });
  const body = await analysed.text();
  if (analysed.status !== 200) throw new StepFailed(`analysis answered ${analysed.status}: ${body}`, server.output());
  const answer = JSON.parse(body) as AnalysisAnswer;
  const cited = answer.citations?.find((c) => c.section === 'summary' && c.verified);
  if (!answer.summary?.trim()) throw new StepFailed(`the analysis has no summary: ${body}`);
  if (!cited) throw new StepFailed(`no verified citation of the summary: ${body}`);
  return `"${answer.summary}" (p. ${cited.page}, verified: "${cited.quote}")`;
}

/** Packages the lockfile marks as reached only through development dependencies: none may be in the image. */
async function devPackagesIn(appDir: string): Promise<string[]> {
  const lock = JSON.parse(await fs.readFile(path.join(appDir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  return Object.entries(lock.packages).filter(([location, entry]) => entry.dev && existsSync(path.join(appDir, location))).map(([location]) => location);
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const stages = parseDockerfile(await fs.readFile(dockerfilePath, 'utf8'));
  const ignoreFile = path.join(root, '.dockerignore');
  const ignore = parseDockerignore(existsSync(ignoreFile) ? await fs.readFile(ignoreFile, 'utf8') : '');
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-image-'));
  // The runtime user must reach its files, as it does in the image.
  await fs.chmod(work, 0o755);
  const context = path.join(work, 'context');
  const home = path.join(work, 'home');
  // Writable by any user, as /tmp: whoever the stages' USER is.
  await fs.mkdir(home);
  await fs.chmod(home, 0o1777);
  const states: StageState[] = [];
  let server: Started | null = null;
  const started = performance.now();
  try {
    let ok = await check('build context (the working tree less .dockerignore)', () => snapshotContext(context, ignore));

    // The manifests alone are enough for npm to resolve the tree: a copy of them, so the context stays as it is.
    ok = ok && await check('package-lock.json unchanged by `npm install --package-lock-only`', async () => {
      const lockDir = path.join(work, 'lockfile');
      const { workspaces = [] } = JSON.parse(await fs.readFile(path.join(context, 'package.json'), 'utf8')) as { workspaces?: string[] };
      for (const manifest of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
        await fs.mkdir(path.dirname(path.join(lockDir, manifest)), { recursive: true });
        await fs.copyFile(path.join(context, manifest), path.join(lockDir, manifest));
      }
      const before = await fs.readFile(path.join(lockDir, 'package-lock.json'), 'utf8');
      // The image's npm: another major version may write the lockfile otherwise.
      const nodeBin = await nodeFor(stages[0]!.base);
      // Without `resolved` URLs, as the committed lockfile is written (any registry serves it).
      await run(['npm', 'install', '--package-lock-only', '--ignore-scripts', '--omit-lockfile-registry-resolved', '--no-audit', '--no-fund', '--loglevel=error'],
        { cwd: lockDir, env: { PATH: `${nodeBin}:${SYSTEM_PATH}`, ...hostNetwork() } });
      const after = await fs.readFile(path.join(lockDir, 'package-lock.json'), 'utf8');
      if (after !== before) {
        const diff = await run(['git', 'diff', '--no-index', '--stat', '--', path.join(context, 'package-lock.json'), path.join(lockDir, 'package-lock.json')],
          { cwd: work, env: systemEnv }).catch((error: StepFailed) => error.output);
        throw new StepFailed('npm would change package-lock.json: run `npm install` and commit it', diff);
      }
    });

    for (const [index, stage] of stages.entries()) {
      if (!ok) break;
      const label = index === stages.length - 1 ? 'the runtime stage' : 'a build stage';
      ok = await check(`stage ${stage.name ?? index} (${label}, FROM ${stage.base})`, async () => {
        const parent = states.find((s) => s.stage.name === stage.base);
        const rootfs = path.join(work, `stage-${index}`);
        if (parent) await run(['cp', '-a', parent.rootfs, rootfs], { cwd: work, env: systemEnv });
        else await fs.mkdir(rootfs);
        const state: StageState = parent
          ? { ...parent, stage, rootfs, env: { ...parent.env } }
          : { stage, nodeBin: await nodeFor(stage.base), home, rootfs, workdir: '/', env: {}, user: 'root' };
        states.push(state);
        await replayStage(state, context, states);
      });
    }
    const runtime = states.at(-1);
    if (!ok || !runtime) return;
    const appDir = path.join(runtime.rootfs, runtime.workdir);

    ok = await check('runtime stage: production dependencies only, a CMD, a HEALTHCHECK, DATA_DIR a VOLUME', async () => {
      const dev = await devPackagesIn(appDir);
      if (dev.length > 0) throw new StepFailed(`${dev.length} development-only packages in the runtime stage`, dev.join('\n'));
      if (!runtime.stage.cmd) throw new StepFailed('the runtime stage has no CMD');
      if (!runtime.stage.healthcheck) throw new StepFailed('the runtime stage has no HEALTHCHECK');
      if (account(runtime.user).uid === 0) throw new StepFailed('the runtime stage runs as root: set USER');
      if (!runtime.stage.volumes.includes(runtime.env.DATA_DIR ?? '')) throw new StepFailed(`DATA_DIR (${runtime.env.DATA_DIR}) is not a VOLUME`);
      if (!runtime.stage.expose.includes(runtime.env.PORT ?? '')) throw new StepFailed(`PORT (${runtime.env.PORT}) is not EXPOSEd`);
      const size = await run(['du', '-sh', '.'], { cwd: appDir, env: systemEnv });
      return `${size.split('\t')[0]} in ${runtime.workdir}, running as ${runtime.user}: ${runtime.stage.cmd.join(' ')}`;
    });
    if (!ok) return;

    ok = await check('CMD serves /api/health, as a user other than root', async () => {
      server = await start(runtime);
      const health = await waitForHealth(server, 180_000);
      const uid = await uidOf(server.child.pid!);
      if (uid !== account(runtime.user).uid) throw new StepFailed(`the server runs as uid ${uid}, not as ${runtime.user}`);
      return `${health}, uid ${uid}`;
    });
    if (!ok || !server) return;
    const running: Started = server;

    await check('HEALTHCHECK command', async () => {
      const timeout = Number.parseInt(runtime.stage.healthcheck!.options.timeout ?? '30', 10) * 1000;
      const port = new URL(running.url).port;
      await run(runtime.stage.healthcheck!.command, {
        cwd: appDir, env: await environment(runtime, { HOME: home }, { PORT: port }), user: account(runtime.user), timeoutMs: timeout,
      });
    });
    await check('web app served', async () => {
      const response = await fetch(`${running.url}/`);
      const html = await response.text();
      if (!response.ok || !/<script[^>]+src="\/assets\//.test(html)) throw new StepFailed(`GET / answered ${response.status}`, html);
    });
    await check('data in the DATA_DIR volume, owned by the runtime user', async () => {
      const dataDir = await translate(runtime.env.DATA_DIR!, runtime.rootfs);
      const entries = await fs.readdir(dataDir);
      for (const expected of ['pgdata', 'session-secret']) if (!entries.includes(expected)) throw new StepFailed(`no ${expected} in DATA_DIR`, entries.join('\n'));
      const owner = (await fs.stat(path.join(dataDir, 'pgdata'))).uid;
      if (owner !== account(runtime.user).uid) throw new StepFailed(`pgdata belongs to uid ${owner}`);
      return entries.join(', ');
    });
    await check('one analysis through the API: a summary with a verified citation', () => analyseOverHttp(running));
    await check('stops cleanly on SIGTERM (`docker stop`)', async () => {
      running.child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), 60_000); });
      const code = await Promise.race([running.exited, late]);
      clearTimeout(timer);
      if (code !== 0) throw new StepFailed(code === 'late' ? 'still running 60 s after SIGTERM' : `ended with status ${code}`, running.output());
    });
  } finally {
    const live = server as Started | null;
    if (live && live.child.exitCode === null && live.child.signalCode === null) {
      live.child.kill('SIGKILL');
      await live.exited;
    }
    if (keep) process.stdout.write(`image: kept the replay in ${work}\n`);
    else await fs.rm(work, { recursive: true, force: true });
    const passed = checks.filter((c) => c.ok).length;
    const failed = checks.length - passed;
    process.stdout.write(`image: ${passed} passed, ${failed} failed in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    if (reportFile) await fs.writeFile(reportFile, JSON.stringify({ passed, failed, checks }, null, 2));
  }
}

if (process.getuid?.() !== 0) {
  const reason = 'replaying the image needs root, as `docker build` does (its RUN steps run as root and change owners)';
  process.stdout.write(`image: skipped: ${reason}\n`);
  if (reportFile) await fs.writeFile(reportFile, JSON.stringify({ passed: 0, failed: 0, skipped: reason, checks: [] }));
} else {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof DockerfileError)) throw error;
    checks.push({ name: 'Dockerfile', ok: false, seconds: 0, detail: error.message });
    process.stdout.write(`image: the Dockerfile cannot be replayed: ${error.message}\n`);
    if (reportFile) await fs.writeFile(reportFile, JSON.stringify({ passed: 0, failed: 1, checks }, null, 2));
  }
  process.exitCode = checks.length > 0 && checks.every((c) => c.ok) ? 0 : 1;
}
