import { Command } from 'commander';
import rootPackage from '../../../package.json' with { type: 'json' };
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
import { EXIT_USAGE } from './exit-codes.ts';
import { explain, helpConfiguration } from './help.ts';

/**
 * The product's version, the root package.json's: the server, the web app and this command ship together from
 * one tree, so `civicwatch --version` names what the whole installation runs.
 */
export const productVersion: string = rootPackage.version;

const commandPath = (command: Command): string => (command.parent ? `${commandPath(command.parent)} ${command.name()}` : command.name());

const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];

/** The `civicwatch` command with all its commands; parsing it is main.ts's. */
export function createProgram(): Command {
  const program = new Command('civicwatch')
    .description('CivicWatch: analyse government documents; run and administer the server. '
      + 'Each command\'s --help lists its options, the environment variables it reads, and examples.')
    // GNU's form (`name version`), which scripts read as the last word.
    .version(`civicwatch ${productVersion}`, '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print this help and exit')
    .helpCommand('help [command]', 'print the help of a command')
    .configureHelp(helpConfiguration)
    .showSuggestionAfterError()
    // Commander ends a usage error (missing argument, unknown option or command, a value outside an option's
    // choices) with status 1; scripts get EX_USAGE, as for every other usage error. Set before the commands,
    // which inherit it, as they inherit the help above.
    .exitOverride((error) => process.exit(error.exitCode === 1 ? EXIT_USAGE : error.exitCode));

  explain(program, {
    examples: [
      ['civicwatch analyze ordinance.pdf', 'a readable analysis with page citations'],
      ['civicwatch serve', 'the web app and the API on http://localhost:3000'],
      ['civicwatch users list --search rosa'],
    ],
  });

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

  // A usage error names the help to read rather than printing all of it above the shell prompt.
  for (const command of everyCommand(program)) command.showHelpAfterError(`(see ${commandPath(command)} --help)`);
  return program;
}
