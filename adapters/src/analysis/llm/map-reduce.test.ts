import { describe, expect, it } from 'vitest';
import { domainError, err, ok, type DraftFact, type ExtractedPage } from '@civicwatch/core';
import { quoteOccursIn } from '@civicwatch/core/analysis/grounding.ts';
import type { ChatMessage, ChatModel } from './chat-model.ts';
import { chunkPages } from './document-chunker.ts';
import { DraftGenerator } from './draft-generator.ts';
import { dataBudgetTokens } from './llm-analysis-pipeline.ts';
import { analyzeInChunks, groupForReduce, runPooled } from './map-reduce.ts';
import { buildSystemPrompt } from './prompt-framing.ts';
import { defaultRetryPolicy } from './retry-policy.ts';
import { faaProposedRulePages, samplePrompt } from './testing/corpus-pages.ts';
import { faithfulDraft } from './testing/fake-language-model.ts';

/** 66 pages, like the largest document in the corpus: the FAA pages over and over, renumbered. */
function sixtySixPages(): ExtractedPage[] {
  const source = faaProposedRulePages();
  return Array.from({ length: 66 }, (_, i) => ({ number: i + 1, text: source[i % source.length]?.text ?? '', ocr: false }));
}

class RecordingModel implements ChatModel {
  readonly calls: ChatMessage[][] = [];
  async complete(messages: readonly ChatMessage[]): Promise<string> {
    this.calls.push([...messages]);
    return JSON.stringify(faithfulDraft(messages));
  }
}

const generatorFor = (model: ChatModel) => new DraftGenerator(model, {
  timeoutMs: 5_000, retry: defaultRetryPolicy, sleep: async () => {}, random: () => 0.5, logger: undefined,
});

const userOf = (call: ChatMessage[]) => call.find((m) => m.role === 'user')?.content ?? '';
const pagesIn = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => Number(m[1]));

