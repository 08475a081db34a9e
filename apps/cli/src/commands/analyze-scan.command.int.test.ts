import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir } from '@civicwatch/adapters/testing/shared-corpus.ts';
import { startCliTestServer, type CliTestServer } from '../testing/cli-test-server.ts';

let t: CliTestServer;
let dir: string;
let scan: string;
beforeAll(async () => {
  t = await startCliTestServer();
  dir = mkdtempSync(path.join(tmpdir(), 'civicwatch-analyze-'));
  // A page scanned sideways, its tables ruled: Tesseract finds its orientation, and reading it, complains.
  scan = path.join(dir, 'board-packet-p12.pdf');
  writeFileSync(scan, execFileSync('qpdf', [path.join(corpusDir, 'wpld-board-packet-2018-08-15-scan.pdf'), '--pages', '.', '12', '--', '-']));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The real `civicwatch` executable, in the tests' environment with `env` on top. */
const civicwatch = (env: Record<string, string>, ...args: string[]) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
  const bin = fileURLToPath(new URL('../../bin/civicwatch', import.meta.url));
  execFile(bin, args, { env: { ...t.env, ...env }, timeout: 240_000, maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
    resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
  });
});

const PROGRESS = /^(Reading page 1 of 1…|Reading scanned page 1 of 1 \(OCR\)…|Analysing…|Checking citations against the pages…)$/;

describe('civicwatch analyze of a scan', () => {
  it('tells its progress on standard error and nothing of the OCR library, which goes to the debug log', { timeout: 600_000 }, async () => {
    const quiet = await civicwatch({ LOG_LEVEL: 'info' }, 'analyze', scan, '--json');
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(JSON.parse(quiet.stdout)).toMatchObject({ metadata: { ocrPages: [1], warnings: [] } });
    expect(quiet.stderr.trimEnd().split('\n').filter((line) => !PROGRESS.test(line))).toEqual([]);

    const debugging = await civicwatch({ LOG_LEVEL: 'debug' }, 'analyze', scan, '--json');
    expect(debugging.code, debugging.stderr).toBe(0);
    const logged = debugging.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; source: string; msg: string });
    expect(logged.every((entry) => entry.level === 20 && entry.source === 'ocr')).toBe(true);
    // How the page was turned, and what Tesseract itself printed while reading it.
    expect(logged.map((entry) => entry.msg)).toEqual(expect.arrayContaining([expect.stringMatching(/^OCR page 1: lines down; orientation 90°/)]));
    expect(logged.some((entry) => !entry.msg.startsWith('OCR page'))).toBe(true);
  });
});
