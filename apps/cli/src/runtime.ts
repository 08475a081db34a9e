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
 * Every command but `migrate`, `backup` and `restore` needs the schema of this code version: the embedded
 * database is migrated to it first (said on stderr, stdout being the command's answer), a server's is refused.
 */
export async function withRuntime<T>(work: (runtime: Runtime) => Promise<T>, options: { migrating?: boolean } = {}): Promise<T> {
  const config = configOrExit();
  // Loaded on use, so that `--help` and usage errors answer at once.
  const { migrateEmbeddedOrRefuseOutdatedSchema, createRuntime } = await import('@civicwatch/adapters/container/container.ts');
  const runtime = await createRuntime(config);
  try {
    const applied = options.migrating ? [] : await migrateEmbeddedOrRefuseOutdatedSchema(runtime);
    if (applied.length > 0) process.stderr.write(`Brought the embedded database in ${config.dataDir} up to date: ${applied.length} migration(s) applied.\n`);
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

