import type { Command } from 'commander';
import {
  CreatePromo, DeletePromo, ListPromos, createPromoSchema, toPromoCodeView, type CreatePromoInput, type PromoCode,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { withRuntime } from '../runtime.ts';
import { formatTable } from '../format-table.ts';
import { cliActor } from '../cli-actor.ts';
import {
  done, doneJson, failedWith, parseWith, parsedFailed, report, usageError, type CommandOutcome, type Parsed,
} from '../command-outcome.ts';
import { explain } from '../help.ts';

export interface CreatePromoOptions {
  credits?: string;
  discount?: string;
  maxUses?: string;
  expires?: string;
  inactive?: boolean;
  json?: boolean;
}

/**
 * The command line's words mapped onto the admin panel's fields, then parsed by the same contract
 * (createPromoSchema), so the CLI and the panel can never accept different codes.
 */
export const parseCreatePromoOptions = (code: string | undefined, options: CreatePromoOptions): Parsed<CreatePromoInput> => {
  if (options.credits !== undefined && options.discount !== undefined) {
    return parsedFailed(usageError('promo create', 'give either --credits or --discount, not both'));
  }
  if (options.credits === undefined && options.discount === undefined) {
    return parsedFailed(usageError('promo create', 'give --credits N for a credits code or --discount PERCENT for a discount code'));
  }
  return parseWith('promo create', createPromoSchema, {
    code,
    type: options.discount !== undefined ? 'discount' : 'credits',
    credits: options.credits,
    discountPercent: options.discount,
    maxUses: options.maxUses,
    expiresAt: options.expires,
    isActive: !options.inactive,
  });
};

const describePromo = (p: PromoCode): string =>
  `${p.code}: ${p.type === 'credits' ? `${p.credits} credit(s)` : `${p.discountPercent}% off the first month`}, `
  + `${p.currentUses} of ${p.maxUses} use(s), expires ${p.expiresAt.toISOString()}${p.isActive ? '' : ', inactive'}`;

export async function createPromoCommand(runtime: Runtime, code: string | undefined, options: CreatePromoOptions): Promise<CommandOutcome> {
  const parsed = parseCreatePromoOptions(code, options);
  if (!parsed.ok) return parsed.outcome;
  const result = await runtime.container.get(CreatePromo).execute(cliActor(), parsed.value);
  if (!result.ok) return failedWith('promo create', result.error);
  return options.json ? doneJson(toPromoCodeView(result.value)) : done(`Created ${describePromo(result.value)}\n`);
}

export async function listPromosCommand(runtime: Runtime, options: { json?: boolean }): Promise<CommandOutcome> {
  const promos = await runtime.container.get(ListPromos).execute();
  if (options.json) return doneJson(promos.map(toPromoCodeView));
  return done(formatTable(
    ['Code', 'Type', 'Credits', 'Discount', 'Uses', 'Expires (UTC)', 'Active'],
    promos.map((p) => [
      p.code, p.type, String(p.credits), p.type === 'discount' ? `${p.discountPercent}%` : '',
      `${p.currentUses}/${p.maxUses}`, p.expiresAt.toISOString().slice(0, 16).replace('T', ' '), p.isActive ? 'yes' : 'no',
    ]),
  ) + `${promos.length} promo code(s)\n`);
}

export async function deletePromoCommand(runtime: Runtime, code: string, options: { json?: boolean } = {}): Promise<CommandOutcome> {
  const result = await runtime.container.get(DeletePromo).execute(cliActor(), code);
  if (!result.ok) return failedWith('promo delete', result.error);
  return options.json ? doneJson(toPromoCodeView(result.value)) : done(`Deleted ${result.value.code}\n`);
}

/**
 * Administrators' promo codes. Works while the server runs: withRuntime reaches an embedded database
 * through the same socket as the server (docs/product/self-hosting.md "Embedded defaults").
 */
export function registerPromoCommands(program: Command) {
  const promo = program.command('promo').description('create, list and delete promo codes');

  explain(promo
    .command('create')
    .description('create a promo code: --credits N grants credits on /redeem-promo; --discount PERCENT takes that much off the first month at checkout')
    .argument('<code>', 'the code users type (stored upper case)')
    .option('--credits <n>', 'credits the code grants')
    .option('--discount <percent>', 'percent off the first month (1 to 100)')
    .option('--max-uses <n>', 'how many accounts may use it', '1')
    .option('--expires <date>', 'last day it works, YYYY-MM-DD (UTC), or an ISO date-time')
    .option('--inactive', 'create it switched off')
    .option('--json', 'print the created code as JSON')
    .action(async (code: string, options: CreatePromoOptions) => {
      // Refused input answers before the database is opened.
      const parsed = parseCreatePromoOptions(code, options);
      report(parsed.ok ? await withRuntime((runtime) => createPromoCommand(runtime, code, options)) : parsed.outcome);
    }), {
    environment: ['database'],
    examples: [
      ['civicwatch promo create SPRING25 --credits 3 --max-uses 100', '3 credits for each of up to 100 accounts'],
      ['civicwatch promo create HALFOFF --discount 50 --expires 2026-12-31', 'half off the first month at checkout, until the end of 2026'],
    ],
  });

  explain(promo
    .command('list')
    .description('list promo codes, newest first')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { json?: boolean }) => {
      report(await withRuntime((runtime) => listPromosCommand(runtime, options)));
    }), { environment: ['database'], examples: [['civicwatch promo list']] });

  explain(promo
    .command('delete')
    .description('delete a promo code (credits already granted stay)')
    .argument('<code>', 'the code, or its id')
    .option('--json', 'print the deleted code as JSON')
    .action(async (code: string, options: { json?: boolean }) => {
      report(await withRuntime((runtime) => deletePromoCommand(runtime, code, options)));
    }), { environment: ['database'], examples: [['civicwatch promo delete SPRING25']] });
}
