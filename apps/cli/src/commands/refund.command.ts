import type { Command } from 'commander';
import { RefundPayment, refundSchema, type RefundInput } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { withRuntime } from '../runtime.ts';
import { cliActor } from '../cli-actor.ts';
import { resolveUser } from '../resolve-user.ts';
import { done, doneJson, failedWith, parseWith, report, type CommandOutcome } from '../command-outcome.ts';
import { explain } from '../help.ts';

/** The amount and reason, refused before the database is opened (the user id is checked once it is found). */
const refundOptionsSchema = refundSchema.omit({ userId: true });

export const parseRefundOptions = (amount: string, options: { reason?: string }) =>
  parseWith('refund', refundOptionsSchema, { amount, reason: options.reason });

/**
 * As the panel's refund form: part or all of the user's latest payment, in dollars, through Stripe, with
 * the reason kept in the audit log and at Stripe.
 */
export async function refundCommand(runtime: Runtime, who: string, amount: string, options: { reason?: string; json?: boolean }): Promise<CommandOutcome> {
  const parsed = parseRefundOptions(amount, options);
  if (!parsed.ok) return parsed.outcome;
  const user = await resolveUser(runtime, 'refund', who);
  if (!user.ok) return user.outcome;
  const input: RefundInput = { ...parsed.value, userId: user.value.id };
  const result = await runtime.container.get(RefundPayment).execute(cliActor(), input);
  if (!result.ok) return failedWith('refund', result.error);
  return options.json
    ? doneJson(result.value)
    : done(`Refunded $${result.value.amount.toFixed(2)} to ${user.value.email} on invoice ${result.value.invoiceId} (refund ${result.value.refundId})\n`);
}

export function registerRefundCommand(program: Command) {
  explain(program
    .command('refund')
    .description('refund part or all of an account\'s latest payment through Stripe')
    .argument('<user>', 'the account\'s id or e-mail')
    .argument('<amount>', 'dollars, e.g. 29 or 12.50')
    .requiredOption('--reason <text>', 'why (kept in the audit log and sent to Stripe)')
    .option('--json', 'print JSON (as POST /api/admin/refund answers)')
    .action(async (who: string, amount: string, options: { reason: string; json?: boolean }) => {
      const parsed = parseRefundOptions(amount, options);
      report(parsed.ok ? await withRuntime((runtime) => refundCommand(runtime, who, amount, options)) : parsed.outcome);
    }), {
    environment: ['database', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'],
    examples: [['civicwatch refund rosa@example.org 12.50 --reason "outage"', 'dollars, on her latest payment']],
  });
}
