import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../cli-actor.ts';
import { startCliTestServer, type CliTestServer } from '../testing/cli-test-server.ts';
import { auditCommand } from './audit.command.ts';
import {
  deleteUserCommand, grantCreditsCommand, listUsersCommand, parseGrantCreditsOptions, parseSetTierOptions, setUserTierCommand, showUserCommand,
  verifyUserCommand, type DeleteUserOptions,
} from './users.command.ts';

const MAIN_ADMIN = 'chief@example.org';
const OTHER_ADMIN = 'deputy@example.org';
/** Named by ADMIN_EMAILS too, registered on a server that sends no e-mail: `users verify` makes it an administrator. */
const FIRST_ADMIN = 'first-admin@example.org';

// The server runs for the whole file with two configured administrators; each command opens its own
// runtime on the same DATA_DIR with the same ADMIN_EMAILS, as `civicwatch users ...` does beside `make start`.
let t: CliTestServer;
beforeAll(async () => {
  t = await startCliTestServer({ ADMIN_EMAILS: `${MAIN_ADMIN},${OTHER_ADMIN},${FIRST_ADMIN}` });
});
afterAll(async () => {
  await t?.close();
});

const users = {
  list: (options: Parameters<typeof listUsersCommand>[1]) => t.run((r) => listUsersCommand(r, options)),
  show: (who: string, json = false) => t.run((r) => showUserCommand(r, who, { json })),
  setTier: (who: string, tier: string, options: Parameters<typeof setUserTierCommand>[3] = {}) => t.run((r) => setUserTierCommand(r, who, tier, options)),
  grant: (who: string, n: string, options: Parameters<typeof grantCreditsCommand>[3] = {}) => t.run((r) => grantCreditsCommand(r, who, n, options)),
  delete: (who: string, options: DeleteUserOptions) => t.run((r) => deleteUserCommand(r, who, options)),
  verify: (who: string, json = false) => t.run((r) => verifyUserCommand(r, who, { json })),
};
const refusal = <T>(parsed: { ok: true; value: T } | { ok: false; outcome: unknown }) => (parsed.ok ? parsed : parsed.outcome);
const currentUser = async (cookie: string) => (await t.server.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json<{ tier: string; credits: number }>();

describe('civicwatch users show and list', () => {
  it('shows one account by e-mail (any case) or id, as lines or as the API\'s user view', async () => {
    const { id } = await t.register('ada@example.org', 'Ada');
    const byEmail = await users.show('ADA@example.org');
    expect(byEmail.exitCode).toBe(0);
    expect(byEmail.stdout).toMatch(/^Id:\s+[0-9a-f-]{36}$/m);
    expect(byEmail.stdout).toMatch(/^E-mail:\s+ada@example\.org$/m);
    expect(byEmail.stdout).toMatch(/^Tier:\s+citizen$/m);
    expect(byEmail.stdout).toMatch(/^Credits:\s+1$/m);
    expect(JSON.parse((await users.show(id, true)).stdout)).toMatchObject({
      id, email: 'ada@example.org', firstName: 'Ada', subscriptionTier: 'citizen', tier: 'citizen', credits: 1, role: 'user', isAdmin: false,
    });
  });

  it('answers 67 for an account that does not exist, whatever the id looks like', async () => {
    for (const who of ['nobody@example.org', '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await users.show(who)).toEqual({ exitCode: 67, stdout: '', stderr: 'civicwatch users show: No such user (user.not_found)\n' });
    }
  });

  it('lists accounts as a table and as JSON, a page at a time; a bad page is refused with 65', async () => {
    await t.register('list-1@example.org');
    await t.register('list-2@example.org');
    const table = await users.list({ search: 'list-', pageSize: '1' });
    expect(table.stdout).toMatch(/^E-mail\s+Name\s+Tier\s+Credits\s+Role\s+Joined$/m);
    expect(table.stdout).toMatch(/^1 of 2 account\(s\) \(page 1; --page for more\)$/m);
    const json = JSON.parse((await users.list({ search: 'list-', json: true })).stdout) as { total: number; page: number; users: Array<{ email: string }> };
    expect(json).toMatchObject({ total: 2, page: 1 });
    expect(json.users.map((u) => u.email).sort()).toEqual(['list-1@example.org', 'list-2@example.org']);
    expect(await users.list({ page: '0' })).toMatchObject({ exitCode: 65, stderr: 'civicwatch users list: page must be 1 or more (validation.invalid)\n' });
  });
});

describe('civicwatch users set-tier', () => {
  it('moves an account to a tier with that tier\'s monthly credits by default, or the credits given; the server sees it at once', async () => {
    const { cookie } = await t.register('bea@example.org', 'Bea');
    expect(await users.setTier('bea@example.org', 'Patriot')).toEqual({
      exitCode: 0, stdout: 'bea@example.org: tier citizen -> patriot, credits 1 -> 5\n', stderr: '',
    });
    expect(await currentUser(cookie)).toMatchObject({ tier: 'patriot', credits: 5 });

    const json = JSON.parse((await users.setTier('bea@example.org', 'defender', { json: true })).stdout);
    expect(json).toMatchObject({ email: 'bea@example.org', subscriptionTier: 'defender', credits: 50 });
    expect(JSON.parse((await users.setTier('bea@example.org', 'free', { credits: '0', json: true })).stdout)).toMatchObject({ tier: 'citizen', credits: 0 });
  });

  it('refuses a tier or credits that the panel\'s contract refuses (65, before the database), and an unknown account (67)', () => {
    expect(refusal(parseSetTierOptions('gold', {}))).toEqual({
      exitCode: 65, stdout: '', stderr: 'civicwatch users set-tier: The tier must be citizen, patriot or defender (validation.invalid)\n',
    });
    expect(refusal(parseSetTierOptions('patriot', { credits: '-1' }))).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('Credits cannot be negative') });
    expect(refusal(parseSetTierOptions('patriot', { credits: '2.5' }))).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('Credits must be a whole number') });
    expect(refusal(parseSetTierOptions('patriot', { credits: '' }))).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('Credits must be a whole number') });
    return expect(users.setTier('nobody@example.org', 'patriot')).resolves.toMatchObject({ exitCode: 67, stderr: 'civicwatch users set-tier: No such user (user.not_found)\n' });
  });
});

