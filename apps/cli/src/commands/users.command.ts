import type { Command } from 'commander';
import { z } from 'zod';
import { ListUsers, toUserView } from '@civicwatch/core';
import { withRuntime } from '../runtime.ts';
import { formatTable } from '../format-table.ts';

const listOptionsSchema = z.object({
  json: z.boolean().default(false),
  search: z.string().optional(),
  page: z.coerce.number().int().min(1, { message: '--page must be 1 or more' }).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000, { message: '--page-size must be between 1 and 1000' }).default(50),
});

export function registerUserCommands(program: Command) {
  const users = program.command('users').description('look after accounts');

  users
    .command('list')
    .description('list accounts, newest first')
    .option('--json', 'print JSON instead of a table')
    .option('-s, --search <text>', 'only accounts whose e-mail or name contains this')
    .option('--page <n>', 'page number', '1')
    .option('--page-size <n>', 'accounts per page', '50')
    .action(async (raw: unknown) => {
      const parsed = listOptionsSchema.safeParse(raw);
      if (!parsed.success) users.error(parsed.error.issues.map((i) => i.message).join('\n'), { exitCode: 64 });
      const options = parsed.data!;
      await withRuntime(async ({ container }) => {
        const { users: found, total } = await container.get(ListUsers).execute(options);
        if (options.json) {
          process.stdout.write(`${JSON.stringify({ total, page: options.page, users: found.map(toUserView) }, null, 2)}\n`);
          return;
        }
        process.stdout.write(formatTable(
          ['E-mail', 'Name', 'Tier', 'Credits', 'Role', 'Joined'],
          found.map((u) => [u.email, [u.firstName, u.lastName].filter(Boolean).join(' '), u.tierId, String(u.credits), u.role, u.createdAt.toISOString().slice(0, 10)]),
        ));
        process.stdout.write(`${found.length} of ${total} account(s)${total > found.length ? ` (page ${options.page}; --page for more)` : ''}\n`);
      });
    });
}
