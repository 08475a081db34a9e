import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/civicwatch', import.meta.url));

export interface CliOutcome { code: number; stdout: string; stderr: string }

/** Runs the `civicwatch` command as a user does, in its own process, with `env` over this one's. */
export const runCivicwatch = (env: Record<string, string>, ...args: string[]) =>
  new Promise<CliOutcome>((resolve) => {
    execFile(bin, args, { env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, timeout: 110_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
