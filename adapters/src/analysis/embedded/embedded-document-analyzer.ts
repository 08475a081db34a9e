import type { AnalyzerDraft } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { AnalysisRequest, AnalyzerOutput, DocumentAnalyzer } from '@civicwatch/core/analysis/document-analyzer.port.ts';
import type { DomainError } from '@civicwatch/core/shared/domain-error.ts';
import { ok, type Result } from '@civicwatch/core/shared/result.ts';
import { matchConstitution } from './constitution-matcher.ts';
import { detectPatterns, findContacts, type PatternKind } from './document-patterns.ts';
import { summarize, summarySentence } from './extractive-summarizer.ts';
import type { RankedUnit } from './sentence-ranker.ts';
import { segmentPages, type TextUnit } from './sentence-segmenter.ts';
import { scoreSentiment } from './sentiment-scorer.ts';

/**
 * Named in results' metadata so that nobody takes the embedded analysis for a language model's: every
 * sentence it shows is the document's own, chosen by graph ranking (TextRank/LexRank) and patterns.
 */
export const EMBEDDED_MODEL = 'extractive-textrank-v1';

/** Quotes are a sentence or its opening span: long enough to find, short enough to show. */
const MAX_QUOTE = 300;
const MAX_ITEM = 360;
const MAX_ITEMS = 5;

type Citation = AnalyzerDraft['citations'][number];
type ListSection = Exclude<Citation['section'], 'summary'>;

/** The opening of a unit's text, cut at a word boundary: still verbatim text of its page. */
export const quoteOf = (unit: TextUnit): string => {
  if (unit.text.length <= MAX_QUOTE) return unit.text;
  const cut = unit.text.lastIndexOf(' ', MAX_QUOTE);
  return unit.text.slice(0, cut > MAX_QUOTE / 2 ? cut : MAX_QUOTE).trim();
};

