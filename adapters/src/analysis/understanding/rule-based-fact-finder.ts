import type { DocumentLanguage, DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { DocumentUnderstanding, FactFinder } from '@civicwatch/core/analysis/fact-finder.port.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { documentDate } from './document-date.ts';
import { detectDocumentKind } from './document-kind.ts';
import { findDecisionFacts } from './decision-facts.ts';
import type { Finder } from './finder.ts';
import { findLawFacts } from './law-facts.ts';
import { findMeetingFacts } from './meeting-facts.ts';
import { findTableFacts } from './table-facts.ts';

/**
 * Finds a document's kind, date and facts by rules on its structure and vocabulary (ADR 0019): no model, the
 * same answer every time, every fact resting on a quote of its page.
 */
export class RuleBasedFactFinder implements FactFinder {
  constructor(private readonly budgetMs = DEFAULT_BUDGET_MS) {}

  async understand(pages: readonly ExtractedPage[], language: DocumentLanguage | null): Promise<DocumentUnderstanding> {
    const deadline = performance.now() + this.budgetMs;
    const kind = detectDocumentKind(pages, language);
    const date = documentDate(pages, language);
    const facts: DraftFact[] = [];
    // Two families may find one fact (a budget ordinance's total, as a law and as a table): it is told once. One
    // family may rest two facts on one quote (a listing's sum and its largest entry), so quotes count across families.
    const said = new Map<string, number>();
    FINDERS.forEach((find, family) => {
      if (performance.now() > deadline) return;
      for (const fact of find({ pages, kind, language, date, deadline })) {
        const statement = fact.statement.toLowerCase();
        const quote = `${fact.type}:${fact.page}:${fact.quote.toLowerCase()}`;
        if (said.has(statement) || (said.has(quote) && said.get(quote) !== family)) continue;
        said.set(statement, family);
        said.set(quote, family);
        facts.push(fact);
      }
    });
    return { kind, date, facts };
  }
}

/** Each family of facts, in the order their facts are worth to a reader when several apply. */
const FINDERS: readonly Finder[] = [findMeetingFacts, findDecisionFacts, findLawFacts, findTableFacts];

/** The time the finders may take on one document: past it they return what they have found. */
const DEFAULT_BUDGET_MS = 3000;
