/**
 * POST /api/compare on a server configured with an OpenAI-compatible model (OPENAI_API_KEY, OPENAI_BASE_URL): the
 * container binds the comparer the analyses' configuration names, so the model words the changes the offline
 * comparison found; when the model is down, the comparison is answered in its own words, for its one credit.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TextExtractor, UnitOfWork, compareResponseSchema } from '@civicwatch/core';
import { FakeLanguageModel } from '@civicwatch/adapters/analysis/llm/testing/fake-language-model.ts';
import { startOpenAiChatServer, type OpenAiChatServer } from '@civicwatch/adapters/analysis/openai/openai-chat-server.fake.ts';
import { MODEL_UNAVAILABLE_WARNING } from '@civicwatch/adapters/analysis/comparison-wording/llm-version-comparer.ts';
import { corpusDir } from '@civicwatch/adapters/testing/shared-corpus.ts';
import { buildTestApp, signUpFrom, type SignedUpMember, type TestApp } from '../testing/test-app.ts';
import { multipartBody } from '../testing/multipart.ts';

const LEVY = 'wpld-ordinance-20-21-02-maintenance-levy.pdf';

let model: FakeLanguageModel;
let llm: OpenAiChatServer;
let t: TestApp;
let uow: UnitOfWork;
beforeAll(async () => {
  model = new FakeLanguageModel();
  llm = await startOpenAiChatServer(model);
  t = await buildTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: llm.baseUrl, LLM_TIMEOUT_MS: '5000' });
  uow = t.runtime.container.get<UnitOfWork>(UnitOfWork);
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});
beforeEach(() => model.reset());

let signUps = 0;
const patriot = async (): Promise<SignedUpMember> => {
  const member = await signUpFrom(t, `10.8.${++signUps}.1`);
  await uow.run((r) => r.users.updateTier(member.id, 'patriot'));
  return member;
};
const ledgerOf = async (member: SignedUpMember) => (await uow.run((r) => r.ledger.history(member.id))).map((row) => [row.reason, row.delta]);

/** The levy's text as a citizen would paste it, and a later version of it with its publication date moved. */
const versions = async () => {
  const pages = await t.runtime.container.get<TextExtractor>(TextExtractor).extract(new Uint8Array(await readFile(path.join(corpusDir, LEVY))));
  if (!pages.ok) throw new Error(pages.error.message);
  const before = pages.value.pages.map((p) => p.text).join('\n\n');
  return { before, after: before.replace('July 23, 2020', 'July 30, 2020'), afterTitle: 'Levy, corrected' };
};
const compare = async (member: SignedUpMember) => {
  const { payload, headers } = multipartBody(await versions());
  return t.app.inject({ method: 'POST', url: '/api/compare', payload, headers: { ...headers, cookie: member.cookie } });
};

describe('POST /api/compare with a language model configured', () => {
  it('has the model word the change the offline comparison found, held to the wording schema, and names the model', async () => {
    const ada = await patriot();
    const res = await compare(ada);
    expect(res.statusCode, res.body).toBe(200);
    const body = compareResponseSchema.parse(res.json());

    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'comparison_wording' } });
    // The fake model words faithfully, in words of its own.
    expect(body.changes).toEqual([expect.objectContaining({
      type: 'date',
      statement: expect.stringMatching(/^In plain words: The date in .* changed from July 23, 2020 to July 30, 2020\.$/),
      before: expect.objectContaining({ verified: true }),
      after: expect.objectContaining({ verified: true }),
    })]);
    expect(body.summary).toMatch(/^In short: The later version differs in 1 place/);
    expect(body.metadata).toMatchObject({ analyzer: 'openai', model: 'gpt-4o-mini', warnings: [] });
    expect(await ledgerOf(ada)).toEqual([['signup_grant', 1], ['analysis_debit', -1]]);
  });

  it('answers the comparison in its own words, with a warning and for its one credit, when the model is down', async () => {
    model.always({ kind: 'status', status: 503 });
    const lee = await patriot();
    const res = await compare(lee);
    expect(res.statusCode, res.body).toBe(200);
    const body = compareResponseSchema.parse(res.json());

    expect(model.requests).toHaveLength(2);
    expect(body.changes).toEqual([expect.objectContaining({ type: 'date', statement: expect.stringMatching(/^The date in .* changed from July 23, 2020 to July 30, 2020\.$/) })]);
    expect(body.metadata.warnings).toEqual([MODEL_UNAVAILABLE_WARNING]);
    expect(await ledgerOf(lee)).toEqual([['signup_grant', 1], ['analysis_debit', -1]]);
  });
});