const shorten = (text: string, max = MAX_ITEM): string => {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, cut > max / 2 ? cut : max - 1).replace(/[,;:]$/, '')}…`;
};

const INSIGHT_LABELS: ReadonlyArray<[PatternKind, string]> = [
  ['amount', 'Money'],
  ['tax', 'Taxes'],
  ['fee', 'Fees'],
  ['deadline', 'Deadline'],
  ['date', 'Date'],
  ['power', 'Powers'],
];

const RISK_LABELS: ReadonlyArray<[PatternKind, string]> = [
  ['penalty', 'Penalties'],
  ['restriction', 'Restrictions'],
  ['power', 'Powers granted'],
  ['tax', 'Taxes'],
  ['fee', 'Fees'],
];

/** Builds the lists of a draft, each item with the citation of the unit it rests on. */
class DraftBuilder {
  readonly citations: Citation[] = [];
  readonly lists: Record<ListSection, string[]> = { keyInsights: [], constitutionalIssues: [], citizenAction: [], legalRisks: [] };
  private readonly used = new Map<ListSection, Set<number>>();

  has(section: ListSection, unit: TextUnit): boolean {
    return this.used.get(section)?.has(unit.id) ?? false;
  }

  full(section: ListSection): boolean {
    return this.lists[section].length >= MAX_ITEMS;
  }

  add(section: ListSection, text: string, unit: TextUnit): void {
    if (this.full(section) || this.has(section, unit)) return;
    const index = this.lists[section].push(text) - 1;
    this.citations.push({ section, index, page: unit.page, quote: quoteOf(unit) });
    if (!this.used.has(section)) this.used.set(section, new Set());
    this.used.get(section)!.add(unit.id);
  }
}

/**
 * The offline default analyzer (DECISIONS "Embedded defaults"): an extractive summary, key insights and
 * legal risks from ranked sentences and patterns, constitutional issues matched against the shipped text
 * of the US Constitution, citizen actions from meetings, deadlines and contacts, and a lexicon sentiment.
 * It reads no prompt (the administrator's prompts instruct language models), so `promptVersion` is null.
 * A custom focus steers the ranking towards the citizen's topic.
 */
export class EmbeddedDocumentAnalyzer implements DocumentAnalyzer {
  readonly name = 'embedded' as const;

  async analyze(request: AnalysisRequest, options?: { signal?: AbortSignal }): Promise<Result<AnalyzerOutput, DomainError>> {
    const signal = options?.signal;
    signal?.throwIfAborted();
    const units = segmentPages(request.pages);
    signal?.throwIfAborted();
    const focus = request.analysisType === 'custom' ? request.customFocus : null;
    const { sentences, ranked } = summarize(units, { title: request.title, customFocus: focus });
    signal?.throwIfAborted();

    const summaryUnits = sentences.length > 0 ? sentences.map((s) => s.unit) : fallbackSummary(units);
    const inSummary = new Set(summaryUnits.map((u) => u.id));
    const builder = new DraftBuilder();
    // Rank order where the ranker scored a unit; the rest (tables, short lines) follow in document order.
    const rankedIds = new Set(ranked.map((r) => r.unit.id));
    const byImportance = [...ranked.map((r) => r.unit), ...units.filter((u) => !rankedIds.has(u.id) && u.kind !== 'boilerplate')];
    const patternsOf = memoPatterns();

    this.addKeyInsights(builder, byImportance, ranked, inSummary, patternsOf, focus !== null && focus.trim() !== '');
    this.addLegalRisks(builder, byImportance, patternsOf);
    this.addConstitutionalIssues(builder, units, ranked);
    this.addCitizenActions(builder, units, patternsOf, summaryUnits[0]);

    const draft: AnalyzerDraft = {
      summary: summaryUnits.map((u) => summarySentence(u.text)).join(' '),
      keyInsights: builder.lists.keyInsights,
      constitutionalIssues: builder.lists.constitutionalIssues,
      citizenAction: builder.lists.citizenAction,
      legalRisks: builder.lists.legalRisks,
      sentiment: scoreSentiment(units),
      citations: [
        ...summaryUnits.map((u) => ({ section: 'summary' as const, index: 0, page: u.page, quote: quoteOf(u) })),
        ...builder.citations,
      ],
    };
    return ok({ draft, analyzer: this.name, model: EMBEDDED_MODEL, promptVersion: null });
  }

  private addKeyInsights(
    builder: DraftBuilder,
    byImportance: readonly TextUnit[],
    ranked: readonly RankedUnit[],
    inSummary: ReadonlySet<number>,
    patternsOf: (u: TextUnit) => Set<PatternKind>,
    focused: boolean,
  ): void {
    // Sentences outside the summary add most; a short document has few, so summary sentences may serve too.
    const fresh = (u: TextUnit) => !inSummary.has(u.id) && !builder.has('keyInsights', u);
    const any = (u: TextUnit) => !builder.has('keyInsights', u);
    if (focused) {
      // The ranker already weighs the focus: its best sentences answer the citizen first.
      for (const r of ranked.slice(0, 2)) builder.add('keyInsights', `On your focus: ${shorten(summarySentence(r.unit.text))}`, r.unit);
    }
    // One insight per kind first (money, taxes, deadlines, powers …), so the list is not five amounts.
    for (const [kind, label] of INSIGHT_LABELS) {
      const unit = byImportance.find((u) => fresh(u) && patternsOf(u).has(kind)) ?? byImportance.find((u) => any(u) && patternsOf(u).has(kind));
      if (unit) builder.add('keyInsights', `${label}: ${shorten(summarySentence(unit.text))}`, unit);
    }
    for (const r of ranked) {
      if (builder.full('keyInsights')) break;
      if (!inSummary.has(r.unit.id)) builder.add('keyInsights', shorten(summarySentence(r.unit.text)), r.unit);
    }
  }

  private addLegalRisks(builder: DraftBuilder, byImportance: readonly TextUnit[], patternsOf: (u: TextUnit) => Set<PatternKind>): void {
    for (const [kind, label] of RISK_LABELS) {
      const unit = byImportance.find((u) => u.kind === 'prose' && !builder.has('legalRisks', u) && patternsOf(u).has(kind));
      if (unit) builder.add('legalRisks', `${label}: ${shorten(summarySentence(unit.text))}`, unit);
    }
  }

  private addConstitutionalIssues(builder: DraftBuilder, units: readonly TextUnit[], ranked: readonly RankedUnit[]): void {
    const top = ranked[0]?.score ?? 1;
    const scores = new Map(ranked.map((r) => [r.unit.id, r.score / top]));
    // Central sentences weigh more than a passing word, but a passing word still counts.
    const weight = (u: TextUnit) => 0.6 + 0.4 * (scores.get(u.id) ?? 0);
    for (const match of matchConstitution(units, weight)) {
      const issue =
        `${match.provision.label}: the document ${match.concern} (page ${match.unit.page}: “${shorten(match.unit.text, 160)}”). ` +
        `Check it against the Constitution's words: “${match.clause}”`;
      builder.add('constitutionalIssues', issue, match.unit);
    }
  }

  private addCitizenActions(
    builder: DraftBuilder,
    units: readonly TextUnit[],
    patternsOf: (u: TextUnit) => Set<PatternKind>,
    fallback: TextUnit | undefined,
  ): void {
    const seenContacts = new Set<string>();
    for (const unit of units) {
      if (builder.full('citizenAction')) break;
      if (unit.kind === 'boilerplate' && seenContacts.size > 0) continue;
      const kinds = patternsOf(unit);
      const text = shorten(summarySentence(unit.text), 240);
      if (kinds.has('comment')) builder.add('citizenAction', `Send your comments while they are accepted: ${text}`, unit);
      else if (kinds.has('hearing')) builder.add('citizenAction', `Attend the hearing, and speak or submit testimony: ${text}`, unit);
      else if (kinds.has('meeting') && (kinds.has('date') || /\b(?:\d{1,2}:\d{2}|[ap]\.?m\.?)\b/i.test(unit.text)))
        builder.add('citizenAction', `Attend the meeting or watch its record: ${text}`, unit);
      else if (kinds.has('deadline') && kinds.has('date')) builder.add('citizenAction', `Note the deadline: ${text}`, unit);
      else if (kinds.has('contact')) {
        const fresh = findContacts(unit.text).filter((c) => !seenContacts.has(c.value));
        if (fresh.length === 0) continue;
        for (const c of fresh) seenContacts.add(c.value);
        builder.add('citizenAction', `Contact them with questions or concerns: ${fresh.map((c) => c.value).join(', ')}`, unit);
      }
    }
    if (builder.lists.citizenAction.length === 0 && fallback) {
      builder.add(
        'citizenAction',
        'Ask the body that issued this document how it affects you, and raise any concern at its next public meeting or with your elected representatives.',
        fallback,
      );
    }
  }
}

const memoPatterns = () => {
  const cache = new Map<number, Set<PatternKind>>();
  return (u: TextUnit): Set<PatternKind> => {
    let found = cache.get(u.id);
    if (!found) {
      found = detectPatterns(u.text);
      cache.set(u.id, found);
    }
    return found;
  };
};

/**
 * When nothing reads as prose (a table, a form, a few words), the summary is the document's first
 * lines that are not page furniture, so that it still says what the document is.
 */
const fallbackSummary = (units: readonly TextUnit[]): TextUnit[] => {
  const out: TextUnit[] = [];
  let used = 0;
  for (const u of units) {
    if (u.kind === 'boilerplate' && units.some((x) => x.kind !== 'boilerplate')) continue;
    out.push(u);
    used += u.text.length;
    if (used >= 400 || out.length >= 6) break;
  }
  return out;
};
