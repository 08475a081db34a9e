/**
 * A new, empty PostgreSQL cluster, made once when the project is built (`npm run build`) and copied into each
 * new embedded data directory. PGlite's initdb holds a copy of PostgreSQL's whole WebAssembly heap while it
 * bootstraps, and that memory stays with the process: creating the cluster in the process that then serves it
 * made the first `civicwatch analyze` of a new installation peak at about 670 MB, where its later runs take
 * under 300 MB. A copy made with file operations costs the process nothing (README "Benchmarks"). A checkout
 * that was never built has no such cluster and creates its own as before.
 *
 * The cluster is kept under the name of the PGlite version that made it: a new PGlite never opens an older
 * one's files as new.
 *
 * Loaded by Node's own type stripping (`node adapters/src/persistence/embedded/new-cluster.ts` makes it):
 * erasable TypeScript only and `.ts` extensions on relative imports.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** Where built clusters are kept: beside the adapters' sources, left out of git and of the image's context. */
const BUILT_CLUSTERS = path.resolve(import.meta.dirname, '../../../.embedded-cluster');

async function pgliteVersion(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const manifest = await fs.readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8');
  return (JSON.parse(manifest) as { version: string }).version;
}

/** The directory of the new cluster this installation's PGlite copies, built or not. */
export async function builtClusterPath(): Promise<string> {
  return path.join(BUILT_CLUSTERS, `pglite-${await pgliteVersion()}`);
}

/**
 * Copies the built cluster at `source` to `pgdata`, which must not exist yet. Answers false, having copied
 * nothing, when it was never built.
 */
export async function copyBuiltCluster(source: string, pgdata: string): Promise<boolean> {
  if (!(await fs.stat(path.join(source, 'PG_VERSION')).catch(() => null))) return false;
  const copying = `${pgdata}.${randomUUID().slice(0, 8)}.partial`;
  try {
    await fs.cp(source, copying, { recursive: true, errorOnExist: true, force: false });
    await fs.rename(copying, pgdata);
  } finally {
    await fs.rm(copying, { recursive: true, force: true });
  }
  return true;
}

/**
 * Creates a cluster at `target` with PGlite's initdb, in a directory of its own renamed into place, so that a
 * process starting meanwhile never copies half a cluster.
 */
export async function buildCluster(target: string): Promise<void> {
  const building = `${target}.${randomUUID().slice(0, 8)}.partial`;
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    const db = await PGlite.create({ dataDir: building });
    await db.close();
    await readableByAllWritableByOwner(building);
    await fs.rm(target, { recursive: true, force: true });
    await fs.rename(building, target);
  } finally {
    await fs.rm(building, { recursive: true, force: true });
  }
}

/**
 * PGlite writes its files 0666: anyone could change what every new installation starts from. The copy is read
 * by whoever runs CivicWatch (the image's user is not the one that built it); only its builder may write it. The
 * copies are made owner-only when they are opened (owner-only.ts).
 */
async function readableByAllWritableByOwner(root: string): Promise<void> {
  const stat = await fs.lstat(root);
  if (stat.isDirectory()) {
    await fs.chmod(root, 0o755);
    for (const name of await fs.readdir(root)) await readableByAllWritableByOwner(path.join(root, name));
  } else if (stat.isFile()) {
    await fs.chmod(root, 0o644);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = await builtClusterPath();
  await buildCluster(target);
  console.log(`Embedded database: a new cluster built in ${path.relative(process.cwd(), target)}`);
}
