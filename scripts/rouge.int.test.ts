import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { beats, readBills, runBench } from './bench-quality.ts';
import { scoreBillSum } from './rouge.ts';
import { corpusDir, sharedDir } from '../adapters/src/testing/shared-corpus.ts';

const corpus = corpusDir;
const reference = path.join(sharedDir, 'tools/rouge_pltrdy.py');
const available = existsSync(reference) && existsSync(path.join(corpus, 'billsum-dev.jsonl'));

/** Per-pair F1 triples from the reference scorer (rouge_pltrdy.py, --swap, cut 2,000). */
const pythonScores = (pairs: Array<{ hyp: string; ref: string }>): Array<[number, number, number]> => {
  const program = [
    'import json, sys',
    `sys.path.insert(0, ${JSON.stringify(path.dirname(reference))})`,
    'from rouge_pltrdy import score',
    'rows = [json.loads(l) for l in sys.stdin if l.strip()]',
    'print(json.dumps([score(r["hyp"], r["ref"], 2000, True) for r in rows]))',
  ].join('\n');
  const out = execFileSync('python3', ['-c', program], { input: pairs.map((p) => JSON.stringify(p)).join('\n') });
  return JSON.parse(out.toString()) as Array<[number, number, number]>;
};

describe.skipIf(!available)('scripts/rouge.ts against the reference scorer', () => {
  it('agrees with rouge_pltrdy.py --swap to 0.01 on every pair of a sample', () => {
    const bills = readBills(path.join(corpus, 'billsum-dev.jsonl')).slice(0, 15);
    const pairs = [
      ...bills.map((b) => ({ hyp: b.text.slice(0, 2500), ref: b.summary })),
      ...bills.slice(0, 5).map((b) => ({ hyp: `${b.title}. ${b.summary.slice(200, 900)}`, ref: b.summary })),
      { hyp: 'Tax . . the the TAX  ..  levy', ref: 'tax levy. The levy' },
    ];
    const expected = pythonScores(pairs);
    pairs.forEach((pair, i) => {
      const ours = scoreBillSum(pair.hyp, pair.ref);
      for (let m = 0; m < 3; m++) expect(Math.abs(ours[m]! - expected[i]![m]!), `pair ${i} metric ${m}`).toBeLessThan(0.0001);
    });
  });

  it('the embedded summaries beat the published TextRank on all three metrics', async () => {
    const result = await runBench(readBills(path.join(corpus, 'billsum-dev.jsonl')));
    expect(result.lead.map((v) => v.toFixed(2))).toEqual(['29.49', '14.61', '22.83']);
    expect(beats(result.product, [34.35, 17.77, 27.8])).toBe(true);
  });
});
