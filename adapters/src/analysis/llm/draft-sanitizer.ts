import { z } from 'zod';
import { analyzerDraftSchema, listSections, type AnalyzerDraft, type ListSectionKey } from '@civicwatch/core';

/**
 * `problem` is for the model's repair request only: for `json` it may quote the answer (and so the
 * document), so logs get `kind`, and `problem` only for `schema` (zod names paths, never values).
 */
export type DraftParse =
  | { ok: true; draft: AnalyzerDraft }
  | { ok: false; kind: 'empty' | 'json' | 'schema'; problem: string };

/**
 * Reads a model's answer as a draft. Tolerates one surrounding Markdown code fence (some
 * OpenAI-compatible servers add one despite structured output); anything else off-schema is a problem,
 * described so that the model can repair it.
 */
export function parseDraft(content: string): DraftParse {
  const text = content.trim().replace(/^```(?:json)?\s*\n([\s\S]*?)\n?```$/i, '$1').trim();
  if (!text) return { ok: false, kind: 'empty', problem: 'the answer was empty.' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, kind: 'json', problem: `the answer is not valid JSON (${(error as Error).message}).` };
  }
  const parsed = analyzerDraftSchema.safeParse(json);
  if (!parsed.success) return { ok: false, kind: 'schema', problem: `the JSON does not follow the schema:\n${z.prettifyError(parsed.error)}` };
  return { ok: true, draft: parsed.data };
}

/** Quotes are kept in the stored result (docs/product/accounts.md "Privacy promise"): short ones only. */
export const maxQuoteChars = 300;
const maxCitationsPerItem = 3;
const maxSummaryCitations = 5;

/**
 * Makes a draft safe to pass on, whatever the model did: trims items and drops empty ones, merges
 * duplicates (their citations follow the surviving item), caps list lengths, drops citations to pages
 * outside `validPages` or to items that do not exist, empty quotes and repeated citations, and shortens
 * long quotes to a prefix (still a substring of the page, so grounding can verify it).
 */
export function sanitizeDraft(draft: AnalyzerDraft, validPages: ReadonlySet<number>): AnalyzerDraft {
  const summary = draft.summary.trim();
  const lists = {} as Record<ListSectionKey, string[]>;
  const newIndex = {} as Record<ListSectionKey, Map<number, number>>;
  for (const { key: section, maxItems } of listSections) {
    const kept: string[] = [];
    const byKey = new Map<string, number>();
    const map = new Map<number, number>();
    draft[section].forEach((item, i) => {
      const text = item.trim();
      if (!text) return;
      const key = normalize(text);
      const existing = byKey.get(key);
      if (existing !== undefined) {
        map.set(i, existing);
        return;
      }
      if (kept.length >= maxItems) return;
      byKey.set(key, kept.length);
      map.set(i, kept.length);
      kept.push(text);
    });
    lists[section] = kept;
    newIndex[section] = map;
  }

  const citations: AnalyzerDraft['citations'] = [];
  const seen = new Set<string>();
  const perItem = new Map<string, number>();
  for (const citation of draft.citations) {
    const quote = shortenQuote(citation.quote.trim());
    if (!quote || !validPages.has(citation.page)) continue;
    let index: number | undefined;
    if (citation.section === 'summary') index = citation.index === 0 && summary ? 0 : undefined;
    else index = newIndex[citation.section].get(citation.index);
    if (index === undefined) continue;
    const item = `${citation.section}#${index}`;
    const key = `${item}|${citation.page}|${normalize(quote)}`;
    const count = perItem.get(item) ?? 0;
    if (seen.has(key) || count >= (citation.section === 'summary' ? maxSummaryCitations : maxCitationsPerItem)) continue;
    seen.add(key);
    perItem.set(item, count + 1);
    citations.push({ section: citation.section, index, page: citation.page, quote });
  }

  return {
    summary,
    ...lists,
    sentiment: {
      rating: clamp(draft.sentiment.rating, 1, 5),
      confidence: clamp(draft.sentiment.confidence, 0, 1),
    },
    citations,
  };
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/[\s.;:,!]+$/, '').trim();
}

function shortenQuote(quote: string): string {
  if (quote.length <= maxQuoteChars) return quote;
  const cut = quote.slice(0, maxQuoteChars);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > maxQuoteChars / 2 ? cut.slice(0, lastSpace) : cut).trim();
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
