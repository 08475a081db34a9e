import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../cli-actor.ts';
import { startCliTestServer, type CliTestServer } from '../testing/cli-test-server.ts';
import { auditCommand } from './audit.command.ts';
import { createPromoCommand, deletePromoCommand, listPromosCommand, parseCreatePromoOptions } from './promo.command.ts';

// The server runs for the whole file; each command opens its own runtime on the same DATA_DIR, as
// `civicwatch promo ...` does beside `make start`.
let t: CliTestServer;
beforeAll(async () => {
  t = await startCliTestServer();
});
afterAll(async () => {
  await t?.close();
});

const promo = {
  create: (code: string, options: Parameters<typeof createPromoCommand>[2]) => t.run((r) => createPromoCommand(r, code, options)),
  list: (json = false) => t.run((r) => listPromosCommand(r, { json })),
  delete: (code: string, json = false) => t.run((r) => deletePromoCommand(r, code, { json })),
};

describe('civicwatch promo, while the server runs', () => {
  it('creates a credits code that a signed-in user of the running server can redeem at once', async () => {
    const created = await promo.create('spring', { credits: '5', maxUses: '2', expires: '2099-06-30' });
    expect(created).toEqual({ exitCode: 0, stdout: 'Created SPRING: 5 credit(s), 0 of 2 use(s), expires 2099-07-01T00:00:00.000Z\n', stderr: '' });

    const { cookie } = await t.register('rosa@example.org', 'Rosa');
    const redeemed = await t.server.app.inject({ method: 'POST', url: '/api/redeem-promo', payload: { code: 'spring' }, headers: { cookie } });
    expect(redeemed.json()).toEqual({ credits: 5, balance: 6 });
  });

  it('lists codes as a table and as JSON, with their uses', async () => {
    await promo.create('HALF', { discount: '50', expires: '2099-01-01', inactive: true });
    const table = await promo.list();
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/^Code\s+Type\s+Credits\s+Discount\s+Uses\s+Expires \(UTC\)\s+Active$/m);
    expect(table.stdout).toMatch(/^HALF\s+discount\s+0\s+50%\s+0\/1\s+2099-01-02 00:00\s+no$/m);
    expect(table.stdout).toMatch(/^SPRING\s+credits\s+5\s+1\/2\s+2099-07-01 00:00\s+yes$/m);
    const json = JSON.parse((await promo.list(true)).stdout) as Array<{ code: string; currentUses: number; isActive: boolean }>;
    expect(json.map((p) => [p.code, p.currentUses, p.isActive])).toEqual([['HALF', 0, false], ['SPRING', 1, true]]);
  });

  it('refuses a code that exists with exit status 73, refused input with 65 and a wrong use with 64, before opening the database', async () => {
    expect(await promo.create('Spring', { credits: '1', expires: '2099-01-01' })).toMatchObject({
      exitCode: 73, stderr: 'civicwatch promo create: A promo code with this code already exists (promo.code_taken)\n',
    });
    const refusal = (options: Parameters<typeof parseCreatePromoOptions>[1]) => {
      const parsed = parseCreatePromoOptions('X', options);
      return parsed.ok ? parsed : parsed.outcome;
    };
    expect(refusal({ credits: '1', discount: '5', expires: '2099-01-01' })).toEqual({
      exitCode: 64, stdout: '', stderr: 'civicwatch promo create: give either --credits or --discount, not both\n',
    });
    expect(refusal({ expires: '2099-01-01' })).toMatchObject({ exitCode: 64 });
    expect(refusal({ discount: '150', expires: '2099-01-01' })).toMatchObject({
      exitCode: 65, stderr: 'civicwatch promo create: The discount must be between 1 and 100 percent (validation.invalid)\n',
    });
    expect(refusal({ credits: '1', expires: '2020-01-01' })).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('The expiry date must be in the future') });
    expect(refusal({ credits: '1' })).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('Please fill in all required fields (code and expiry date)') });
    expect(await promo.create('BAD', { credits: 'lots', expires: '2099-01-01' })).toMatchObject({
      exitCode: 65, stderr: 'civicwatch promo create: Credits must be a whole number (validation.invalid)\n',
    });
  });

  it('refuses uses or an expiry beyond what the database holds with exit status 65 and the rule, storing nothing', async () => {
    expect(await promo.create('HUGE', { credits: '1', maxUses: '2147483648', expires: '2099-01-01' })).toEqual({
      exitCode: 65, stdout: '', stderr: 'civicwatch promo create: Max uses must be at most 1000000 (validation.invalid)\n',
    });
    expect(await promo.create('FAR', { credits: '1', expires: '9999-12-31' })).toEqual({
      exitCode: 65, stdout: '', stderr: 'civicwatch promo create: The expiry date must be 2099-12-31 or earlier (validation.invalid)\n',
    });
    expect(JSON.parse((await promo.list(true)).stdout).map((p: { code: string }) => p.code)).not.toContain('HUGE');
  });

  it('deletes a code by name, whatever its case, and says so when there is none', async () => {
    expect(await promo.delete('half')).toEqual({ exitCode: 0, stdout: 'Deleted HALF\n', stderr: '' });
    expect(await promo.delete('HALF')).toMatchObject({ exitCode: 67, stderr: 'civicwatch promo delete: This promo code does not exist (promo.not_found)\n' });
    expect(JSON.parse((await promo.list(true)).stdout).map((p: { code: string }) => p.code)).toEqual(['SPRING']);
  });

  it('prints the created and the deleted code as JSON, and the audit log names the command line as their author', async () => {
    const created = await promo.create('json1', { credits: '2', expires: '2099-01-01', json: true });
    expect(JSON.parse(created.stdout)).toMatchObject({ code: 'JSON1', type: 'credits', credits: 2, maxUses: 1, isActive: true });
    const deleted = await promo.delete('JSON1', true);
    expect(JSON.parse(deleted.stdout)).toMatchObject({ code: 'JSON1' });

    const log = JSON.parse((await t.run((r) => auditCommand(r, { json: true }))).stdout) as { entries: Array<{ actor: string; action: string; target: string }> };
    expect(log.entries.filter((e) => e.action.startsWith('promo.')).map((e) => [e.action, e.actor]).slice(0, 2)).toEqual([
      ['promo.delete', cliActor().label], ['promo.create', cliActor().label],
    ]);
  });
});
