import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadReportFont } from '../features/analyze/utils/report-font.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The report font as the app loads it, by the same URLs: under Vitest an asset's URL is its path from the
 * repository root, so the files are read from there instead of fetched.
 */
export const readReportFont = () => loadReportFont((url) => readFile(path.join(repositoryRoot, url)).then((bytes) => new Uint8Array(bytes)));
