import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';

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

const FRENCH: DocumentLanguage = { code: 'fr', name: 'French' };
const SPANISH: DocumentLanguage = { code: 'es', name: 'Spanish' };
const ENGLISH: DocumentLanguage = { code: 'en', name: 'English' };

/**
 * The language a corpus file is written in, by the prefixes the corpus's README gives it: `fr-` (France) and
 * `qc-` (Quebec) are French, `es-` (Spain) and `ar-` (Argentina) Spanish, every other document is American
 * and English.
 */
export const corpusLanguage = (name: string): DocumentLanguage =>
  /^(?:fr|qc)-/.test(name) ? FRENCH : /^(?:es|ar)-/.test(name) ? SPANISH : ENGLISH;