describe('civicwatch users grant-credits', () => {
  it('adds and takes credits through the ledger, with a reason; never below zero', async () => {
    const { cookie } = await t.register('cyd@example.org', 'Cyd');
    expect(await users.grant('cyd@example.org', '3', { reason: 'conference raffle' })).toEqual({
      exitCode: 0, stdout: 'Granted 3 credit(s) to cyd@example.org; balance 4\n', stderr: '',
    });
    expect(JSON.parse((await users.grant('cyd@example.org', '-2', { json: true })).stdout)).toEqual({
      userId: expect.any(String), email: 'cyd@example.org', credits: -2, balance: 2,
    });
    expect(await users.grant('cyd@example.org', '-5')).toMatchObject({ exitCode: 75, stderr: expect.stringMatching(/^civicwatch users grant-credits: .+ \(credits\.insufficient\)\n$/) });
    expect(await currentUser(cookie)).toMatchObject({ credits: 2 });
  });

  it('refuses 0, fractions and words with 65 before opening the database', () => {
    expect(refusal(parseGrantCreditsOptions('0', {}))).toMatchObject({ exitCode: 65, stderr: 'civicwatch users grant-credits: Credits must not be 0 (validation.invalid)\n' });
    expect(refusal(parseGrantCreditsOptions('1.5', {}))).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('Credits must be a whole number') });
    expect(refusal(parseGrantCreditsOptions('many', {}))).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('Credits must be a whole number') });
  });
});

