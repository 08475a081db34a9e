import type { Command } from 'commander';
import { GetAdminStats } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { withRuntime } from '../runtime.ts';
import { done, doneJson, report, type CommandOutcome } from '../command-outcome.ts';
import { explain } from '../help.ts';

export async function statsCommand(runtime: Runtime, options: { json?: boolean }): Promise<CommandOutcome> {
  const stats = await runtime.container.get(GetAdminStats).execute();
  if (options.json) return doneJson(stats);
  const rows: Array<[string, number]> = [
    ['Users', stats.totalUsers],
    ['  free (Citizen)', stats.freeUsers],
    ['  paid (Patriot, Defender)', stats.paidUsers],
    ['  administrators', stats.admins],
    ['Analyses', stats.totalAnalyses],
    ['Credits spent on analyses', stats.creditsSpent],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return done(rows.map(([label, n]) => `${label.padEnd(width)}  ${n}`).join('\n') + '\n');
}

export function registerStatsCommand(program: Command) {
  explain(program
    .command('stats')
    .description('the admin panel\'s system stats: users by tier, administrators, analyses, credits spent')
    .option('--json', 'print JSON (as GET /api/admin/stats answers)')
    .action(async (options: { json?: boolean }) => {
      report(await withRuntime((runtime) => statsCommand(runtime, options)));
    }), { environment: ['database'], examples: [['civicwatch stats'], ['civicwatch stats --json']] });
}
