import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusDir } from '@civicwatch/adapters/testing/shared-corpus.ts';
import type { UploadedPdf } from './wirings/analyses.ability.ts';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../adapters/src/extraction/fixtures');

/** A real government document of the corpus (text PDFs in scenarios: OCR is slow). */
export const corpusPdf = async (fileName: string): Promise<UploadedPdf> =>
  ({ fileName, bytes: new Uint8Array(await readFile(path.join(corpusDir, fileName))) });

/** A broken, blank or foreign file from the extractor's fixtures (adapters/src/extraction/fixtures/README.md). */
export const fixtureFile = async (fileName: string): Promise<UploadedPdf> =>
  ({ fileName, bytes: new Uint8Array(await readFile(path.join(fixturesDir, fileName))) });
