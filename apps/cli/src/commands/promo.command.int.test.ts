import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, type TestApp } from '@civicwatch/api/testing/test-app.ts';
import { withRuntime } from '../runtime.ts';
import { createPromoCommand, deletePromoCommand, listPromosCommand, parseCreatePromoOptions } from './promo.command.ts';

// The server (an API app that owns the embedded database) runs for the whole file; each command opens
// its own runtime on the same DATA_DIR, as `civicwatch promo ...` does beside `make start`.
let server: TestApp;
const savedEnv = { ...process.env };
beforeAll(async () => {
  server = await buildTestApp();
  process.env.DATA_DIR = server.runtime.config.dataDir;
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL = 'silent';
  delete process.env.DATABASE_URL;
});
afterAll(async () => {
  process.env = savedEnv;
  await server?.close();
});

const promo = {
  create: (code: string, options: Parameters<typeof createPromoCommand>[2]) => withRuntime((r) => createPromoCommand(r, code, options)),
  list: (json = false) => withRuntime((r) => listPromosCommand(r, { json })),
  delete: (code: string) => withRuntime((r) => deletePromoCommand(r, code)),
};

describe('civicwatch promo, while the server runs', () => {
  it('creates a credits code that a signed-in user of the running server can redeem at once', async () => {
    const created = await promo.create('spring', { credits: '5', maxUses: '2', expires: '2099-06-30' });
    expect(created).toEqual({ exitCode: 0, stdout: 'Created SPRING: 5 credit(s), 0 of 2 use(s), expires 2099-07-01T00:00:00.000Z\n', stderr: '' });

    const registered = await server.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: 'Rosa', email: 'rosa@example.org', password: 'secret1' } });
    const redeemed = await server.app.inject({ method: 'POST', url: '/api/redeem-promo', payload: { code: 'spring' }, headers: { cookie: sessionCookie(registered) } });
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

  it('refuses a code that exists with exit status 73, and bad options with 64 before opening the database', async () => {
    expect(await promo.create('Spring', { credits: '1', expires: '2099-01-01' })).toMatchObject({
      exitCode: 73, stderr: 'civicwatch promo: A promo code with this code already exists (promo.code_taken)\n',
    });
    expect(parseCreatePromoOptions('X', { credits: '1', discount: '5', expires: '2099-01-01' })).toEqual({ success: false, message: 'give either --credits or --discount, not both' });
    expect(parseCreatePromoOptions('X', { expires: '2099-01-01' })).toMatchObject({ success: false });
    expect(parseCreatePromoOptions('X', { discount: '150', expires: '2099-01-01' })).toEqual({ success: false, message: 'The discount must be between 1 and 100 percent' });
    expect(parseCreatePromoOptions('X', { credits: '1', expires: '2020-01-01' })).toEqual({ success: false, message: 'The expiry date must be in the future' });
    expect(parseCreatePromoOptions('X', { credits: '1' })).toEqual({ success: false, message: 'Please fill in all required fields (code and expiry date)' });
    expect(await promo.create('BAD', { credits: 'lots', expires: '2099-01-01' })).toMatchObject({ exitCode: 64, stderr: 'civicwatch promo: Credits must be a whole number\n' });
  });

  it('deletes a code by name, whatever its case, and says so when there is none', async () => {
    expect(await promo.delete('half')).toEqual({ exitCode: 0, stdout: 'Deleted HALF\n', stderr: '' });
    expect(await promo.delete('HALF')).toMatchObject({ exitCode: 67, stderr: 'civicwatch promo: This promo code does not exist (promo.not_found)\n' });
    expect(JSON.parse((await promo.list(true)).stdout).map((p: { code: string }) => p.code)).toEqual(['SPRING']);
  });
});
