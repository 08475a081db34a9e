import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnitOfWork } from '@civicwatch/core';
import { startCliTestServer, type CliTestServer } from '../testing/cli-test-server.ts';
import { describeDelivery, outboxCommand, type OutboxOptions } from './outbox.command.ts';

// `civicwatch outbox` beside a running server without SMTP_URL: the e-mail the server writes waits in the
// outbox, and this is how an administrator at the terminal reads it.
let t: CliTestServer;
beforeAll(async () => {
  t = await startCliTestServer();
});
afterAll(async () => {
  await t?.close();
});

const outbox = (options: OutboxOptions) => t.run((r) => outboxCommand(r, options));
interface Listed { total: number; page: number; messages: Array<Record<string, unknown> & { id: string; to: string; text: string }> }
const listed = async (options: OutboxOptions = {}) => JSON.parse((await outbox({ ...options, json: true })).stdout) as Listed;

/** The real `civicwatch` executable, in the environment of the test server (its DATA_DIR). */
const civicwatch = (...args: string[]) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
  const bin = fileURLToPath(new URL('../../bin/civicwatch', import.meta.url));
  execFile(bin, args, { env: t.env, timeout: 60_000 }, (error, stdout, stderr) => {
    resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
  });
});

describe('civicwatch outbox', () => {
  it('shows the welcome e-mail of a registration, newest first, in a table and whole in JSON', async () => {
    await t.register('rosa@example.org', 'Rosa');
    await t.register('ada@example.org', 'Ada');

    const json = await listed();
    expect(json).toMatchObject({ total: 2, page: 1 });
    expect(json.messages.map((m) => m.to)).toEqual(['ada@example.org', 'rosa@example.org']);
    expect(json.messages[1]).toMatchObject({
      kind: 'welcome', subject: 'Welcome to CivicWatch', status: 'pending', attempts: 0, lastError: null, sentAt: null, createdAt: expect.any(String),
    });
    expect(json.messages[1]!.text).toMatch(/^Hello,\n\nWelcome to CivicWatch\./);

    const table = await outbox({});
    expect(table.exitCode).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^Created \(UTC\)\s+To\s+Subject\s+Kind\s+Delivery$/);
    expect(lines[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d\s+ada@example\.org\s+Welcome to CivicWatch\s+welcome\s+pending$/);
    expect(lines[3]).toMatch(/rosa@example\.org/);
    expect(table.stdout).toMatch(/^2 of 2 message\(s\)$/m);
    expect(table.stdout).not.toContain('Welcome to CivicWatch.');
  });

  it('says which messages were sent and which failed, with the attempts and the last error', async () => {
    await t.register('eve@example.org', 'Eve');
    const [eve] = (await listed({ pageSize: '1' })).messages;
    await t.run(async (r) => r.container.get<UnitOfWork>(UnitOfWork).run(async ({ outbox: box }) => {
      await box.startAttempt(eve!.id, 1);
      await box.recordFailure(eve!.id, 1, '550 5.1.1 <eve@example.org>: no such user');
      await box.markGivenUp(eve!.id, new Date());
    }));
    expect((await listed({ pageSize: '1' })).messages[0]).toMatchObject({ status: 'failed', lastError: '550 5.1.1 <eve@example.org>: no such user' });
    expect((await outbox({ pageSize: '1' })).stdout).toContain('failed, 1 attempt: 550 5.1.1 <eve@example.org>: no such user');

    expect(describeDelivery({ sentAt: new Date('2026-03-15T12:34:56Z'), givenUpAt: null, attempts: 1, lastError: null })).toBe('sent 2026-03-15 12:34');
    expect(describeDelivery({ sentAt: null, givenUpAt: null, attempts: 2, lastError: '451 4.7.1 greylisted, try again later' }))
      .toBe('pending, 2 attempts: 451 4.7.1 greylisted, try again later');
    expect(describeDelivery({ sentAt: null, givenUpAt: new Date(), attempts: 10, lastError: `550 ${'x'.repeat(100)}` })).toMatch(/^failed, 10 attempts: 550 x+…$/);
  });

  it('pages as the API does, and refuses a page size over 100 with its message (65)', async () => {
    const all = await listed({ pageSize: '100' });
    const second = await listed({ page: '2', pageSize: '1' });
    expect(second.total).toBe(all.total);
    expect(second.messages.map((m) => m.id)).toEqual([all.messages[1]!.id]);
    expect((await outbox({ pageSize: '1' })).stdout).toMatch(new RegExp(`^1 of ${all.total} message\\(s\\) \\(page 1; --page for more\\)$`, 'm'));
    expect(await outbox({ pageSize: '101' })).toEqual({ exitCode: 65, stdout: '', stderr: 'civicwatch outbox: pageSize must be between 1 and 100 (validation.invalid)\n' });
  });

  it('runs as the civicwatch executable', async () => {
    const run = await civicwatch('outbox', '--page-size', '1', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ page: 1, messages: [expect.objectContaining({ kind: 'welcome' })] });
    expect(await civicwatch('outbox', '--page', '0')).toMatchObject({ code: 65, stderr: 'civicwatch outbox: page must be 1 or more (validation.invalid)\n' });
  });
});
