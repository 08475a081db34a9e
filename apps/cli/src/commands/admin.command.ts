import type { Command } from 'commander';
import { SetAdminRole, adminEmailSchema, toUserView } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { withRuntime } from '../runtime.ts';
import { cliActor } from '../cli-actor.ts';
import { done, doneJson, failedWith, parseWith, report, type CommandOutcome } from '../command-outcome.ts';
import { explain } from '../help.ts';

type Role = 'admin' | 'user';
const commandFor = (role: Role) => (role === 'admin' ? 'admin grant' : 'admin revoke');

export const parseAdminEmail = (role: Role, email: string) => parseWith(commandFor(role), adminEmailSchema, email);

/**
 * The admin role of an account (docs/product/administration.md "Who is an administrator"). Revoking refuses an account that
 * ADMIN_EMAILS names: the server would make it an admin again at its next start.
 */
export async function setAdminRoleCommand(runtime: Runtime, email: string, role: Role, options: { json?: boolean }): Promise<CommandOutcome> {
  const parsed = parseAdminEmail(role, email);
  if (!parsed.ok) return parsed.outcome;
  const result = await runtime.container.get(SetAdminRole).execute(cliActor(), parsed.value, role);
  if (!result.ok) return failedWith(commandFor(role), result.error);
  if (options.json) return doneJson(toUserView(result.value));
  return done(`${result.value.email} ${result.value.role === 'admin' ? 'is an administrator' : 'is not an administrator'}\n`);
}

export function registerAdminCommands(program: Command) {
  const admin = program.command('admin').description('grant and revoke the admin role');

  for (const [name, role, description] of [
    ['grant', 'admin', 'make an account an administrator'],
    ['revoke', 'user', 'take the admin role away (not from an account ADMIN_EMAILS names)'],
  ] as const) {
    explain(admin
      .command(name)
      .description(description)
      .argument('<email>', 'the account\'s e-mail')
      .option('--json', 'print the account as JSON')
      .action(async (email: string, options: { json?: boolean }) => {
        const parsed = parseAdminEmail(role, email);
        report(parsed.ok ? await withRuntime((runtime) => setAdminRoleCommand(runtime, email, role, options)) : parsed.outcome);
      }), { environment: ['database', 'admins'], examples: [[`civicwatch admin ${name} ada@example.org`]] });
  }
}
