import { err, ok, type AnalyzerDraft, type DomainError, type DraftFact, type ExtractedPage, type Result } from '@civicwatch/core';
import type { ChatMessage } from './chat-model.ts';
import { chunkPages, estimateTokens } from './document-chunker.ts';
import type { DraftGenerator } from './draft-generator.ts';
import { mapUserMessage, reduceUserMessage, verifiedFactsBlock, type PartialDraft } from './prompt-framing.ts';

export interface MapReduceInput {
  pages: readonly ExtractedPage[];
  title: string;
  systemPrompt: string;
  /** Tokens of framed data (pages or partial drafts) one call may carry. */
  budgetTokens: number;
  /** Verified facts, given to each call whose pages they are on, as anchors. */
  facts?: readonly DraftFact[];
  /** Tokens each call may spend on those facts, besides `budgetTokens`. */
  factsTokens?: number;
  /** Calls in flight at once. */
  concurrency: number;
  /** Hears each chunk of a document read in several, as it is done: how many are done, of how many. */
  onPart?: (part: number, parts: number) => void;
}

/**
 * Analyses a document of any length: map (one draft per chunk of pages, citing only its pages), then
 * reduce (merge drafts, as many at once as fit the budget, level after level, until one remains).
 * A document that fits one chunk costs one call and no reduce.
 */
export async function analyzeInChunks(
  generator: DraftGenerator,
  input: MapReduceInput,
  signal: AbortSignal,
): Promise<Result<AnalyzerDraft, DomainError>> {
  const chunks = chunkPages(input.pages, input.budgetTokens);
  const system: ChatMessage = { role: 'system', content: input.systemPrompt };
  const context = { title: input.title, totalPages: input.pages.length };
  const factsOn = (pages: readonly number[]): string => {
    const on = new Set(pages);
    return verifiedFactsBlock((input.facts ?? []).filter((f) => on.has(f.page)), input.factsTokens ?? 0);
  };

  let done = 0;
  const finished = () => {
    done += 1;
    if (chunks.length > 1) input.onPart?.(done, chunks.length);
  };
  const mapped = await runPooled(chunks, input.concurrency, signal, async (chunk, chunkIndex, s) => {
    const user = mapUserMessage(chunk, { ...context, chunkIndex, chunkCount: chunks.length, facts: factsOn(chunk.pages) });
    const draft = await generator.generate([system, { role: 'user', content: user }], new Set(chunk.pages), s);
    if (draft.ok) finished();
    return draft.ok ? ok<PartialDraft>({ draft: draft.value, pages: chunk.pages }) : draft;
  });
  if (!mapped.ok) return mapped;

  let level = mapped.value;
  while (level.length > 1) {
    const groups = groupForReduce(level, input.budgetTokens);
    const reduced = await runPooled(groups, input.concurrency, signal, async (group, _i, s) => {
      const [only] = group;
      if (group.length === 1 && only) return ok(only);
      const pages = [...new Set(group.flatMap((p) => p.pages))].sort((a, b) => a - b);
      const user = reduceUserMessage(group, { ...context, facts: factsOn(pages) });
      const draft = await generator.generate([system, { role: 'user', content: user }], new Set(pages), s);
      return draft.ok ? ok<PartialDraft>({ draft: draft.value, pages }) : draft;
    });
    if (!reduced.ok) return reduced;
    level = reduced.value;
  }
  const [final] = level;
  if (!final) throw new Error('map-reduce produced no draft: chunkPages returned no chunk');
  return ok(final.draft);
}

/** Tags and attributes around each partial draft. */
const partialOverheadTokens = 20;

/**
 * Consecutive partial drafts packed into groups that fit the budget. Every group but possibly the last
 * holds at least two, so each level shrinks and the reduce always ends, even when drafts are large.
 */
export function groupForReduce(partials: readonly PartialDraft[], budgetTokens: number): PartialDraft[][] {
  const groups: PartialDraft[][] = [];
  let current: PartialDraft[] = [];
  let used = 0;
  for (const partial of partials) {
    const cost = estimateTokens(JSON.stringify(partial.draft)) + partialOverheadTokens;
    if (current.length >= 2 && used + cost > budgetTokens) {
      groups.push(current);
      current = [];
      used = 0;
    }
    current.push(partial);
    used += cost;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Runs `task` over `items` with at most `limit` in flight, keeping order. The first expected failure
 * stops the rest (in-flight calls are aborted, queued ones never start) and is returned; thrown
 * errors propagate after every task has settled, the caller's abort reason first.
 */
export async function runPooled<T, R>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  task: (item: T, index: number, signal: AbortSignal) => Promise<Result<R, DomainError>>,
): Promise<Result<R[], DomainError>> {
  const stop = new AbortController();
  const combined = AbortSignal.any([signal, stop.signal]);
  const results = new Array<R>(items.length);
  let failure: DomainError | undefined;
  let next = 0;

  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        const result = await task(items[index] as T, index, combined);
        if (!result.ok) {
          failure ??= result.error;
          stop.abort();
          return;
        }
        results[index] = result.value;
      } catch (error) {
        // A task aborted because a sibling already failed is not a second error.
        if (failure !== undefined && !signal.aborted) return;
        stop.abort();
        throw error;
      }
    }
  };

  const settled = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  signal.throwIfAborted();
  const thrown = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (thrown) throw thrown.reason;
  return failure ? err(failure) : ok(results);
}
