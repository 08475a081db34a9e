import type { Command } from 'commander';
import { configOrExit, withRuntime } from '../runtime.ts';
import { configConcerns } from '@civicwatch/adapters/config/config-help.ts';
import { explain } from '../help.ts';

export function registerServerCommands(program: Command) {
  const serve = program
    .command('serve')
    .description('serve the web app and the API (PORT, default 3000)')
    .action(async () => {
      // Loaded on use: the HTTP stack is not needed by the other commands.
      const { startServer } = await import('@civicwatch/api');
      await startServer(configOrExit());
    });
  explain(serve, {
    // Every part of the product is configured for the server.
    environment: configConcerns.map((concern) => concern.key),
    examples: [
      ['civicwatch serve', 'on http://localhost:3000, with the embedded database in ./data'],
      ['PORT=8080 HOST=0.0.0.0 civicwatch serve', 'on every interface, as in a container'],
    ],
  });

  const migrate = program
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
  explain(migrate, {
    environment: ['database'],
    examples: [
      ['civicwatch migrate', 'with DATABASE_URL and SESSION_SECRET set: once, and after each update (every command '
        + 'brings the embedded database up to date itself)'],
    ],
  });
}