describe('analyzeInChunks', () => {
  it('reads all 66 pages of a long document once each, then reduces level by level to one draft', async () => {
    const pages = sixtySixPages();
    const systemPrompt = buildSystemPrompt(samplePrompt);
    const budgetTokens = dataBudgetTokens(12_000, systemPrompt);
    const model = new RecordingModel();

    const result = await analyzeInChunks(generatorFor(model), { pages, title: 'FAA', systemPrompt, budgetTokens, concurrency: 3 }, new AbortController().signal);

    expect(result.ok).toBe(true);
    const maps = model.calls.filter((c) => userOf(c).includes('<document page='));
    const reduces = model.calls.filter((c) => userOf(c).includes('<partial-analysis'));
    expect(maps).toHaveLength(chunkPages(pages, budgetTokens).length);
    expect(maps.length).toBeGreaterThan(10);
    // Whole pages appear in exactly one map call; a split page only in consecutive ones.
    const seen = maps.flatMap((c) => [...new Set(pagesIn(userOf(c), /<document page="(\d+)"/g))]);
    expect(new Set(seen)).toEqual(new Set(pages.map((p) => p.number)));
    // The last call merges drafts that together cover the whole document.
    expect(reduces.length).toBeGreaterThanOrEqual(1);
    expect(model.calls.at(-1)).toBe(reduces.at(-1));
    const last = userOf(reduces.at(-1) ?? []);
    expect(last).toMatch(/<partial-analysis part="1" pages="1–\d+">/);
    expect(last).toMatch(/pages="\d+–66">/);
    for (const call of model.calls) {
      expect(call[0]).toEqual({ role: 'system', content: systemPrompt });
    }
  });

  it('tells each part of a long document as it is done, and nothing of a document read in one part', async () => {
    const pages = sixtySixPages();
    const systemPrompt = buildSystemPrompt(samplePrompt);
    const budgetTokens = dataBudgetTokens(12_000, systemPrompt);
    const parts: Array<[number, number]> = [];
    await analyzeInChunks(generatorFor(new RecordingModel()), {
      pages, title: 'FAA', systemPrompt, budgetTokens, concurrency: 3, onPart: (part, of) => parts.push([part, of]),
    }, new AbortController().signal);
    const chunks = chunkPages(pages, budgetTokens).length;
    expect(parts).toEqual(Array.from({ length: chunks }, (_, k) => [k + 1, chunks]));

    const short: Array<[number, number]> = [];
    await analyzeInChunks(generatorFor(new RecordingModel()), {
      pages: pages.slice(0, 1), title: 'FAA', systemPrompt, budgetTokens, concurrency: 3, onPart: (part, of) => short.push([part, of]),
    }, new AbortController().signal);
    expect(short).toEqual([]);
  });

  it('merges the merges when more partial drafts exist than one reduce call can hold', async () => {
    const pages = sixtySixPages();
    const systemPrompt = buildSystemPrompt(samplePrompt);
    const model = new RecordingModel();

    const result = await analyzeInChunks(generatorFor(model), {
      pages, title: 'FAA', systemPrompt, budgetTokens: dataBudgetTokens(3_000, systemPrompt), concurrency: 2,
    }, new AbortController().signal);

    expect(result.ok).toBe(true);
    const reduces = model.calls.filter((c) => userOf(c).includes('<partial-analysis'));
    expect(reduces.length).toBeGreaterThan(2);
    const last = userOf(reduces.at(-1) ?? []);
    expect(last).toMatch(/pages="1–\d+">/);
    expect(last).toMatch(/pages="\d+–66">/);
    if (result.ok) expect(result.value.citations.length).toBeGreaterThan(0);
  });

  it('gives each call the verified facts of its own pages, the last merge all of them', async () => {
    const pages = sixtySixPages();
    const systemPrompt = buildSystemPrompt(samplePrompt);
    const model = new RecordingModel();
    // Page 66 repeats the FAA's second page: real quotes of each.
    const facts: DraftFact[] = [
      { type: 'deadline', statement: 'Comments are due by September 21, 2020.', quote: 'The FAA must receive comments on this proposed AD by September 21, 2020', page: 1 },
      { type: 'date', statement: 'The Lion Air Flight 610 accident happened on October 29, 2018.', quote: 'Lion Air Flight 610 accident on October 29, 2018', page: 66 },
    ];
    expect(quoteOccursIn(facts[0]!.quote, pages[0]!.text) && quoteOccursIn(facts[1]!.quote, pages[65]!.text)).toBe(true);

    const result = await analyzeInChunks(generatorFor(model), {
      pages, title: 'FAA', systemPrompt, budgetTokens: dataBudgetTokens(12_000, systemPrompt) - 200, facts, factsTokens: 200, concurrency: 2,
    }, new AbortController().signal);

    expect(result.ok).toBe(true);
    const maps = model.calls.filter((c) => userOf(c).includes('<document page='));
    const withFacts = maps.filter((c) => userOf(c).includes('<verified-facts>'));
    expect(withFacts).toHaveLength(2);
    expect(userOf(withFacts[0] ?? [])).toContain('<document page="1">');
    expect(userOf(withFacts[0] ?? [])).toContain('- page 1 (deadline)');
    expect(userOf(withFacts[0] ?? [])).not.toContain('- page 66');
    expect(userOf(withFacts[1] ?? [])).toContain('<document page="66">');
    expect(userOf(withFacts[1] ?? [])).toContain('- page 66 (date): The Lion Air Flight 610 accident happened on October 29, 2018.');
    const last = userOf(model.calls.at(-1) ?? []);
    expect(last).toContain('- page 1 (deadline)');
    expect(last).toContain('- page 66 (date)');
  });

  it('fails as a whole when one chunk cannot be analysed, without starting the rest', async () => {
    const model: ChatModel & { calls: number } = {
      calls: 0,
      async complete() {
        this.calls++;
        return 'not json';
      },
    };
    const result = await analyzeInChunks(generatorFor(model), {
      pages: sixtySixPages(), title: 'FAA', systemPrompt: 'x', budgetTokens: 8_000, concurrency: 1,
    }, new AbortController().signal);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'analyzer.invalid_output' }) });
    expect(model.calls).toBe(2);
  });
});

describe('groupForReduce', () => {
  it('always pairs at least two drafts, so every level shrinks even when drafts are huge', () => {
    const big = { draft: { ...faithfulDraft([]), summary: 'x'.repeat(40_000) }, pages: [1] };
    const groups = groupForReduce([big, big, big, big, big], 1_000);
    expect(groups.map((g) => g.length)).toEqual([2, 2, 1]);
  });
});

describe('runPooled', () => {
  const never = new AbortController().signal;

  it('keeps at most `limit` tasks in flight and the results in order', async () => {
    let inFlight = 0;
    let most = 0;
    const result = await runPooled([5, 1, 4, 2, 3], 2, never, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, n));
      inFlight--;
      return ok(n * 10);
    });
    expect(result).toEqual(ok([50, 10, 40, 20, 30]));
    expect(most).toBe(2);
  });

  it('returns the first failure, aborts tasks in flight and starts no more', async () => {
    const started: number[] = [];
    let abortedSibling = false;
    const failure = domainError('analyzer.unavailable', 'down');
    const result = await runPooled([0, 1, 2, 3], 2, never, async (n, _i, signal) => {
      started.push(n);
      if (n === 1) return err(failure);
      await new Promise<void>((resolve, reject) => {
        signal.addEventListener('abort', () => {
          abortedSibling = true;
          reject(signal.reason);
        });
      });
      return ok(n);
    });
    expect(result).toEqual(err(failure));
    expect(started).toEqual([0, 1]);
    expect(abortedSibling).toBe(true);
  });

  it('rethrows the caller\'s abort reason', async () => {
    const controller = new AbortController();
    const reason = new Error('gone');
    const pending = runPooled([1, 2], 2, controller.signal, async (_n, _i, signal) => {
      await new Promise((_r, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      return ok(1);
    });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
