import { Command } from 'commander';
import { registerServerCommands } from './commands/server.command.ts';
import { registerWorkerCommand } from './commands/worker.command.ts';
import { registerUserCommands } from './commands/users.command.ts';
import { registerAnalyzeCommand } from './commands/analyze.command.ts';
import { registerCompareCommand } from './commands/compare.command.ts';
import { registerPromoCommands } from './commands/promo.command.ts';
import { registerTierCommands } from './commands/tiers.command.ts';
import { registerRefundCommand } from './commands/refund.command.ts';
import { registerPromptCommands } from './commands/prompts.command.ts';
import { registerStatsCommand } from './commands/stats.command.ts';
import { registerAuditCommand } from './commands/audit.command.ts';
import { registerAdminCommands } from './commands/admin.command.ts';
import { registerOutboxCommand } from './commands/outbox.command.ts';
import { registerBackupCommands } from './commands/backup.command.ts';
import { EXIT_SOFTWARE, EXIT_USAGE } from './exit-codes.ts';

// Everything this process creates is its owner's alone, whatever umask the operator's shell has. PGlite
// writes DATA_DIR through node's fs, which applies the umask to the modes it asks for, and so are the
// embedded database's socket and lock file made. DATA_DIR is also mended when the database opens and closes
// (adapters/src/persistence/embedded/owner-only.ts, ADR 0001); the umask covers what is created in between.
// Set here, the one entry point of the server, the workers and the commands, before any of them opens a file.
process.umask(0o077);

const program = new Command('civicwatch')
  .description('CivicWatch: analyse government documents; run and administer the server')
  .showHelpAfterError()
  // Commander ends a usage error (missing argument, unknown option, conflicting options) with status 1;
  // scripts get EX_USAGE, as for every other usage error. Set before the commands, which inherit it.
  .exitOverride((error) => process.exit(error.exitCode === 1 ? EXIT_USAGE : error.exitCode));

registerServerCommands(program);
registerWorkerCommand(program);
registerUserCommands(program);
registerAnalyzeCommand(program);
registerCompareCommand(program);
registerPromoCommands(program);
registerTierCommands(program);
registerRefundCommand(program);
registerPromptCommands(program);
registerStatsCommand(program);
registerAuditCommand(program);
registerAdminCommands(program);
registerOutboxCommand(program);
registerBackupCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`civicwatch: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(EXIT_SOFTWARE);
}
