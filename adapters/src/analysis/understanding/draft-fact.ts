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

/** Facts in order without two that say the same thing or rest on the same quote. */
export const distinctFacts = (facts: ReadonlyArray<DraftFact | null>): DraftFact[] => {
  const seen = new Set<string>();
  return facts.filter((fact): fact is DraftFact => {
    if (!fact) return false;
    const keys = [fact.statement.toLowerCase(), `${fact.page}:${fact.quote.toLowerCase()}`];
    if (keys.some((key) => seen.has(key))) return false;
    for (const key of keys) seen.add(key);
    return true;
  });
};
