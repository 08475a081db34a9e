import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The workplace's shared folder (the corpus of real government documents, the reference ROUGE scorer), used by
 * tests and benchmarks only: `SHARED_DIR`, else `../shared` beside the repository, else `/work/shared`.
 */
export const sharedDir: string =
  process.env.SHARED_DIR ??
  [path.resolve(repositoryRoot, '../shared'), '/work/shared'].find((dir) => existsSync(path.join(dir, 'corpus'))) ??
  path.resolve(repositoryRoot, '../shared');

export const corpusDir: string = process.env.CORPUS_DIR ?? path.join(sharedDir, 'corpus');
