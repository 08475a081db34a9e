import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { z } from 'zod';
import {
  DeleteUser, GrantCredits, ListSubscriptionTiers, ListUsers, SetUserTier, VerifyUserEmail, grantCreditsSchema, toUserView, updateUserTierSchema,
  type GrantCreditsInput, type User,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { withRuntime } from '../runtime.ts';
import { cliActor } from '../cli-actor.ts';
import { resolveUser } from '../resolve-user.ts';
import { listingCommand, pagingOptionsSchema, printPage } from '../paging.ts';
import { EXIT_CANCELLED } from '../exit-codes.ts';
import { explain } from '../help.ts';
import { tierArgument } from '../closed-arguments.ts';
import {
  done, doneJson, failed, failedWith, numberArgument, parseWith, parsedFailed, parsedOk, report, usageError,
  type CommandOutcome, type Parsed,
} from '../command-outcome.ts';

const fullName = (u: User) => [u.firstName, u.lastName].filter(Boolean).join(' ');
const day = (d: Date) => d.toISOString().slice(0, 10);
const onOff = (on: boolean) => (on ? 'on' : 'off');

// ---- users list ------------------------------------------------------------------------------------------

const listOptionsSchema = pagingOptionsSchema.extend({ search: z.string().optional() });
export type ListUsersOptions = z.input<typeof listOptionsSchema>;

export async function listUsersCommand(runtime: Runtime, raw: ListUsersOptions): Promise<CommandOutcome> {
  const parsed = parseWith('users list', listOptionsSchema, raw);
  if (!parsed.ok) return parsed.outcome;
  const options = parsed.value;
  const { users, total } = await runtime.container.get(ListUsers).execute(options);
  return printPage({ items: users, total }, options, {
    key: 'users', noun: 'account(s)', view: toUserView,
    headers: ['E-mail', 'Name', 'Tier', 'Credits', 'Role', 'Joined'],
    row: (u) => [u.email, fullName(u), u.tierId, String(u.credits), u.role, day(u.createdAt)],
  });
}

// ---- users show ------------------------------------------------------------------------------------------

export async function showUserCommand(runtime: Runtime, who: string, options: { json?: boolean }): Promise<CommandOutcome> {
  const user = await resolveUser(runtime, 'users show', who);
  if (!user.ok) return user.outcome;
  const u = user.value;
  if (options.json) return doneJson(toUserView(u));
  const rows: Array<[string, string]> = [
    ['Id', u.id],
    ['E-mail', u.email],
    ['Name', fullName(u) || '-'],
    ['Tier', u.tierId],
    ['Credits', String(u.credits)],
    ['Role', u.role],
    ['Location', [u.state, u.country].filter(Boolean).join(', ')],
    ['E-mail updates', `product updates ${onOff(u.emailPreferences.productUpdates)}, analysis notices ${onOff(u.emailPreferences.analysisNotices)}, `
      + `receipts ${onOff(u.emailPreferences.receipts)}`],
    ['Joined (UTC)', u.createdAt.toISOString().slice(0, 16).replace('T', ' ')],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return done(rows.map(([k, v]) => `${`${k}:`.padEnd(width + 2)}${v}`).join('\n') + '\n');
}

// ---- users set-tier --------------------------------------------------------------------------------------

/** The tier and, when given, the credits: refused before the database is opened. */
const setTierOptionsSchema = updateUserTierSchema.omit({ userId: true }).partial({ credits: true });

export const parseSetTierOptions = (tier: string, options: { credits?: string }) =>
  parseWith('users set-tier', setTierOptionsSchema, { tier, credits: numberArgument(options.credits) });

/**
 * As the panel's Manage User dialog: the tier, and the balance set to `--credits`, by default the tier's
 * monthly credits (1, 5 or 50 as shipped), read from the tiers themselves.
 */
export async function setUserTierCommand(runtime: Runtime, who: string, tier: string, options: { credits?: string; json?: boolean }): Promise<CommandOutcome> {
  const command = 'users set-tier';
  const parsed = parseSetTierOptions(tier, options);
  if (!parsed.ok) return parsed.outcome;
  const user = await resolveUser(runtime, command, who);
  if (!user.ok) return user.outcome;

  let credits = parsed.value.credits;
  if (credits === undefined) {
    const offered = (await runtime.container.get(ListSubscriptionTiers).execute()).find((t) => t.id === parsed.value.tier);
    if (!offered) return usageError(command, `the ${parsed.value.tier} tier is not offered, so it has no monthly credits: give --credits`);
    credits = offered.monthlyCredits;
  }
  const input = parseWith(command, updateUserTierSchema, { userId: user.value.id, tier: parsed.value.tier, credits });
  if (!input.ok) return input.outcome;

  const result = await runtime.container.get(SetUserTier).execute(cliActor(), input.value);
  if (!result.ok) return failedWith(command, result.error);
  const before = user.value;
  const after = result.value;
  return options.json
    ? doneJson(toUserView(after))
    : done(`${after.email}: tier ${before.tierId} -> ${after.tierId}, credits ${before.credits} -> ${after.credits}\n`);
}

// ---- users grant-credits ---------------------------------------------------------------------------------

const grantOptionsSchema = grantCreditsSchema.omit({ userId: true });

export const parseGrantCreditsOptions = (credits: string, options: { reason?: string }) =>
  parseWith('users grant-credits', grantOptionsSchema, { credits: numberArgument(credits), reason: options.reason });

/** Adds credits (or takes them, with a negative number) through the ledger; never below zero. */
export async function grantCreditsCommand(runtime: Runtime, who: string, credits: string, options: { reason?: string; json?: boolean }): Promise<CommandOutcome> {
  const command = 'users grant-credits';
  const parsed = parseGrantCreditsOptions(credits, options);
  if (!parsed.ok) return parsed.outcome;
  const user = await resolveUser(runtime, command, who);
  if (!user.ok) return user.outcome;
  const input: GrantCreditsInput = { ...parsed.value, userId: user.value.id };
  const result = await runtime.container.get(GrantCredits).execute(cliActor(), input);
  if (!result.ok) return failedWith(command, result.error);
  const { balance } = result.value;
  if (options.json) return doneJson({ userId: user.value.id, email: user.value.email, credits: input.credits, balance });
  return done(input.credits > 0
    ? `Granted ${input.credits} credit(s) to ${user.value.email}; balance ${balance}\n`
    : `Took ${-input.credits} credit(s) from ${user.value.email}; balance ${balance}\n`);
}

// ---- users verify ----------------------------------------------------------------------------------------

/**
 * Marks the account's e-mail address verified, as its verification link does: how a server without SMTP_URL
 * verifies its first administrator, whose address ADMIN_EMAILS names (the role comes with the verification).
 */
export async function verifyUserCommand(runtime: Runtime, who: string, options: { json?: boolean }): Promise<CommandOutcome> {
  const command = 'users verify';
  const user = await resolveUser(runtime, command, who);
  if (!user.ok) return user.outcome;
  const result = await runtime.container.get(VerifyUserEmail).execute(cliActor(), user.value.id);
  if (!result.ok) return failedWith(command, result.error);
  const after = result.value;
  if (options.json) return doneJson(toUserView(after));
  if (user.value.emailVerifiedAt && after.role === user.value.role) return done(`${after.email} was verified already\n`);
  return done(`Verified ${after.email}${after.role === 'admin' && user.value.role !== 'admin' ? '; it is now an administrator (ADMIN_EMAILS names it)' : ''}\n`);
}

// ---- users delete ----------------------------------------------------------------------------------------

export interface DeleteUserOptions {
  yes?: boolean;
  json?: boolean;
  /** Asks the person at the terminal; absent when nobody can answer (not a TTY). */
  confirm?: (question: string) => Promise<boolean>;
}

/** Without --yes, deleting needs someone at a terminal to say so. */
export const checkDeleteConfirmation = (options: DeleteUserOptions): Parsed<true> =>
  options.yes || options.confirm
    ? parsedOk(true)
    : parsedFailed(usageError('users delete', 'standard input is not a terminal, so nobody can confirm: give --yes to delete'));

export async function deleteUserCommand(runtime: Runtime, who: string, options: DeleteUserOptions): Promise<CommandOutcome> {
  const command = 'users delete';
  const confirmation = checkDeleteConfirmation(options);
  if (!confirmation.ok) return confirmation.outcome;
  const user = await resolveUser(runtime, command, who);
  if (!user.ok) return user.outcome;
  const u = user.value;
  if (!options.yes) {
    const question = `Delete ${u.email} (${u.tierId}, ${u.credits} credit(s)) with its analyses and personal data? [y/N] `;
    if (!(await options.confirm!(question))) return failed(command, EXIT_CANCELLED, `${u.email} was not deleted`);
  }
  const result = await runtime.container.get(DeleteUser).execute(cliActor(), u.id);
  if (!result.ok) return failedWith(command, result.error);
  return options.json ? doneJson(result.value) : done(`Deleted ${result.value.email}\n`);
}

/** A yes/no question on the terminal; the question goes to stderr, so stdout stays the command's answer. */
const askOnTerminal = async (question: string): Promise<boolean> => {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await terminal.question(question)).trim());
  } finally {
    terminal.close();
  }
};

