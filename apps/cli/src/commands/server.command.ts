import type { Command } from 'commander';
import { configOrExit, withRuntime } from '../runtime.ts';

export function registerServerCommands(program: Command) {
  program
    .command('serve')
    .description('serve the web app and the API (PORT, default 3000)')
    .action(async () => {
      // Loaded on use: the HTTP stack is not needed by the other commands.
      const { startServer } = await import('@civicwatch/api');
      await startServer(configOrExit());
    });

  program
    .command('migrate')
    .description('apply the committed database migrations (safe to run twice)')
    .action(async () => {
      await withRuntime(async ({ database }) => {
        const applied = await database.migrate();
        process.stdout.write(applied.length === 0
          ? 'The database is up to date.\n'
          : `Applied ${applied.length} migration(s):\n${applied.map((m) => `  ${m}`).join('\n')}\n`);
      }, { migrating: true });
    });
}
