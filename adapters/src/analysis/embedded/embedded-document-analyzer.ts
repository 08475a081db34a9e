import { perListSection, type ListSectionKey } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import type { AnalyzerDraft, DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { lawBeyondOfflineAnalyzer } from '@civicwatch/core/contracts/geography.ts';
import type { AnalysisRequest, AnalyzerOutput, DocumentAnalyzer, Jurisdiction } from '@civicwatch/core/analysis/document-analyzer.port.ts';
import { isNonEnglish } from '@civicwatch/core/analysis/language-detector.port.ts';
import { normalizeForGrounding } from '@civicwatch/core/analysis/grounding.ts';
import type { DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { DomainError } from '@civicwatch/core/shared/domain-error.ts';
import { ok, type Result } from '@civicwatch/core/shared/result.ts';
import { matchConstitution } from './constitution-matcher.ts';
import { fallbackAction, findCitizenActions } from './citizen-actions.ts';
import { detectPatterns, isFormality, patterns, type PatternKind } from './document-patterns.ts';
import { excerptAround, quoteOf, shorten, showExcerpt } from './excerpt.ts';
import { findDates } from '../understanding/dates.ts';
import { FACT_LABEL, kindSentence, SUMMARY_MAX_WORDS, summaryFacts, wordCount } from './fact-summary.ts';
import { summarize, summarySentence } from './extractive-summarizer.ts';
import { isClosingClause, isTitleLine, type RankedUnit } from './sentence-ranker.ts';
import { segmentPages, type TextUnit } from './sentence-segmenter.ts';
import { scoreSentiment } from './sentiment-scorer.ts';

/*
 * The offline analyzer (ADR 0013): every section of a result (summary, insights, constitutional issues, actions,
 * risks, sentiment) composed from the same facts and ranked sentences. One module, though long, because the
 * sections share those inputs and must not say the same thing twice; each section's builder is a function below.
 */

/**
 * Named in results' metadata so that nobody takes the embedded analysis for a language model's: its
 * statements are templates filled from facts found by rules, its other sentences the document's own, chosen
 * by graph ranking (TextRank/LexRank) and patterns (ADR 0019).
 */
export const EMBEDDED_MODEL = 'rules-templates-v2';

const MAX_ITEMS = 5;

/**
 * Told with every result on a document in another language: the segmenter, the patterns, the constitution
 * matcher and the sentiment lexicon all read English, so the analysis still runs but says how far to trust it.
 */
export const languageWarning = (language: DocumentLanguage): string =>
  `This document appears to be in ${language.name}. The built-in analyzer is designed for English, so its summary, ` +
  'findings and sentiment rating may be less reliable.';

/**
 * Told with every result for a state (or a country other than the United States): the analyzer knows the US
 * Constitution only, and a citizen who chose Illinois must not take silence for "nothing in Illinois law".
 */
export const jurisdictionWarning = (jurisdiction: Jurisdiction): string | null => {
  const law = lawBeyondOfflineAnalyzer(jurisdiction.country, jurisdiction.state);
  return law
    ? `This analysis checked the document against the US Constitution only. Checking it against ${law} needs a ` +
        'language-model analyzer, which this server does not have.'
    : null;
};

type Citation = AnalyzerDraft['citations'][number];

/** Kinds of sentence the insights draw one of each from, before the best-ranked others. */
const INSIGHT_KINDS: readonly PatternKind[] = ['amount', 'tax', 'fee', 'deadline', 'date', 'power'];

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
  readonly lists: Record<ListSectionKey, string[]> = perListSection((): string[] => []);
  private readonly used = new Map<ListSectionKey, Set<number>>();
  /** Units shown whole in the summary, the insights or the risks: a reader should meet a sentence once. */
  readonly shown: Set<number>;

  constructor(summary: readonly TextUnit[]) {
    this.shown = new Set(summary.map((u) => u.id));
  }

  has(section: ListSectionKey, unit: TextUnit): boolean {
    return this.used.get(section)?.has(unit.id) ?? false;
  }

  full(section: ListSectionKey): boolean {
    return this.lists[section].length >= MAX_ITEMS;
  }

  /** Adds an item stating a fact, resting on the fact's own quote. */
  addFact(section: ListSectionKey, text: string, fact: DraftFact): boolean {
    if (this.full(section) || this.lists[section].includes(text)) return false;
    const index = this.lists[section].push(text) - 1;
    this.citations.push({ section, index, page: fact.page, quote: fact.quote });
    return true;
  }

  /** The facts the summary states, which no item repeats in the document's words. */
  readonly said: string[] = [];

  /** Units whose point a fact already states: an insight or a risk in the document's own words would say it twice. */
  readonly stated = new Set<number>();

  /** Adds an item resting on `unit`, quoted by `quote` (a verbatim span of it; its opening by default). */
  add(section: ListSectionKey, text: string, unit: TextUnit, quote = quoteOf(unit)): boolean {
    const told = this.stated.has(unit.id) && (section === 'keyInsights' || section === 'legalRisks');
    if (this.full(section) || this.has(section, unit) || told) return false;
    // Pages repeat themselves (a form's footer, a recital restating the ordinance): one point is made once,
    // in the insights and the risks together.
    const peers = section === 'keyInsights' || section === 'legalRisks' ? [...this.lists.keyInsights, ...this.lists.legalRisks, ...this.said] : this.lists[section];
    if (peers.some((item) => sameWords(item, text))) return false;
    const index = this.lists[section].push(text) - 1;
    this.citations.push({ section, index, page: unit.page, quote });
    if (!this.used.has(section)) this.used.set(section, new Set());
    this.used.get(section)!.add(unit.id);
    return true;
  }
}

const wordsOf = (item: string): Set<string> =>
  new Set((item.replace(/^[A-Z][a-z]+(?: [a-z]+)?: /, '').toLowerCase().match(/[\p{L}\p{N}.%$]+/gu) ?? []).map((w) => w.replace(/\.+$/, '')));

/** Two items make the same point when the shorter's words are nearly all in the longer, whatever their labels. */
const sameWords = (a: string, b: string): boolean => {
  const x = wordsOf(a);
  const y = wordsOf(b);
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / Math.max(1, Math.min(x.size, y.size)) >= 0.75;
};

/**
 * A labelled item on one pattern of a unit: the whole sentence when it is short and not shown elsewhere,
 * else the clauses around the pattern's words (`…a special tax of .02% … shall be levied …`), quoted as such.
 */
const pointAt = (unit: TextUnit, kind: PatternKind, shownElsewhere: boolean, mayRepeat = false): { text: string; quote: string } | null => {
  const sentence = summarySentence(unit.text);
  const whole = { text: shorten(sentence), quote: quoteOf(unit) };
  const match = shownElsewhere || sentence.length > MAX_WHOLE ? patterns[kind].exec(unit.text) : null;
  if (!match) return shownElsewhere && !mayRepeat ? null : whole;
  const excerpt = excerptAround(unit.text, match.index, match[0].length);
  if (shownElsewhere && excerpt.atStart && excerpt.atEnd) return mayRepeat ? whole : null;
  return { text: showExcerpt(excerpt), quote: excerpt.text };
};

/** Candidate sentences up to which a document is short: its summary may hold all it says. */
const SHORT_DOCUMENT = 12;

/** Longest sentence shown whole as an insight or a risk; longer ones are shown by the clauses that matter. */
const MAX_WHOLE = 240;

/** A piece of a sentence cut by the layout: it opens in lower case, leads into a list, or stops on "and", "of" … */
const FRAGMENT = /^\p{Ll}|:$|\b(?:and|or|of|the|to|for|an?|in|by|with|that)$/u;

/**
 * Items state something: a sentence of prose, or a table row with its figures; never a heading, a fragment,
 * a formality or the closing clauses every ordinance carries.
 */
const informative = (u: TextUnit, kinds: Set<PatternKind>): boolean =>
  !isFormality(u.text) &&
  !RECITAL.test(u.text) &&
  !isClosingClause(u.text) &&
  !isTitleLine(u.text) &&
  ((u.kind === 'prose' && u.wordCount >= 6 && !FRAGMENT.test(u.text)) || (u.kind === 'table' && kinds.has('amount') && u.wordCount >= 3));

/**
 * The offline default analyzer (docs/product/self-hosting.md "Embedded defaults"): an extractive summary, key insights and
 * legal risks from ranked sentences and patterns, constitutional issues matched against the shipped text
 * of the US Constitution, citizen actions from meetings, deadlines and contacts, and a lexicon sentiment.
 * It reads no prompt (the administrator's prompts instruct language models), so `promptVersion` is null.
 * It is built for English, and warns when the document is in another language; it knows no state's law nor any
 * other country's, and says so when the citizen chose one.
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
    const { ranked } = summarize(units, { title: request.title, customFocus: focus });
    signal?.throwIfAborted();

    // Grounded by the use case before any analyzer runs: each quote is on its page.
    const facts = request.understanding.facts;
    // A bill is told by its name, then its own provisions (ADR 0019); other documents by their facts.
    const bill = request.understanding.kind === 'bill';
    const told = summaryFacts(facts, bill ? 1 : undefined);
    const opening = told.length > 0 ? told.map((f) => f.statement) : [kindSentence(request.understanding.kind, request.pages.length)];
    // A table's own words are its headers and rows: its summary is its facts alone.
    const tabular = request.understanding.kind === 'table' || request.understanding.kind === 'vote-record';
    const summaryUnits = ownSentences(ranked.length > 0 ? ranked.map((r) => r.unit) : fallbackSummary(units), told, opening,
      bill ? Number.POSITIVE_INFINITY : tabular && told.length > 0 ? 0 : 1);
    const builder = new DraftBuilder(summaryUnits);
    if (focus !== null && focus.trim() !== '') {
      // The ranker already weighs the focus: its best sentences answer the citizen first, even where a fact says them.
      for (const r of ranked.slice(0, 2)) {
        if (builder.add('keyInsights', `On your focus: ${shorten(summarySentence(r.unit.text))}`, r.unit)) builder.shown.add(r.unit.id);
      }
    }
    builder.said.push(...told.map((f) => f.statement));
    const quotes = facts.map((f) => normalizeForGrounding(f.quote));
    for (const unit of units) {
      const text = normalizeForGrounding(unit.text);
      if (quotes.some((q) => text.includes(q))) builder.stated.add(unit.id);
    }
    for (const fact of facts) {
      const risk = fact.type === 'penalty' || fact.type === 'deadline';
      // Each fact once among the insights; a penalty or a deadline is a legal risk even when the summary tells it.
      if (told.includes(fact) && !risk) continue;
      const section = risk ? 'legalRisks' : fact.type === 'participation' ? 'citizenAction' : 'keyInsights';
      builder.addFact(section, `${FACT_LABEL[fact.type]}: ${fact.statement}`, fact);
    }
    // Rank order where the ranker scored a unit; the rest (tables, short lines) follow in document order.
    const rankedIds = new Set(ranked.map((r) => r.unit.id));
    const byImportance = [...ranked.map((r) => r.unit), ...units.filter((u) => !rankedIds.has(u.id) && u.kind !== 'boilerplate')];
    const patternsOf = memoPatterns();

    // Sentences picked by patterns complete the insights when the facts leave room.
    if (!builder.full('keyInsights')) this.addKeyInsights(builder, byImportance, ranked, patternsOf);
    if (builder.lists.legalRisks.length === 0) this.addLegalRisks(builder, byImportance, patternsOf, ranked.length <= SHORT_DOCUMENT);
    this.addConstitutionalIssues(builder, units, ranked);
    for (const action of findCitizenActions(units, patternsOf)) {
      if (stillOpen(action, request)) builder.add('citizenAction', action.text, action.unit, action.quote);
    }
    if (builder.lists.citizenAction.length === 0) {
      const fallback = fallbackAction(units, summaryUnits[0]);
      if (fallback) builder.add('citizenAction', fallback.text, fallback.unit, fallback.quote);
    }

    const draft: AnalyzerDraft = {
      summary: [...opening, ...summaryUnits.map((u) => summaryWords(u, opening, summaryUnits))].join(' '),
      ...builder.lists,
      sentiment: scoreSentiment(units),
      citations: [
        ...told.map((f) => ({ section: 'summary' as const, index: 0, page: f.page, quote: f.quote })),
        ...summaryUnits.map((u) => ({ section: 'summary' as const, index: 0, page: u.page, quote: quoteOf(u) })),
        ...builder.citations,
      ],
    };
    const jurisdiction = jurisdictionWarning(request.jurisdiction);
    const warnings = [
      ...(jurisdiction ? [jurisdiction] : []),
      ...(isNonEnglish(request.language) ? [languageWarning(request.language)] : []),
    ];
    return ok({ draft, analyzer: this.name, model: EMBEDDED_MODEL, promptVersion: null, warnings });
  }

  private addKeyInsights(
    builder: DraftBuilder,
    byImportance: readonly TextUnit[],
    ranked: readonly RankedUnit[],
    patternsOf: (u: TextUnit) => Set<PatternKind>,
  ): void {
    const add = (text: string, unit: TextUnit, quote?: string) => {
      if (builder.add('keyInsights', text, unit, quote)) builder.shown.add(unit.id);
    };
    // One insight per kind first (money, taxes, deadlines, powers …), so the list is not five amounts; from
    // sentences the summary has not shown, except in a document so short that its summary holds them all.
    const short = ranked.length <= SHORT_DOCUMENT;
    for (const kind of INSIGHT_KINDS) {
      const has = (u: TextUnit) => patternsOf(u).has(kind) && informative(u, patternsOf(u));
      const unit = byImportance.find((u) => !builder.shown.has(u.id) && has(u)) ?? (short ? byImportance.find((u) => has(u) && !builder.has('keyInsights', u)) : undefined);
      if (!unit) continue;
      // The pattern chose the sentence; it does not name it: a word like "fee" or a "%" in a web address is no
      // sure sign of what a sentence is about, and a wrong label misleads more than none.
      const point = pointAt(unit, kind, builder.shown.has(unit.id), true)!;
      add(point.text, unit, point.quote);
    }
    for (const r of ranked) {
      if (builder.full('keyInsights')) break;
      if (!builder.shown.has(r.unit.id) && informative(r.unit, patternsOf(r.unit))) add(shorten(summarySentence(r.unit.text)), r.unit);
    }
  }

  private addLegalRisks(builder: DraftBuilder, byImportance: readonly TextUnit[], patternsOf: (u: TextUnit) => Set<PatternKind>, short: boolean): void {
    for (const [kind, label] of RISK_LABELS) {
      const candidates = byImportance.filter((u) => u.kind === 'prose' && !builder.has('legalRisks', u) && patternsOf(u).has(kind) && informative(u, patternsOf(u)));
      // A sentence not yet shown is quoted whole; one already shown, by the clauses on the risk, and not at
      // all when those clauses are the whole sentence (unless the document is short) or an insight's words.
      for (const unit of [...candidates.filter((u) => !builder.shown.has(u.id)), ...candidates.filter((u) => builder.shown.has(u.id))]) {
        const point = pointAt(unit, kind, builder.shown.has(unit.id), short);
        if (!point || builder.lists.keyInsights.some((item) => item.endsWith(point.text))) continue;
        if (builder.add('legalRisks', `${label}: ${point.text}`, unit, point.quote)) {
          builder.shown.add(unit.id);
          break;
        }
      }
    }
  }

  private addConstitutionalIssues(builder: DraftBuilder, units: readonly TextUnit[], ranked: readonly RankedUnit[]): void {
    const top = ranked[0]?.score ?? 1;
    const scores = new Map(ranked.map((r) => [r.unit.id, r.score / top]));
    // Central sentences weigh more than a passing word, but a passing word still counts.
    const weight = (u: TextUnit) => 0.6 + 0.4 * (scores.get(u.id) ?? 0);
    for (const match of matchConstitution(units, weight)) {
      const excerpt = excerptAround(match.unit.text, match.hit.index, match.hit.length, 60, 180);
      const issue =
        `${match.provision.label}: the document ${match.concern} (page ${match.unit.page}: “${showExcerpt(excerpt)}”). ` +
        `Check it against the Constitution's words: “${match.clause}”`;
      builder.add('constitutionalIssues', issue, match.unit, excerpt.text);
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
 * When nothing reads as prose (a table, a form, a few words), the summary is the first page's opening
 * lines, its title among them even where every page repeats it, so that it still says what the document
 * is. Page numbers, and lines too short to be found again as a quote ("ST"), are left out.
 */
const fallbackSummary = (units: readonly TextUnit[]): TextUnit[] => {
  const out: TextUnit[] = [];
  let used = 0;
  for (const u of units) {
    if (u.page !== units[0]!.page) break;
    if ((u.text.match(/\p{L}/gu)?.length ?? 0) < 3 || /^page\s+\d+(?:\s+of\s+\d+)?$/i.test(u.text)) continue;
    out.push(u);
    used += u.text.length;
    if (used >= 400 || out.length >= 6) break;
  }
  return out;
};


/** What a summary never shows: rows of dashes, form blanks, dot leaders, a line of capitals. */
const BOILERPLATE = /(?:-\s){5}|_{3}|\.{6}|(?:\b\p{Lu}{2,}\b[\s,]+){8}/u;

/**
 * The document's own sentences that follow the facts, best-ranked first and shown in document order: prose,
 * not boilerplate, saying something the facts have not, while the summary's words last. One sentence in
 * general; a bill, whose provisions are its substance, fills the summary's budget (ADR 0019).
 */
const ownSentences = (candidates: readonly TextUnit[], told: readonly DraftFact[], opening: readonly string[], most: number): TextUnit[] => {
  let left = SUMMARY_MAX_WORDS - opening.reduce((n, s) => n + wordCount(s), 0);
  const chosen: TextUnit[] = [];
  for (const u of candidates) {
    if (chosen.length >= most || left < OWN_MIN_WORDS) break;
    if (
      u.kind === 'boilerplate' || u.kind === 'table' || figures(u.text) || repetitive(u.text) || isFormality(u.text) || isClosingClause(u.text) || isTitleLine(u.text) || BOILERPLATE.test(u.text) ||
      u.wordCount < 6 || (most === 1 && (u.wordCount > OWN_MAX_WORDS || RECITAL.test(u.text) || shouting(u.text))) ||
      told.some((f) => u.text.includes(f.quote) || f.quote.includes(u.text))
    ) continue;
    chosen.push(u);
    left -= wordCount(summarySentence(u.text));
  }
  return chosen.sort((a, b) => a.id - b.id);
};

/** The most words of the one sentence of its own a summary adds after its facts: a longer one would be cut. */
const OWN_MAX_WORDS = 40;
/** A recital explains why ("WHEREAS…", "CONSIDÉRANT…", "CONSIDERANDO…"); the summary says what. */
const RECITAL = /^\s*(?:whereas|considérant|considerant|vu\b|visto|considerando|attendu)/i;
/** A line in capitals is a heading or a table's row, not a sentence to read. */
const shouting = (text: string): boolean => (text.match(/\p{Lu}/gu)?.length ?? 0) > 0.6 * (text.match(/\p{L}/gu)?.length ?? 1);

/** A row of a table read as a sentence: a quarter or more of its words are figures or dates. */
const figures = (text: string): boolean => {
  const words = text.split(/\s+/);
  return words.filter((w) => /\d/.test(w)).length >= words.length / 4;
};

/** A header row read as a sentence repeats its column names: "Handgun Long Gun *Other Handgun Long Gun…". */
const repetitive = (text: string): boolean => {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.length >= 8 && new Set(words).size < words.length / 2;
};

/** Fewest words worth adding as a sentence of the document's own. */
const OWN_MIN_WORDS = 8;

/** An own sentence as the summary shows it: whole when it fits, else cut to what is left of the summary's words. */
const summaryWords = (unit: TextUnit, opening: readonly string[], own: readonly TextUnit[]): string => {
  const before = own.slice(0, own.indexOf(unit)).reduce((n, u) => n + wordCount(summarySentence(u.text)), 0);
  const left = SUMMARY_MAX_WORDS - opening.reduce((n, s) => n + wordCount(s), 0) - before;
  const words = summarySentence(unit.text).split(/\s+/);
  return words.length <= left ? words.join(' ') : `${words.slice(0, Math.max(OWN_MIN_WORDS, left)).join(' ').replace(/[,;:]$/, '')}…`;
};

/** Kinds that record what happened: an event they name is over unless it is dated after the document. */
const RECORDS = new Set(['minutes', 'transcript', 'decision', 'report', 'table', 'vote-record']);
/** Actions about an event (a meeting, a hearing, a deadline), as findCitizenActions words them. */
const EVENT = /^(?:Attend|Join or follow|Note the deadline)\b/;

/**
 * An action a citizen can still take (issue 15): a dated one only when a date it names is after the document's
 * own; an undated event in a document that announces, or in minutes where they say what comes next; a standing
 * channel (a contact, a comment rule) always.
 */
const stillOpen = (action: { text: string; unit: TextUnit }, request: AnalysisRequest): boolean => {
  const { date, kind } = request.understanding;
  const dates = findDates(action.unit.text, request.language);
  if (date && dates.length > 0) return dates.some((d) => d.iso > date);
  if (!EVENT.test(action.text) || kind === null || !RECORDS.has(kind)) return true;
  // Minutes close with what comes next ("The Truth in Taxation Public Hearing is at 7 p.m."): that, and only that.
  return kind === 'minutes' && LOOKS_AHEAD.test(action.unit.text);
};

/** Words of a record that announce rather than narrate. */
const LOOKS_AHEAD = /\b(?:is|are) (?:at|on|scheduled|set|planned)\b|\bwill (?:be|hold|meet)\b|\b(?:next|upcoming|tentative)\b/i;
