import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../cli-actor.ts';
import { startCliTestServer, type CliTestServer } from '../testing/cli-test-server.ts';
import { auditCommand } from './audit.command.ts';
import { listTiersCommand, parseSetTierOptions, setTierCommand, type SetTierOptions } from './tiers.command.ts';

let t: CliTestServer;
beforeAll(async () => {
  t = await startCliTestServer();
});
afterAll(async () => {
  await t?.close();
});

const tiers = {
  list: (json = false) => t.run((r) => listTiersCommand(r, { json })),
  set: (tier: string, options: SetTierOptions) => t.run((r) => setTierCommand(r, tier, options)),
};
const refusal = (tier: string, options: SetTierOptions) => {
  const parsed = parseSetTierOptions(tier, options);
  return parsed.ok ? parsed : parsed.outcome;
};
const publicTiers = async () =>
  (await t.server.app.inject({ method: 'GET', url: '/api/subscription-tiers' })).json<Array<{ id: string; price: string; credits: number; features: string[] }>>();

describe('civicwatch tiers list', () => {
  it('shows the three plans (docs/product/credits-and-tiers.md "Tiers") as a table with their features, and as the API\'s tier views', async () => {
    const table = await tiers.list();
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/^Tier\s+Name\s+Price \(\$\/month\)\s+Credits\s+Max pages\s+Max characters\s+Stripe price\s+Active$/m);
    expect(table.stdout).toMatch(/^citizen\s+Citizen\s+0\s+1\s+1\s+1000\s+-\s+yes$/m);
    expect(table.stdout).toMatch(/^patriot\s+Patriot\s+29\s+5\s+5\s+10000\s+-\s+yes$/m);
    expect(table.stdout).toMatch(/^defender\s+Defender\s+99\s+50\s+5\s+10000\s+-\s+yes$/m);
    expect(table.stdout).toMatch(/^Patriot features:\n {2}- .+$/m);

    const json = JSON.parse((await tiers.list(true)).stdout) as Array<{ id: string; price: string; credits: number }>;
    expect(json.map((v) => [v.id, v.price, v.credits])).toEqual([['citizen', '0', 1], ['patriot', '29', 5], ['defender', '99', 50]]);
    expect(json).toEqual(await publicTiers());
  });
});

describe('civicwatch tiers set', () => {
  it('changes only the fields given, and the public tiers show it at once', async () => {
    const set = await tiers.set('Patriot', {
      price: '35', credits: '6', maxPages: '8', feature: ['Custom prompts', 'State analysis'], stripePrice: 'price_patriot35',
    });
    expect(set).toEqual({
      exitCode: 0, stderr: '',
      stdout: 'Updated Patriot (patriot): $35/month, 6 credit(s), 8 page(s) or 10000 characters, Stripe price price_patriot35, active\n',
    });
    expect((await publicTiers()).find((v) => v.id === 'patriot')).toMatchObject({ price: '35', credits: 6, features: ['Custom prompts', 'State analysis'] });

    const cleared = JSON.parse((await tiers.set('patriot', { stripePrice: false, json: true })).stdout);
    expect(cleared).toMatchObject({ id: 'patriot', price: '35', stripePriceId: null, maxPages: 8, maxCharacters: 10000 });
  });

  it('takes a tier off the offer and back', async () => {
    expect(JSON.parse((await tiers.set('defender', { inactive: true, json: true })).stdout)).toMatchObject({ id: 'defender', isActive: false });
    expect((await publicTiers()).map((v) => v.id)).toEqual(['citizen', 'patriot']);
    expect(JSON.parse((await tiers.set('defender', { active: true, json: true })).stdout)).toMatchObject({ id: 'defender', isActive: true });
  });

  it('keeps Citizen free and offered (65), and refuses what the panel\'s contract refuses (65) or a wrong use (64)', async () => {
    expect(await tiers.set('citizen', { price: '5' })).toEqual({
      exitCode: 65, stdout: '',
      stderr: 'civicwatch tiers set: The Citizen tier is free and always offered: its price, Stripe price and active flag cannot change (validation.invalid)\n',
    });
    expect((await tiers.set('citizen', { maxCharacters: '2000', json: true })).exitCode).toBe(0);
    expect(refusal('gold', { price: '5' })).toMatchObject({ exitCode: 65, stderr: 'civicwatch tiers set: The tier must be citizen, patriot or defender (validation.invalid)\n' });
    expect(refusal('patriot', { price: '9.5' })).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('The price (whole dollars) must be a whole number') });
    expect(refusal('patriot', { stripePrice: 'prod_1' })).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('A Stripe Price id starts with price_') });
    expect(refusal('patriot', { maxPages: '0' })).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('The page limit must be at least 1') });
    expect(refusal('patriot', {})).toMatchObject({ exitCode: 64, stderr: expect.stringContaining('nothing to change') });
    expect(refusal('patriot', { active: true, inactive: true })).toMatchObject({ exitCode: 64, stderr: 'civicwatch tiers set: give either --active or --inactive, not both\n' });
  });

  it('leaves an entry in the audit log under the command line\'s name, with the fields it changed', async () => {
    await tiers.set('defender', { credits: '60' });
    const log = JSON.parse((await t.run((r) => auditCommand(r, { json: true, pageSize: '1' }))).stdout) as { entries: unknown[] };
    expect(log.entries).toEqual([expect.objectContaining({
      actor: cliActor().label, action: 'tier.update', target: 'defender', before: { monthlyCredits: 50 }, after: { monthlyCredits: 60 },
    })]);
  });
});
