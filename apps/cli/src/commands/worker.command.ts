import type { Command } from 'commander';
import { configOrExit } from '../runtime.ts';
import { report, usageError } from '../command-outcome.ts';
import { explain } from '../help.ts';

export function registerWorkerCommand(program: Command) {
  const worker = program
    .command('worker')
    .description('run analysis jobs from the queue every instance shares, ANALYSIS_WORKERS at once, until SIGINT/SIGTERM')
    .action(async () => {
      const config = configOrExit();
      if (config.analysisWorkers === 0) return report(usageError('worker', 'ANALYSIS_WORKERS=0 leaves a worker nothing to do: set it to 1 or more'));
      // Loaded on use, so that `--help` and usage errors answer at once.
      const { migrateEmbeddedOrRefuseOutdatedSchema, createRuntime } = await import('@civicwatch/adapters/container/container.ts');
      const { createProcessLogger } = await import('@civicwatch/adapters/logging/process-logger.ts');
      const logger = createProcessLogger(config);
      const runtime = await createRuntime(config);
      try {
        const migrated = await migrateEmbeddedOrRefuseOutdatedSchema(runtime);
        if (migrated.length > 0) logger.info({ migrations: migrated }, 'applied the committed migrations to the embedded database');
        await runtime.startAnalysisQueue({ workers: config.analysisWorkers, logger });
      } catch (error) {
        await runtime.close({ graceMs: 0 });
        throw error;
      }
      logger.info({ worker: runtime.workerName, slots: config.analysisWorkers, database: config.database.kind, analyzer: config.analyzer.kind },
        'taking analysis jobs');

      const signal = await new Promise<string>((resolve) => {
        process.once('SIGINT', () => resolve('SIGINT'));
        process.once('SIGTERM', () => resolve('SIGTERM'));
      });
      // A job under way finishes within the grace period, or goes back to the queue for another worker (ADR 0012).
      logger.info({ signal, graceSeconds: config.shutdownGraceMs / 1000 }, 'stopping: finishing the jobs under way');
      await runtime.close();
      logger.info('stopped');
      logger.flush();
    });
  explain(worker, {
    // PUBLIC_URL: the links of the e-mail an analysis sends when it is done.
    environment: ['process', 'database', 'analyzer', 'PUBLIC_URL'],
    examples: [
      ['civicwatch worker', 'one analysis at a time, beside servers started with ANALYSIS_WORKERS=0'],
      ['ANALYSIS_WORKERS=2 civicwatch worker', 'two at a time'],
    ],
  });
}
