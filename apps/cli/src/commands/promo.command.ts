import type { Command } from 'commander';
import { z } from 'zod';
import {
  CreatePromo, DeletePromo, ListPromos, createPromoSchema, toPromoCodeView, type PromoCode,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { withRuntime } from '../runtime.ts';
import { formatTable } from '../format-table.ts';
import { EXIT_OK, EXIT_USAGE, exitCodeFor } from '../exit-codes.ts';

/** What a promo subcommand did: the text for stdout or stderr and the exit status. */
export interface CommandOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface CreatePromoOptions {
  credits?: string;
  discount?: string;
  maxUses?: string;
  expires?: string;
  inactive?: boolean;
}

const done = (stdout: string): CommandOutcome => ({ exitCode: EXIT_OK, stdout, stderr: '' });
const failed = (exitCode: number, message: string): CommandOutcome => ({ exitCode, stdout: '', stderr: `civicwatch promo: ${message}\n` });

/**
 * The command line's words mapped onto the admin panel's fields, then parsed by the same contract
 * (createPromoSchema), so the CLI and the panel can never accept different codes.
 */
export const parseCreatePromoOptions = (code: string | undefined, options: CreatePromoOptions) => {
  if (options.credits !== undefined && options.discount !== undefined) {
    return { success: false as const, message: 'give either --credits or --discount, not both' };
  }
  if (options.credits === undefined && options.discount === undefined) {
    return { success: false as const, message: 'give --credits N for a credits code or --discount PERCENT for a discount code' };
  }
  const parsed = createPromoSchema.safeParse({
    code,
    type: options.discount !== undefined ? 'discount' : 'credits',
    credits: options.credits,
    discountPercent: options.discount,
    maxUses: options.maxUses,
    expiresAt: options.expires,
    isActive: !options.inactive,
  });
  return parsed.success
    ? { success: true as const, data: parsed.data }
    : { success: false as const, message: parsed.error.issues.map((i) => i.message).join('; ') };
};

const describePromo = (p: PromoCode): string =>
  `${p.code}: ${p.type === 'credits' ? `${p.credits} credit(s)` : `${p.discountPercent}% off the first month`}, `
  + `${p.currentUses} of ${p.maxUses} use(s), expires ${p.expiresAt.toISOString()}${p.isActive ? '' : ', inactive'}`;

export async function createPromoCommand(runtime: Runtime, code: string | undefined, options: CreatePromoOptions): Promise<CommandOutcome> {
  const parsed = parseCreatePromoOptions(code, options);
  if (!parsed.success) return failed(EXIT_USAGE, parsed.message);
  const result = await runtime.container.get(CreatePromo).execute(parsed.data);
  if (!result.ok) return failed(exitCodeFor[result.error.code], `${result.error.message} (${result.error.code})`);
  return done(`Created ${describePromo(result.value)}\n`);
}

export async function listPromosCommand(runtime: Runtime, options: { json?: boolean }): Promise<CommandOutcome> {
  const promos = await runtime.container.get(ListPromos).execute();
  if (options.json) return done(`${JSON.stringify(promos.map(toPromoCodeView), null, 2)}\n`);
  return done(formatTable(
    ['Code', 'Type', 'Credits', 'Discount', 'Uses', 'Expires (UTC)', 'Active'],
    promos.map((p) => [
      p.code, p.type, String(p.credits), p.type === 'discount' ? `${p.discountPercent}%` : '',
      `${p.currentUses}/${p.maxUses}`, p.expiresAt.toISOString().slice(0, 16).replace('T', ' '), p.isActive ? 'yes' : 'no',
    ]),
  ) + `${promos.length} promo code(s)\n`);
}

export async function deletePromoCommand(runtime: Runtime, code: string): Promise<CommandOutcome> {
  const result = await runtime.container.get(DeletePromo).execute(code);
  if (!result.ok) return failed(exitCodeFor[result.error.code], `${result.error.message} (${result.error.code})`);
  return done(`Deleted ${result.value.code}\n`);
}

const report = (outcome: CommandOutcome) => {
  if (outcome.stdout) process.stdout.write(outcome.stdout);
  if (outcome.stderr) process.stderr.write(outcome.stderr);
  process.exitCode = outcome.exitCode;
};

/**
 * Administrators' promo codes. Works while the server runs: withRuntime reaches an embedded database
 * through the same socket as the server (DECISIONS "Embedded defaults").
 */
export function registerPromoCommands(program: Command) {
  const promo = program.command('promo').description('create, list and delete promo codes');

  promo
    .command('create')
    .description('create a promo code: --credits N grants credits on /redeem-promo; --discount PERCENT takes that much off the first month at checkout')
    .argument('<code>', 'the code users type (stored upper case)')
    .option('--credits <n>', 'credits the code grants')
    .option('--discount <percent>', 'percent off the first month (1 to 100)')
    .option('--max-uses <n>', 'how many accounts may use it', '1')
    .option('--expires <date>', 'last day it works, YYYY-MM-DD (UTC), or an ISO date-time')
    .option('--inactive', 'create it switched off')
    .action(async (code: string, raw: CreatePromoOptions) => {
      // Usage errors answer before the database is opened.
      const parsed = parseCreatePromoOptions(code, raw);
      if (!parsed.success) promo.error(`civicwatch promo create: ${parsed.message}`, { exitCode: EXIT_USAGE });
      report(await withRuntime((runtime) => createPromoCommand(runtime, code, raw)));
    });

  promo
    .command('list')
    .description('list promo codes, newest first')
    .option('--json', 'print JSON instead of a table')
    .action(async (raw: unknown) => {
      const options = z.object({ json: z.boolean().default(false) }).parse(raw);
      report(await withRuntime((runtime) => listPromosCommand(runtime, options)));
    });

  promo
    .command('delete')
    .description('delete a promo code (credits already granted stay)')
    .argument('<code>', 'the code, or its id')
    .action(async (code: string) => {
      report(await withRuntime((runtime) => deletePromoCommand(runtime, code)));
    });
}
