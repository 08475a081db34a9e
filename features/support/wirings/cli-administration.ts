import { userInfo } from 'node:os';
import type { ErrorCode, UserView } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { CommandOutcome } from '@civicwatch/cli/src/command-outcome.ts';
import { exitCodeFor } from '@civicwatch/cli/src/exit-codes.ts';
import { setAdminRoleCommand } from '@civicwatch/cli/src/commands/admin.command.ts';
import { auditCommand } from '@civicwatch/cli/src/commands/audit.command.ts';
import { createPromoCommand, deletePromoCommand, listPromosCommand } from '@civicwatch/cli/src/commands/promo.command.ts';
import { getPromptsCommand, readPromptInput, setPromptCommand } from '@civicwatch/cli/src/commands/prompts.command.ts';
import { refundCommand } from '@civicwatch/cli/src/commands/refund.command.ts';
import { statsCommand } from '@civicwatch/cli/src/commands/stats.command.ts';
import { setTierCommand } from '@civicwatch/cli/src/commands/tiers.command.ts';
import { deleteUserCommand, grantCreditsCommand, listUsersCommand, setUserTierCommand, verifyUserCommand } from '@civicwatch/cli/src/commands/users.command.ts';
import type { Outcome } from './accounts.ability.ts';
import type { Administration, AuditEntryView } from './administration.ability.ts';

/** `civicwatch <command>: <message> (<code>)`, or a usage error without a code (apps/cli command-outcome.ts). */
const FAILURE = /^civicwatch [a-z -]+: (.*?)(?: \(([a-z_.]+)\))?\n$/s;

/**
 * A command's outcome read as a script would: JSON on stdout and exit 0, or one line on stderr whose exit
 * status is the one the CLI's table gives the error's code.
 */
const read = <T>(outcome: CommandOutcome, view: (json: never) => T = (json) => json): Outcome<T> => {
  if (outcome.exitCode === 0) {
    if (outcome.stderr !== '') throw new Error(`a command that succeeded wrote to stderr: ${outcome.stderr}`);
    return { ok: true, value: view(JSON.parse(outcome.stdout) as never) };
  }
  const failure = FAILURE.exec(outcome.stderr);
  if (!failure || outcome.stdout !== '') throw new Error(`not a command-line failure: ${JSON.stringify(outcome)}`);
  const [, message, code] = failure;
  if (code && outcome.exitCode !== exitCodeFor[code as ErrorCode]) {
    throw new Error(`exit status ${outcome.exitCode} for ${code}, where the CLI's table says ${exitCodeFor[code as ErrorCode]}`);
  }
  return { ok: false, code: code ?? 'usage', message: message! };
};

const text = (n: number | undefined) => (n === undefined ? undefined : String(n));

/**
 * `civicwatch` as an administrator types it: each command's function called with the product's runtime
 * (as `withRuntime` would open it beside the running server), its words as typed, `--json` for the answer.
 * The command line acts with the server's own authority; whoever runs it is who the audit log names.
 */
export function cliAdministration(runtime: Runtime): Administration {
  return {
    async actorLabel() {
      // The system account running the command, as apps/cli cli-actor.ts names it.
      let username = '';
      try {
        username = userInfo().username;
      } catch {
        // No passwd entry: the log says only that it was the command line.
      }
      return username ? `cli:${username}` : 'cli';
    },
    prompts: async () => read(await getPromptsCommand(runtime, undefined, { json: true })),
    async savePrompt(key, value) {
      // `civicwatch prompts set KEY --file -` with the prompt on standard input.
      const input = await readPromptInput(key, { file: '-' }, async () => Buffer.from(value, 'utf8'));
      if (!input.ok) return read(input.outcome);
      return read(await setPromptCommand(runtime, input.value, { json: true }));
    },
    users: async () => read(await listUsersCommand(runtime, { json: true }), (json: { users: UserView[] }) => json.users),
    setPlan: async (account, tier, credits) =>
      read(await setUserTierCommand(runtime, account.email, tier, { credits: String(credits), json: true })),
    grantCredits: async (account, credits, reason) =>
      read(await grantCreditsCommand(runtime, account.email, String(credits), { reason, json: true }), (json: { balance: number }) => ({ balance: json.balance })),
    deleteUser: async (account) => read(await deleteUserCommand(runtime, account.email, { yes: true, json: true }), () => null),
    verifyEmail: async (account) => read(await verifyUserCommand(runtime, account.email, { json: true })),
    refund: async (account, dollars, reason) => read(await refundCommand(runtime, account.email, String(dollars), { reason, json: true })),
    createPromo: async (form) =>
      read(await createPromoCommand(runtime, form.code, {
        ...(form.kind === 'credits' ? { credits: form.amount } : { discount: form.amount }),
        ...(form.maxUses ? { maxUses: form.maxUses } : {}),
        ...(form.expiryDate ? { expires: form.expiryDate } : {}),
        json: true,
      })),
    promos: async () => read(await listPromosCommand(runtime, { json: true })),
    deletePromo: async (code) => read(await deletePromoCommand(runtime, code, { json: true }), () => null),
    stats: async () => read(await statsCommand(runtime, { json: true })),
    changeTier: async (tier, changes) =>
      read(await setTierCommand(runtime, tier, { price: text(changes.price), credits: text(changes.credits), json: true })),
    auditLog: async () => read(await auditCommand(runtime, { json: true }), (json: { entries: AuditEntryView[] }) => json.entries),
    setAdminRole: async (email, role) => read(await setAdminRoleCommand(runtime, email, role, { json: true })),
  };
}
