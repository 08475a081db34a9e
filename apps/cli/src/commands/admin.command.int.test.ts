import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../cli-actor.ts';
import { startCliTestServer, type CliTestServer } from '../testing/cli-test-server.ts';
import { parseAdminEmail, setAdminRoleCommand } from './admin.command.ts';
import { auditCommand, describeChange } from './audit.command.ts';
import { statsCommand } from './stats.command.ts';

const MAIN_ADMIN = 'chief@example.org';
const CONFIGURED_ADMIN = 'deputy@example.org';

let t: CliTestServer;
beforeAll(async () => {
  t = await startCliTestServer({ ADMIN_EMAILS: `${MAIN_ADMIN},${CONFIGURED_ADMIN}` });
});
afterAll(async () => {
  await t?.close();
});

const grant = (email: string, json = false) => t.run((r) => setAdminRoleCommand(r, email, 'admin', { json }));
const revoke = (email: string, json = false) => t.run((r) => setAdminRoleCommand(r, email, 'user', { json }));
const stats = (json = false) => t.run((r) => statsCommand(r, { json }));
const audit = (options: Parameters<typeof auditCommand>[1]) => t.run((r) => auditCommand(r, options));
const adminStatus = async (cookie: string) => (await t.server.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).statusCode;

/** The real `civicwatch` executable, in the environment the tests gave the command (DATA_DIR, ADMIN_EMAILS). */
const civicwatch = (...args: string[]) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
  const bin = fileURLToPath(new URL('../../bin/civicwatch', import.meta.url));
  execFile(bin, args, { env: t.env, timeout: 60_000 }, (error, stdout, stderr) => {
    resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
  });
});

describe('civicwatch admin grant and revoke', () => {
  it('grants the admin role, which opens the admin API to that account at once, and revokes it', async () => {
    const { cookie } = await t.register('hal@example.org', 'Hal');
    expect(await adminStatus(cookie)).toBe(403);
    expect(await grant('HAL@example.org')).toEqual({ exitCode: 0, stdout: 'hal@example.org is an administrator\n', stderr: '' });
    expect(await adminStatus(cookie)).toBe(200);
    expect(JSON.parse((await revoke('hal@example.org', true)).stdout)).toMatchObject({ email: 'hal@example.org', role: 'user', isAdmin: false });
    expect(await adminStatus(cookie)).toBe(403);
  });

  it('refuses to revoke an account that ADMIN_EMAILS names or to grant it before it is verified (77), an unknown account (67) and a malformed e-mail (65)', async () => {
    await t.register(CONFIGURED_ADMIN, 'Deputy');
    expect(await revoke(CONFIGURED_ADMIN)).toEqual({
      exitCode: 77, stdout: '',
      stderr: 'civicwatch admin revoke: This account is named by ADMIN_EMAILS: remove it there to revoke its admin role (user.protected)\n',
    });
    expect(await revoke(MAIN_ADMIN)).toMatchObject({ exitCode: 77 });
    // Granted by hand before its address is verified, the server's next start would take the role back.
    expect(await grant(CONFIGURED_ADMIN)).toEqual({
      exitCode: 77, stdout: '',
      stderr: 'civicwatch admin grant: This account is named by ADMIN_EMAILS: it becomes an administrator once its e-mail address is verified, '
        + `by its e-mail link or civicwatch users verify ${CONFIGURED_ADMIN} (email.unverified)\n`,
    });
    expect(await grant('nobody@example.org')).toMatchObject({ exitCode: 67, stderr: 'civicwatch admin grant: No such user (user.not_found)\n' });
    const malformed = parseAdminEmail('admin', 'not-an-email');
    expect(malformed.ok ? malformed : malformed.outcome).toEqual({
      exitCode: 65, stdout: '', stderr: 'civicwatch admin grant: Invalid email address (validation.invalid)\n',
    });
  });
});