describe('civicwatch users delete', () => {
  it('refuses without --yes when nobody can confirm (64), and keeps the account when the person says no', async () => {
    await t.register('dee@example.org', 'Dee');
    expect(await users.delete('dee@example.org', {})).toMatchObject({ exitCode: 64, stderr: expect.stringContaining('give --yes to delete') });
    const asked: string[] = [];
    const no = await users.delete('dee@example.org', { confirm: async (q) => { asked.push(q); return false; } });
    expect(no).toEqual({ exitCode: 1, stdout: '', stderr: 'civicwatch users delete: dee@example.org was not deleted\n' });
    expect(asked).toEqual(['Delete dee@example.org (citizen, 1 credit(s)) with its analyses and personal data? [y/N] ']);
    expect((await users.show('dee@example.org')).exitCode).toBe(0);
  });

  it('deletes when the person confirms, or with --yes; the account\'s session then ends', async () => {
    const { cookie } = await t.register('eve@example.org', 'Eve');
    expect(await users.delete('eve@example.org', { confirm: async () => true })).toEqual({ exitCode: 0, stdout: 'Deleted eve@example.org\n', stderr: '' });
    expect((await t.server.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);

    const { id } = await t.register('fay@example.org', 'Fay');
    expect(JSON.parse((await users.delete(id, { yes: true, json: true })).stdout)).toEqual({ id, email: 'fay@example.org' });
    expect(await users.delete(id, { yes: true })).toMatchObject({ exitCode: 67, stderr: 'civicwatch users delete: No such user (user.not_found)\n' });
  });

  it('deletes an account that registered the main administrator\'s address without verifying it, freeing the address', async () => {
    await t.register(MAIN_ADMIN, 'Mallory');
    expect(await users.delete(MAIN_ADMIN, { yes: true })).toEqual({ exitCode: 0, stdout: `Deleted ${MAIN_ADMIN}\n`, stderr: '' });
  });

  it('never deletes the main administrator nor an administrator (77)', async () => {
    await t.register(MAIN_ADMIN, 'Chief');
    await t.register(OTHER_ADMIN, 'Deputy');
    await users.verify(MAIN_ADMIN);
    await users.verify(OTHER_ADMIN);
    expect(await users.delete(MAIN_ADMIN, { yes: true })).toEqual({
      exitCode: 77, stdout: '', stderr: 'civicwatch users delete: The main administrator cannot be deleted (user.protected)\n',
    });
    expect(await users.delete(OTHER_ADMIN, { yes: true })).toMatchObject({
      exitCode: 77, stderr: 'civicwatch users delete: Administrators cannot be deleted; revoke the admin role first (user.protected)\n',
    });
  });
});

// How a server without e-mail makes its first administrator: ADMIN_EMAILS names the address, its holder
// registers it, and the person at the server's shell vouches for it.
describe('civicwatch users verify', () => {
  const adminStats = async (cookie: string) => (await t.server.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).statusCode;

  it('verifies an address ADMIN_EMAILS names, which makes its account an administrator at once, audited under the command line', async () => {
    const { cookie } = await t.register(FIRST_ADMIN, 'First');
    expect(JSON.parse((await users.show(FIRST_ADMIN, true)).stdout)).toMatchObject({ emailVerified: false, role: 'user', isAdmin: false });
    expect(await adminStats(cookie)).toBe(403);

    expect(await users.verify(FIRST_ADMIN.toUpperCase())).toEqual({
      exitCode: 0, stdout: `Verified ${FIRST_ADMIN}; it is now an administrator (ADMIN_EMAILS names it)\n`, stderr: '',
    });
    expect(await adminStats(cookie)).toBe(200);
    expect(await users.verify(FIRST_ADMIN)).toEqual({ exitCode: 0, stdout: `${FIRST_ADMIN} was verified already\n`, stderr: '' });

    const log = JSON.parse((await t.run((r) => auditCommand(r, { json: true, pageSize: '1' }))).stdout) as { entries: unknown[] };
    expect(log.entries).toEqual([expect.objectContaining({
      actor: cliActor().label, action: 'user.verify', target: FIRST_ADMIN,
      before: { emailVerified: false, role: 'user' }, after: { emailVerified: true, role: 'admin' },
    })]);
  });

  it('verifies any other account by e-mail or id without making it an administrator; an unknown one is 67', async () => {
    const { id } = await t.register('hugo@example.org', 'Hugo');
    expect(JSON.parse((await users.verify(id, true)).stdout)).toMatchObject({ id, email: 'hugo@example.org', emailVerified: true, role: 'user', isAdmin: false });
    expect(await users.verify('nobody@example.org')).toEqual({ exitCode: 67, stdout: '', stderr: 'civicwatch users verify: No such user (user.not_found)\n' });
  });
});

describe('the audit log of the users commands', () => {
  it('records each change under the command line\'s name, with what it replaced', async () => {
    const { id } = await t.register('gus@example.org', 'Gus');
    await users.setTier(id, 'patriot', { credits: '7' });
    await users.grant(id, '2', { reason: 'apology' });
    const log = JSON.parse((await t.run((r) => auditCommand(r, { json: true, pageSize: '2' }))).stdout) as {
      entries: Array<{ actor: string; action: string; target: string; before: unknown; after: unknown }>;
    };
    expect(cliActor().label).toMatch(/^cli(:.+)?$/);
    expect(log.entries).toEqual([
      expect.objectContaining({ actor: cliActor().label, action: 'user.credits', target: 'gus@example.org', before: { credits: 7 }, after: { credits: 9, delta: 2, reason: 'apology' } }),
      expect.objectContaining({ actor: cliActor().label, action: 'user.tier', target: 'gus@example.org', before: { tier: 'citizen', credits: 1 }, after: { tier: 'patriot', credits: 7 } }),
    ]);
  });
});
