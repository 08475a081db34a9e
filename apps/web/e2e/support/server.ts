import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');
const cli = path.join(root, 'apps/cli/bin/civicwatch');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const runCli = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cli, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`civicwatch ${args.join(' ')} exited ${code}`))));
  });

/** As runCli, answering what the command printed on standard output (its --json). */
const readCli = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(cli, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`civicwatch ${args.join(' ')} exited ${code}`))));
  });

/** The real server, started the way `make start` starts it (migrate, then serve), on its own data dir. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  readonly env: NodeJS.ProcessEnv;

  private constructor(readonly port: number, dataDir: string, extraEnv: Record<string, string>) {
    this.env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, ...extraEnv };
  }

  static async create(dataDir: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
    return new ServerProcess(await freePort(), dataDir, extraEnv);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** `civicwatch <args>` with this server's environment (its database, its keys). */
  cli(args: string[]): Promise<void> {
    return runCli(args, this.env);
  }

  /** `civicwatch <args>`, answering its standard output. */
  cliOutput(args: string[]): Promise<string> {
    return readCli(args, this.env);
  }

  async start(): Promise<void> {
    await runCli(['migrate'], this.env);
    this.child = spawn(cli, ['serve'], { cwd: root, env: this.env, stdio: ['ignore', 'inherit', 'inherit'] });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited with ${this.child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('server did not become healthy within 60 s');
  }

  /** SIGTERM and wait: the server closes the embedded database cleanly before it exits. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      child.kill('SIGTERM');
    });
    this.child = null;
  }
}