export function registerUserCommands(program: Command) {
  const users = program.command('users').description('look after accounts');

    explain(listingCommand(users
    .command('list')
    .description('list accounts, newest first')
    .option('-s, --search <text>', 'only accounts whose e-mail or name contains this'), {
    name: 'users list', schema: listOptionsSchema, pageSize: '50', itemsPerPage: 'accounts per page', json: 'print JSON instead of a table',
    run: listUsersCommand,
  }), {
    environment: ['database'],
    examples: [['civicwatch users list --search rosa'], ['civicwatch users list --page 2 --json']],
  });

  explain(users
    .command('show')
    .description('one account: tier, credits, role')
    .argument('<user>', 'the account\'s id or e-mail')
    .option('--json', 'print JSON (as GET /api/user answers)')
    .action(async (who: string, options: { json?: boolean }) => {
      report(await withRuntime((runtime) => showUserCommand(runtime, who, options)));
    }), {
    environment: ['database'],
    examples: [['civicwatch users show rosa@example.org', 'by e-mail or id']],
  });

  explain(users
    .command('set-tier')
    .description('put an account on a tier and set its credits (by default the tier\'s monthly credits)')
    .argument('<user>', 'the account\'s id or e-mail')
    .addArgument(tierArgument('the tier to put it on'))
    .option('--credits <n>', 'the balance the account then has')
    .option('--json', 'print the updated account as JSON')
    .action(async (who: string, tier: string, options: { credits?: string; json?: boolean }) => {
      const parsed = parseSetTierOptions(tier, options);
      report(parsed.ok ? await withRuntime((runtime) => setUserTierCommand(runtime, who, tier, options)) : parsed.outcome);
    }), {
    environment: ['database'],
    examples: [
      ['civicwatch users set-tier rosa@example.org patriot', 'credits become the tier\'s monthly credits'],
      ['civicwatch users set-tier rosa@example.org defender --credits 60'],
    ],
  });

  explain(users
    .command('grant-credits')
    .description('add credits to an account (a negative number takes them; the balance never goes below 0)')
    .argument('<user>', 'the account\'s id or e-mail')
    .argument('<n>', 'credits to add, or to take when negative')
    .option('--reason <text>', 'why, for the audit log')
    .option('--json', 'print the new balance as JSON')
    .action(async (who: string, credits: string, options: { reason?: string; json?: boolean }) => {
      const parsed = parseGrantCreditsOptions(credits, options);
      report(parsed.ok ? await withRuntime((runtime) => grantCreditsCommand(runtime, who, credits, options)) : parsed.outcome);
    }), {
    environment: ['database'],
    examples: [
      ['civicwatch users grant-credits rosa@example.org 3 --reason "conference raffle"'],
      ['civicwatch users grant-credits rosa@example.org -2 --reason "granted twice"', 'a negative number takes credits'],
    ],
  });

  explain(users
    .command('verify')
    .description('mark an account\'s e-mail address verified, as its e-mail link does (an address ADMIN_EMAILS names becomes an administrator)')
    .argument('<user>', 'the account\'s id or e-mail')
    .option('--json', 'print the account as JSON')
    .action(async (who: string, options: { json?: boolean }) => {
      report(await withRuntime((runtime) => verifyUserCommand(runtime, who, options)));
    }), {
    environment: ['database', 'admins'],
    examples: [['civicwatch users verify ada@example.org', 'how a server without SMTP_URL makes its first administrator']],
  });

  explain(users
    .command('delete')
    .description('delete an account with its analyses, credits and personal data; its paid invoices stay, anonymised (never an administrator)')
    .argument('<user>', 'the account\'s id or e-mail')
    .option('-y, --yes', 'do not ask for confirmation (needed when not on a terminal)')
    .option('--json', 'print the deleted account\'s id and e-mail as JSON')
    .action(async (who: string, raw: { yes?: boolean; json?: boolean }) => {
      const options: DeleteUserOptions = { ...raw, ...(process.stdin.isTTY ? { confirm: askOnTerminal } : {}) };
      const confirmation = checkDeleteConfirmation(options);
      report(confirmation.ok ? await withRuntime((runtime) => deleteUserCommand(runtime, who, options)) : confirmation.outcome);
    }), {
    // Stripe: a paid subscription is cancelled with the account.
    environment: ['database', 'admins', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'],
    examples: [['civicwatch users delete rosa@example.org', 'asks first on a terminal; scripts pass --yes']],
  });
}