describe('civicwatch stats', () => {
  it('counts users by tier and administrators, as GET /api/admin/stats does', async () => {
    const json = JSON.parse((await stats(true)).stdout) as Record<string, number>;
    const { cookie } = await t.register('ivy@example.org', 'Ivy');
    const after = JSON.parse((await stats(true)).stdout) as Record<string, number>;
    expect(after).toEqual({ ...json, totalUsers: json.totalUsers! + 1, freeUsers: json.freeUsers! + 1 });
    await grant('ivy@example.org');
    expect((await t.server.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).json()).toEqual({ ...after, admins: after.admins! + 1 });

    const table = await stats();
    expect(table.stdout).toMatch(new RegExp(`^Users\\s+${after.totalUsers}$`, 'm'));
    expect(table.stdout).toMatch(/^ {2}administrators\s+\d+$/m);
    expect(table.stdout).toMatch(/^Credits spent on analyses\s+0$/m);
  });
});

describe('civicwatch audit', () => {
  it('lists the log newest first as a table and as JSON, a page at a time, with the command line as the actor', async () => {
    await t.register('joe@example.org', 'Joe');
    await grant('joe@example.org');
    await revoke('joe@example.org');
    const json = JSON.parse((await audit({ json: true, pageSize: '2' })).stdout) as { total: number; page: number; entries: Array<Record<string, unknown>> };
    expect(json.page).toBe(1);
    expect(json.total).toBeGreaterThanOrEqual(2);
    expect(json.entries).toEqual([
      { id: expect.any(String), actor: cliActor().label, action: 'admin.revoke', target: 'joe@example.org', before: { role: 'admin' }, after: { role: 'user' }, createdAt: expect.any(String) },
      expect.objectContaining({ actor: cliActor().label, action: 'admin.grant', target: 'joe@example.org', before: { role: 'user' } }),
    ]);

    const table = await audit({ pageSize: '2' });
    expect(table.stdout).toMatch(/^When \(UTC\)\s+Actor\s+Action\s+Target\s+Change$/m);
    expect(table.stdout).toContain(`${cliActor().label}  admin.revoke`);
    expect(table.stdout).toMatch(/joe@example\.org\s+role: admin -> user/);
    expect(table.stdout).toMatch(/^2 of \d+ entry\(ies\) \(page 1; --page for more\)$/m);
    expect(await audit({ pageSize: '0' })).toMatchObject({ exitCode: 65, stderr: 'civicwatch audit: pageSize must be between 1 and 200 (validation.invalid)\n' });
  });

  it('cuts long values short in the table (the JSON keeps them whole)', () => {
    expect(describeChange({ before: { value: 'a'.repeat(100) }, after: { value: 'b' } })).toBe(`value: ${'a'.repeat(39)}… -> b`);
    expect(describeChange({ before: null, after: { code: 'SPRING', credits: 5 } })).toBe('code=SPRING, credits=5');
    expect(describeChange({ before: { email: 'x@example.org' }, after: null })).toBe('removed email=x@example.org');
  });
});

describe('the civicwatch executable', () => {
  it('runs an admin command with --json against the running server\'s database', async () => {
    await t.register('kim@example.org', 'Kim');
    const granted = await civicwatch('admin', 'grant', 'kim@example.org', '--json');
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    expect(JSON.parse(granted.stdout)).toMatchObject({ email: 'kim@example.org', role: 'admin', isAdmin: true });
    const log = JSON.parse((await audit({ json: true, pageSize: '1' })).stdout) as { entries: unknown[] };
    expect(log.entries).toEqual([expect.objectContaining({ actor: cliActor().label, action: 'admin.grant' })]);
  });

  it('runs users verify, by which a server without e-mail verifies its first administrator', async () => {
    await t.register('lee@example.org', 'Lee');
    const verified = await civicwatch('users', 'verify', 'lee@example.org', '--json');
    expect(verified).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(verified.stdout)).toMatchObject({ email: 'lee@example.org', emailVerified: true, isAdmin: false });
  });

  it('ends refusals and usage errors with their exit statuses and the message on stderr', async () => {
    const refused = await civicwatch('admin', 'revoke', MAIN_ADMIN);
    expect(refused).toMatchObject({ code: 77, stdout: '', stderr: expect.stringMatching(/^civicwatch admin revoke: .+ \(user\.protected\)\n$/) });
    const usage = await civicwatch('users', 'show');
    expect(usage).toMatchObject({ code: 64, stderr: expect.stringContaining("missing required argument 'user'") });
  });
});
