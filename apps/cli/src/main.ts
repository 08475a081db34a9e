import { createProgram } from './program.ts';
import { EXIT_SOFTWARE } from './exit-codes.ts';

// Everything this process creates is its owner's alone, whatever umask the operator's shell has. PGlite
// writes DATA_DIR through node's fs, which applies the umask to the modes it asks for, and so are the
// embedded database's socket and lock file made. DATA_DIR is also mended when the database opens and closes
// (adapters/src/persistence/embedded/owner-only.ts, ADR 0001); the umask covers what is created in between.
// Set here, the one entry point of the server, the workers and the commands, before any of them opens a file.
process.umask(0o077);

try {
  await createProgram().parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`civicwatch: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(EXIT_SOFTWARE);
}
