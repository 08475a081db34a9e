/**
 * PDFs that use one large stream many times, sent to the real server (`civicwatch serve`, embedded database)
 * by a Citizen with one credit while another user analyses a short text: each is refused as too complex within
 * 5 seconds, the credit comes back, the other user is answered at once, and the memory of the server and its
 * extraction processes stays bounded during the attack and afterwards (ADR 0014).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REUSE_SHAPES, reuseBomb } from '@civicwatch/adapters/extraction/testing/hostile-pdfs.ts';
import { cookieOf } from '../testing/http-calls.ts';
import { multipartBody } from '../testing/multipart.ts';
import { treeRssMb, watchTreePeak } from '../testing/process-tree-memory.ts';
import { openRuntimeBeside, sqlOn, startServedApp, type ServedApp } from '../testing/served-app.ts';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';

const plainPdf = new URL('../../../../adapters/src/extraction/fixtures/plain.pdf', import.meta.url).pathname;
/** The server with its extraction processes and their OCR model, during and after an attack. */
const MAX_PEAK_TREE_MB = 1_536;
/** What the attack may leave behind, over what the server held before it. */
const MAX_RETAINED_MB = 256;

let served: ServedApp;
let runtime: Runtime;
let mallory: { id: string; cookie: string };

const signUp = async (email: string) => {
  const res = await served.call('POST', '/api/register', { json: { firstName: 'Tester', email, password: 'liberty1' } });
  expect(res.status, res.text).toBe(201);
  return { id: (JSON.parse(res.text) as { id: string }).id, cookie: cookieOf(res.headers) };
};

beforeAll(async () => {
  served = await startServedApp();
  runtime = await openRuntimeBeside(served);
  mallory = await signUp('mallory@bombs.test');
  const rosa = await signUp('rosa@bombs.test');
  // Warm an extraction process with an ordinary PDF, so the baseline holds what a working server holds.
  const { payload, headers } = multipartBody({ analysisType: 'summary' }, [{ field: 'document', fileName: 'plain.pdf', bytes: new Uint8Array(readFileSync(plainPdf)) }]);
  const warm = await served.call('POST', '/api/analyze', { cookie: rosa.cookie, body: new Uint8Array(payload), headers });
  expect(warm.status, warm.text).toBe(200);
}, 120_000);

afterAll(async () => {
  await runtime?.close();
  await served?.stop();
});

/** A pasted-text analysis, sent as the Analyze page sends it. */
const analyzeText = (cookie: string, text: string) => {
  const { payload, headers } = multipartBody({ analysisType: 'summary', text });
  return served.call('POST', '/api/analyze', { cookie, body: new Uint8Array(payload), headers });
};

const credits = async (id: string) =>
  (await sqlOn(runtime)<{ credits: number }>('select credits from users where id = ?', [id]))[0]!.credits;

describe('a stream used 2,000 times (a 50 MiB stream, 100 GB to decode)', () => {
  it.each(REUSE_SHAPES)('%s: refused within 5 s, the credit back, another user served, memory bounded and given back', async (shape) => {
    const bomb = await reuseBomb(shape);
    const bystander = await signUp(`${shape}@bombs.test`);
    const pid = served.server.child.pid!;
    const before = treeRssMb(pid);
    const creditsBefore = await credits(mallory.id);
    const peak = watchTreePeak(pid);
    const { payload, headers } = multipartBody({ analysisType: 'summary' }, [{ field: 'document', fileName: 'bomb.pdf', bytes: new Uint8Array(bomb) }]);

    const started = Date.now();
    const [attack, other] = await Promise.all([
      served.call('POST', '/api/analyze', { cookie: mallory.cookie, body: new Uint8Array(payload), headers }).then((answer) => ({ answer, ms: Date.now() - started })),
      analyzeText(bystander.cookie, 'The village levies a tax of 0.02% for library buildings. '.repeat(8))
        .then((answer) => ({ answer, ms: Date.now() - started })),
    ]);
    const peakMb = peak.stop();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const afterMb = treeRssMb(pid);
    const serverMb = treeRssMb(pid, { children: false });
    console.info(`${shape}: ${attack.ms} ms (another user's analysis ${other.ms} ms), RSS of the server and its extraction processes ${Math.round(before)} → peak ${Math.round(peakMb)} → ${Math.round(afterMb)} MiB (the server alone ${Math.round(serverMb)} MiB)`);

    expect(attack.answer.status, attack.answer.text).toBe(413);
    expect(JSON.parse(attack.answer.text)).toMatchObject({ code: 'document.too_complex' });
    expect(attack.ms).toBeLessThan(5_000);
    expect(await credits(mallory.id)).toBe(creditsBefore);
    expect(other.answer.status, other.answer.text).toBe(200);
    expect(other.ms).toBeLessThan(5_000);
    expect(peakMb).toBeLessThan(MAX_PEAK_TREE_MB);
    expect(afterMb - before).toBeLessThan(MAX_RETAINED_MB);
  });
});
