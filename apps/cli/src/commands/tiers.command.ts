import { Option, type Command } from 'commander';
import {
  ListSubscriptionTiers, UpdateTier, toTierView, updateTierSchema, type SubscriptionTier, type UpdateTierInput,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { withRuntime } from '../runtime.ts';
import { formatTable } from '../format-table.ts';
import { cliActor } from '../cli-actor.ts';
import {
  done, doneJson, failedWith, numberArgument, parseWith, parsedFailed, report, usageError, type CommandOutcome, type Parsed,
} from '../command-outcome.ts';
import { explain } from '../help.ts';
import { tierArgument } from '../closed-arguments.ts';

const describeTier = (t: SubscriptionTier): string =>
  `${t.name} (${t.id}): $${Math.round(t.priceCents / 100)}/month, ${t.monthlyCredits} credit(s), `
  + `${t.maxPages} page(s) or ${t.maxCharacters} characters, Stripe price ${t.stripePriceId ?? 'none'}, ${t.isActive ? 'active' : 'inactive'}`;

export async function listTiersCommand(runtime: Runtime, options: { json?: boolean }): Promise<CommandOutcome> {
  const tiers = await runtime.container.get(ListSubscriptionTiers).execute();
  if (options.json) return doneJson(tiers.map(toTierView));
  return done(formatTable(
    ['Tier', 'Name', 'Price ($/month)', 'Credits', 'Max pages', 'Max characters', 'Stripe price', 'Active'],
    tiers.map((t) => [
      t.id, t.name, String(Math.round(t.priceCents / 100)), String(t.monthlyCredits), String(t.maxPages), String(t.maxCharacters),
      t.stripePriceId ?? '-', t.isActive ? 'yes' : 'no',
    ]),
  ) + tiers.map((t) => `\n${t.name} features:\n${t.features.map((f) => `  - ${f}`).join('\n') || '  (none)'}\n`).join(''));
}

export interface SetTierOptions {
  price?: string;
  credits?: string;
  maxPages?: string;
  maxCharacters?: string;
  /** Repeated --feature; replaces the whole list. */
  feature?: string[];
  /** A price id, or false from --no-stripe-price. */
  stripePrice?: string | false;
  active?: boolean;
  inactive?: boolean;
  json?: boolean;
}

/** The options mapped onto the panel's tier fields and parsed by the same contract (updateTierSchema). */
export const parseSetTierOptions = (tier: string, options: SetTierOptions): Parsed<UpdateTierInput> => {
  const command = 'tiers set';
  if (options.active && options.inactive) return parsedFailed(usageError(command, 'give either --active or --inactive, not both'));
  const fields = {
    price: numberArgument(options.price),
    credits: numberArgument(options.credits),
    maxPages: numberArgument(options.maxPages),
    maxCharacters: numberArgument(options.maxCharacters),
    features: options.feature,
    stripePriceId: options.stripePrice === false ? null : options.stripePrice,
    isActive: options.active ? true : options.inactive ? false : undefined,
  };
  if (Object.values(fields).every((v) => v === undefined)) {
    return parsedFailed(usageError(command, 'nothing to change: give --price, --credits, --max-pages, --max-characters, --feature, --stripe-price, --no-stripe-price, --active or --inactive'));
  }
  return parseWith(command, updateTierSchema, { tier, ...fields });
};

export async function setTierCommand(runtime: Runtime, tier: string, options: SetTierOptions): Promise<CommandOutcome> {
  const parsed = parseSetTierOptions(tier, options);
  if (!parsed.ok) return parsed.outcome;
  const result = await runtime.container.get(UpdateTier).execute(cliActor(), parsed.value);
  if (!result.ok) return failedWith('tiers set', result.error);
  return options.json ? doneJson(toTierView(result.value)) : done(`Updated ${describeTier(result.value)}\n`);
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** The plans (docs/product/credits-and-tiers.md "Tiers"): their prices, credits, limits and features are data an administrator edits. */
export function registerTierCommands(program: Command) {
  const tiers = program.command('tiers').description('list and edit the subscription tiers');

  explain(tiers
    .command('list')
    .description('the tiers on offer, with prices, credits, limits and features')
    .option('--json', 'print JSON (as GET /api/subscription-tiers answers)')
    .action(async (options: { json?: boolean }) => {
      report(await withRuntime((runtime) => listTiersCommand(runtime, options)));
    }), { environment: ['database'], examples: [['civicwatch tiers list']] });

  explain(tiers
    .command('set')
    .description('change a tier; only the fields given change')
    .addArgument(tierArgument('the tier to change'))
    .option('--price <dollars>', 'monthly price in whole dollars (Citizen stays free)')
    .option('--credits <n>', 'credits granted each paid month (Citizen: on sign-up)')
    .option('--max-pages <n>', 'most PDF pages an analysis may have')
    .option('--max-characters <n>', 'most characters of pasted text')
    .option('--feature <text>', 'an advertised feature; repeat for each, replaces the list', collect)
    .option('--stripe-price <id>', 'the Stripe Price id (price_...) checkout charges')
    .option('--no-stripe-price', 'clear the Stripe Price id')
    .addOption(new Option('--active', 'offer the tier').conflicts('inactive'))
    .addOption(new Option('--inactive', 'stop offering the tier').conflicts('active'))
    .option('--json', 'print the tier as JSON')
    .action(async (tier: string, options: SetTierOptions) => {
      const parsed = parseSetTierOptions(tier, options);
      report(parsed.ok ? await withRuntime((runtime) => setTierCommand(runtime, tier, options)) : parsed.outcome);
    }), {
    environment: ['database'],
    examples: [
      ['civicwatch tiers set patriot --price 35 --credits 6 --max-pages 10'],
      ['civicwatch tiers set patriot --feature "State analysis" --feature "PDF export"', 'the features, replacing the list'],
    ],
  });
}
