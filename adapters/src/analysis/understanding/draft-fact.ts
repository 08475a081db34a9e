import type { FactType } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import type { DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { type DocumentText, type Span, quoteOf } from './document-text.ts';
import { asSentence, joinQuotes } from './wording.ts';

/**
 * A fact resting on spans of the document: its quote joins the spans that are on the first span's page ("…"
 * between them), so it stays verbatim and on one page; null when no span gives a quote.
 */
export const draftFact = (doc: DocumentText, type: FactType, statement: string, spans: readonly Span[]): DraftFact | null => {
  const quotes = spans.map((span) => quoteOf(doc, span)).filter((q) => q !== null);
  const first = quotes[0];
  if (!first) return null;
  const quote = joinQuotes(quotes.filter((q) => q.page === first.page).map((q) => ({ text: q.text, index: q.start })));
  return { type, statement: asSentence(statement.replace(/\.$/, '')), quote, page: first.page };
};

/** A fact and how much it weighs: its tier (0 first), then a sum of money (the larger first). */
export interface RankedFact {
  fact: DraftFact;
  tier: number;
  weight: number;
}

/** At most this many facts of a document: the few a citizen needs, not all that could be said. */
const MAX_FACTS = 10;

/** Facts in order without two that say the same thing or rest on the same quote: the first is kept. */
const distinct = (ranked: ReadonlyArray<RankedFact & { i: number }>): Array<RankedFact & { i: number }> => {
  const seen = new Set<string>();
  return ranked.filter(({ fact }) => {
    const keys = [fact.statement.toLowerCase(), `${fact.page}:${fact.quote.toLowerCase()}`];
    if (keys.some((key) => seen.has(key))) return false;
    for (const key of keys) seen.add(key);
    return true;
  });
};

/**
 * The facts kept, most important first. A first pass takes at most `quota[tier]` facts of each tier, so that
 * ten money motions do not crowd out the next meeting; a second pass fills what room is left. Within a tier
 * the larger sum comes first, then the document's order.
 */
export const selectFacts = (ranked: readonly RankedFact[], quota: Readonly<Record<number, number>>): DraftFact[] => {
  const order = distinct(ranked.map((r, i) => ({ ...r, i })).sort((a, b) => a.tier - b.tier || b.weight - a.weight || a.i - b.i));
  const taken = new Set<number>();
  const perTier = new Map<number, number>();
  for (const r of order) {
    if (taken.size >= MAX_FACTS) break;
    const used = perTier.get(r.tier) ?? 0;
    if (used >= (quota[r.tier] ?? MAX_FACTS)) continue;
    taken.add(r.i);
    perTier.set(r.tier, used + 1);
  }
  for (const r of order) if (taken.size < MAX_FACTS) taken.add(r.i);
  return order.filter((r) => taken.has(r.i)).map((r) => r.fact);
};

