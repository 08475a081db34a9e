import { ConfigError, loadConfig, type AppConfig } from '@civicwatch/adapters/config/config.ts';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { EXIT_CONFIG } from './exit-codes.ts';

/** Parses the environment once; a bad value ends the command with every problem listed. */
export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
}

/**
 * Runs `work` with a runtime and always closes it, so an embedded database this command owns is released.
 * Every command but `migrate` needs the schema of this code version.
 */
export async function withRuntime<T>(work: (runtime: Runtime) => Promise<T>, options: { migrating?: boolean } = {}): Promise<T> {
  const config = configOrExit();
  // Loaded on use, so that `--help` and usage errors answer at once.
  const { assertSchemaUpToDate, createRuntime } = await import('@civicwatch/adapters/container/container.ts');
  const runtime = await createRuntime(config);
  try {
    if (!options.migrating) await assertSchemaUpToDate(runtime);
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}
