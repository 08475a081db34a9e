import { Command } from 'commander';
import { registerServerCommands } from './commands/server.command.ts';
import { registerUserCommands } from './commands/users.command.ts';
import { registerAnalyzeCommand } from './commands/analyze.command.ts';
import { registerPromoCommands } from './commands/promo.command.ts';
import { EXIT_SOFTWARE } from './exit-codes.ts';

const program = new Command('civicwatch')
  .description('CivicWatch: analyse government documents; run and administer the server')
  .showHelpAfterError();

registerServerCommands(program);
registerUserCommands(program);
registerAnalyzeCommand(program);
registerPromoCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`civicwatch: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(EXIT_SOFTWARE);
}
