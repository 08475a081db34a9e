import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');
const cli = path.join(root, 'apps/cli/bin/civicwatch');

/** A port nothing listens on now, on loopback. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** One line of a process's JSON log (pino), as far as tests read it. */
export interface LogLine {
  level: number;
  msg: string;
  worker?: string;
  analysisId?: string;
  attempt?: number;
  stored?: boolean;
  [key: string]: unknown;
}

/**
 * A real `civicwatch serve` or `civicwatch worker` process (apps/cli/bin/civicwatch), started as an operator
 * starts it: configured by its environment only. Its JSON log lines are kept in `log`; stderr is the test's.
 */
export class CivicwatchProcess {
  readonly log: LogLine[] = [];
  readonly exited: Promise<void>;

  private constructor(
    readonly command: 'serve' | 'worker',
    readonly child: ChildProcess,
    /** `serve` only: where it listens. */
    readonly url: string | null,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    let partial = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          this.log.push(JSON.parse(line) as LogLine);
        } catch {
          // A line cut by a kill: not a log entry.
        }
      }
    });
  }

  /**
   * Starts `civicwatch serve` on `port` (HOST 127.0.0.1) and waits until `GET /api/health` answers 200, or
   * `civicwatch worker` and waits until it logs that it takes jobs; within `timeoutMs`, else it is killed.
   */
  static async start(command: 'serve' | 'worker', env: Record<string, string>, options: { port?: number; timeoutMs?: number } = {}) {
    const port = command === 'serve' ? options.port ?? await freePort() : null;
    const child = spawn(cli, [command], {
      cwd: root,
      // A worker says at `info` that it takes jobs; a server's `info` logs every request.
      env: { ...process.env, LOG_LEVEL: command === 'worker' ? 'info' : 'warn', ...env, ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = new CivicwatchProcess(command, child, port ? `http://127.0.0.1:${port}` : null);
    try {
      await started.ready(options.timeoutMs ?? 60_000);
    } catch (error) {
      await started.kill();
      throw error;
    }
    return started;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` (SIGKILL unless told) and waits for the process to end. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.running) this.child.kill(signal);
    await this.exited;
  }

  /** Log lines with this message. */
  logged(msg: string): LogLine[] {
    return this.log.filter((line) => line.msg === msg);
  }

  private async ready(timeoutMs: number): Promise<void> {
    for (const deadline = Date.now() + timeoutMs; ;) {
      if (!this.running) throw new Error(`civicwatch ${this.command} exited with ${this.child.exitCode ?? this.child.signalCode}`);
      if (Date.now() > deadline) throw new Error(`civicwatch ${this.command} was not ready within ${timeoutMs / 1000} s`);
      const ready = this.url
        ? await fetch(`${this.url}/api/health`).then((r) => r.ok, () => false)
        : this.logged('taking analysis jobs').length > 0;
      if (ready) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
