import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '@civicwatch/api/testing/test-app.ts';
import { multipartBody } from '@civicwatch/api/testing/multipart.ts';
import { startCliTestServer, type CliTestServer } from '../testing/cli-test-server.ts';
import { backupCommand, restoreCommand } from './backup.command.ts';
import { createPromoCommand } from './promo.command.ts';

const cli = path.resolve(import.meta.dirname, '../../bin/civicwatch');

/** `civicwatch <args>` in its own process, with the environment a command beside the running server has. */
const civicwatch = (args: string[]) =>
  new Promise<{ exitCode: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cli, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });

const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. The tax shall be collected by the County Treasurer. Any resident may object '
  + 'in writing before the public hearing on June 3, 2024, at City Hall. The Council may not spend the levy on other purposes.';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-cli-backup-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('civicwatch backup, then restore into a fresh instance', () => {
  const file = () => path.join(dir, 'civicwatch.jsonl.gz');
  let analysisId: string;
  let analysis: unknown;

  it('backs up a running instance, its accounts and analyses, while the server owns the embedded database', async () => {
    const t: CliTestServer = await startCliTestServer();
    try {
      const rosa = await t.register('rosa@example.org', 'Rosa');
      await t.register('ada@example.org', 'Ada');
      const { payload, headers } = multipartBody({ text: ORDINANCE, analysisType: 'summary' });
      const analyzed = await t.server.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie: rosa.cookie } });
      expect(analyzed.statusCode, analyzed.body).toBe(200);
      analysisId = analyzed.json<{ analysisId: string }>().analysisId;
      analysis = (await t.server.app.inject({ method: 'GET', url: `/api/analyses/${analysisId}`, headers: { cookie: rosa.cookie } })).json();
      expect((await t.run((r) => createPromoCommand(r, 'SPRING', { credits: '3', expires: '2099-01-01' }))).exitCode).toBe(0);

      const backedUp = await t.run((r) => backupCommand(r, file()));
      expect(backedUp.exitCode, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toMatch(/^Table\s+Rows$/m);
      expect(backedUp.stdout).toMatch(/^users\s+2$/m);
      expect(backedUp.stdout).toMatch(/^analyses\s+1$/m);
      expect(backedUp.stdout).toMatch(/^promo_codes\s+1$/m);
      expect(backedUp.stdout).not.toMatch(/^sessions/m);
      expect(backedUp.stdout).toMatch(new RegExp(`^Backed up \\d+ tables, \\d+ rows \\(2 accounts, 1 analysis\\) to ${file()} \\(\\d+\\.\\d kB\\), as of \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, at migration \\d{4}-[a-z-]+\\.$`, 'm'));

      const json = await t.run((r) => backupCommand(r, path.join(dir, 'again.jsonl.gz'), { json: true }));
      expect(JSON.parse(json.stdout)).toMatchObject({ file: path.join(dir, 'again.jsonl.gz'), users: 2, analyses: 1, tables: expect.arrayContaining([{ name: 'users', rows: 2 }]) });
    } finally {
      await t.close();
    }
  });

  it('restores it into a fresh instance while that one runs: people sign in with their passwords and find their analyses', async () => {
    const t = await startCliTestServer();
    try {
      const restored = await t.run((r) => restoreCommand(r, file()));
      expect(restored.exitCode, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/^users\s+2$/m);
      expect(restored.stdout).toMatch(new RegExp(`^Restored \\d+ tables, \\d+ rows \\(2 accounts, 1 analysis\\) from ${file()}, as of [\\dT:.Z-]+\\.\n`
        + 'Everyone was signed out: people sign in again with their passwords\\.\n$', 'm'));

      const login = await t.server.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'rosa@example.org', password: 'secret1' } });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = sessionCookie(login);
      const history = (await t.server.app.inject({ method: 'GET', url: '/api/analyses', headers: { cookie } })).json<{ items: Array<{ id: string }> }>();
      expect(history.items.map((a) => a.id)).toEqual([analysisId]);
      expect((await t.server.app.inject({ method: 'GET', url: `/api/analyses/${analysisId}`, headers: { cookie } })).json()).toEqual(analysis);

      expect(await t.run((r) => restoreCommand(r, file()))).toEqual({
        exitCode: 73, stdout: '',
        stderr: expect.stringMatching(/^civicwatch restore: This database already holds data \(in .*users.*\), which a restore would replace; pass --force to replace it \(backup\.target_not_empty\)\n$/),
      });
      const forced = await t.run((r) => restoreCommand(r, file(), { force: true, json: true }));
      expect(JSON.parse(forced.stdout)).toMatchObject({ users: 2, analyses: 1, migrated: [] });
      expect((await t.server.app.inject({ method: 'GET', url: '/api/analyses', headers: { cookie } })).statusCode).toBe(401);

      const notes = path.join(dir, 'notes.txt');
      await fs.writeFile(notes, 'not a backup\n');
      expect(await t.run((r) => restoreCommand(r, notes, { force: true }))).toEqual({
        exitCode: 65, stdout: '', stderr: `civicwatch restore: ${notes} is not a CivicWatch backup (it is not gzip-compressed) (backup.invalid)\n`,
      });
    } finally {
      await t.close();
    }
  });

  it('answers with exit statuses and one line on stderr from its own process, beside a running server', async () => {
    const t = await startCliTestServer();
    try {
      await t.register('lee@example.org', 'Lee');
      const saved = path.join(dir, 'process.jsonl.gz');
      const backedUp = await civicwatch(['backup', saved, '--json']);
      expect(backedUp.exitCode, backedUp.stderr).toBe(0);
      expect(JSON.parse(backedUp.stdout)).toMatchObject({ file: saved, users: 1 });

      const refused = await civicwatch(['restore', saved]);
      expect(refused).toMatchObject({ exitCode: 73, stdout: '' });
      expect(refused.stderr).toMatch(/^civicwatch restore: This database already holds data .*pass --force to replace it \(backup\.target_not_empty\)\n$/);
      const missing = path.join(dir, 'missing.jsonl.gz');
      expect(await civicwatch(['restore', missing])).toEqual({
        exitCode: 66, stdout: '', stderr: `civicwatch restore: Cannot read ${missing}: no such file or directory (backup.unreadable)\n`,
      });
      expect(await civicwatch(['backup', path.join(dir, 'nowhere', 'b.gz')])).toMatchObject({ exitCode: 73, stderr: expect.stringContaining('no such file or directory (backup.unwritable)') });
    } finally {
      await t.close();
    }
  });
});
