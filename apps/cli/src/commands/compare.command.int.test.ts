/** `civicwatch compare EARLIER LATER` as an operator runs it: readable changes, or the comparison as JSON, and the usual exit codes. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparisonResultSchema } from '@civicwatch/core';
import { corpusDir } from '@civicwatch/adapters/testing/shared-corpus.ts';
import { EXIT_NOINPUT } from '../exit-codes.ts';
import { runCivicwatch } from '../testing/run-cli.ts';

const levy = path.join(corpusDir, 'wpld-ordinance-20-21-02-maintenance-levy.pdf');
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-compare-'));
  env = { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' };
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('civicwatch compare', () => {
  it('finds no change between a document and itself, as text and as JSON, and tells a changed date with the page of each version', { timeout: 240_000 }, async () => {
    const json = await runCivicwatch(env, 'compare', levy, levy, '--json');
    expect(json.code, json.stderr).toBe(0);
    expect(comparisonResultSchema.parse(JSON.parse(json.stdout))).toMatchObject({ changes: [], summary: expect.stringMatching(/^No substantive change/) });

    const plain = await runCivicwatch(env, 'compare', levy, levy);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain('No substantive change: the two versions say the same thing.');
    expect(plain.stderr).toContain('Earlier version: Reading page 1 of 3…');
    expect(plain.stderr).toContain('Comparing the versions…');

    // A later version given as a text file: its certificate's publication date moved.
    const later = path.join(dir, 'levy-corrected.txt');
    await fs.writeFile(later, 'ORDINANCE 20-21-02. I further certify that the Ordinance was published on July 30, 2020, in THE DAILY HERALD.');
    const changed = await runCivicwatch(env, 'compare', levy, later, '--json');
    expect(changed.code, changed.stderr).toBe(0);
    const comparison = comparisonResultSchema.parse(JSON.parse(changed.stdout));
    expect(comparison.changes.some((c) => c.type === 'date' && /from July 23, 2020 to July 30, 2020/.test(c.statement) && c.before?.page === 3 && c.after?.page === 1)).toBe(true);
  });

  it('ends with EX_NOINPUT, naming the file, when a version cannot be read', async () => {
    const missing = await runCivicwatch(env, 'compare', levy, path.join(dir, 'nowhere.pdf'));
    expect(missing.code).toBe(EXIT_NOINPUT);
    expect(missing.stderr).toContain('cannot read');
  });
});
