import { z } from 'zod';
import { documentKinds, factTypes, listSectionKeys, perListSection, summarySection } from './analysis-catalogue.ts';

/** The lists of a result that citations can point into, plus the summary itself. */
export const citedSections = [summarySection.key, ...listSectionKeys];
export const citedSectionSchema = z.enum(citedSections);
export type CitedSection = z.infer<typeof citedSectionSchema>;

export const analyzerNames = ['embedded', 'openai', 'ollama'] as const;
export type AnalyzerName = (typeof analyzerNames)[number];

/**
 * One grounding of one point: `section` names the list (or `summary`), `index` the item in it,
 * `verified` is true only when the quote was found in the extracted text of `page` (docs/product/analysis.md "Result fields").
 */
export const citationSchema = z.object({
  section: citedSectionSchema,
  index: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  quote: z.string().min(1),
  verified: z.boolean(),
});
export type Citation = z.infer<typeof citationSchema>;

export const sentimentSchema = z.object({
  /** 1 very negative for citizens … 5 very positive. */
  rating: z.number().min(1).max(5),
  confidence: z.number().min(0).max(1),
});

/**
 * The language a document is written in: its ISO 639-1 code and English name (`{ code: 'es', name: 'Spanish' }`).
 * Null in a result when the text was too short or too mixed to tell.
 */
export const documentLanguageSchema = z.object({
  code: z.string().regex(/^[a-z]{2}$/),
  name: z.string().min(1),
});
export type DocumentLanguage = z.infer<typeof documentLanguageSchema>;

/** A result's language as every reader shows it (web, PDF report, command line). */
export const languageLabel = (language: DocumentLanguage | null): string => language?.name ?? 'Not determined';

/** "A", "A or B", "A, B or C": figures as one sentence names them. */
const listed = (items: readonly string[], last: 'or' | 'and'): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;

/** Figures a warning names one by one; past them it counts the rest, so that it stays a sentence. */
const NAMED_FIGURES = 6;

/**
 * Written after a point of a language model that states a figure the document does not contain (docs/product/analysis.md "Checked
 * numbers"): part of the point's text, so every reader shows it (web, PDF report, command line).
 */
export const figureMarker = (figures: readonly string[]): string => `(Check this: the document does not contain ${listed(figures, 'or')}.)`;

const FIGURE_MARKER = / \((Check this: the document does not contain [^()]{1,2000}\.)\)$/;

/** A point's own words and, apart, the sentence of its figure marker (without its brackets), for a reader to set off. */
export const splitFigureMarker = (point: string): { text: string; marker: string | null } => {
  const found = FIGURE_MARKER.exec(point);
  return found ? { text: point.slice(0, found.index), marker: found[1] ?? null } : { text: point, marker: null };
};

/** For `metadata.warnings`: the figures an analysis states and the document does not contain, in one sentence. */
export const figuresWarning = (figures: readonly string[]): string => {
  const named = figures.length > NAMED_FIGURES
    ? [...figures.slice(0, NAMED_FIGURES - 1), `${figures.length - NAMED_FIGURES + 1} other figures`]
    : figures;
  return `The analysis mentions ${listed(named, 'and')}, which the document does not contain.`;
};

/**
 * One thing the document says that a citizen needs (a decision, a vote, an amount, a deadline...): a plain-English
 * `statement`, and the quote and page it rests on, checked like every citation. A result keeps only facts whose
 * quote was found on their page, so nothing unverified is stated as a fact.
 */
export const factSchema = z.object({
  type: z.enum(factTypes),
  statement: z.string().min(1),
  quote: z.string().min(1),
  page: z.number().int().positive(),
  verified: z.boolean(),
});
export type Fact = z.infer<typeof factSchema>;
export const draftFactSchema = factSchema.omit({ verified: true });
export type DraftFact = z.infer<typeof draftFactSchema>;

/** The findings of an analysis, in the spec's fields and shapes (§3): lists of strings, old clients keep working. */
const findingsSchema = z.object({
  summary: z.string(),
  ...perListSection(() => z.array(z.string())),
  sentiment: sentimentSchema,
});

/** The analysis result: its fields and shapes, and the additions since the first release (docs/product/analysis.md "Result fields"). */
export const analysisResultSchema = findingsSchema.extend({
  /** Results stored before facts existed have none. */
  facts: z.array(factSchema).default([]),
  metadata: z.object({
    wordCount: z.number().int().nonnegative(),
    /** Milliseconds, from the start of extraction to the grounded result. */
    processingTime: z.number().int().nonnegative(),
    pages: z.number().int().nonnegative(),
    /** Page numbers (1-based) that were read by OCR. */
    ocrPages: z.array(z.number().int().positive()),
    analyzer: z.enum(analyzerNames),
    model: z.string().nullable(),
    /** Hash of the prompt used; null for the embedded analyzer, which uses none. */
    promptVersion: z.string().nullable(),
    /** The document's language as detected from its text; null when undetermined. */
    language: documentLanguageSchema.nullable(),
    /** What a reader must know about how far to trust this analysis, in plain words (a language the analyzer handles less well). */
    warnings: z.array(z.string()),
    /** What kind of document it is, from its structure and vocabulary; null in results stored before kinds existed. */
    documentKind: z.enum(documentKinds).nullable().default(null),
  }),
  citations: z.array(citationSchema),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/** The items of a list that parse: one malformed item drops only itself. */
const itemsThatParse = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((items) => items.flatMap((raw) => {
      const parsed = item.safeParse(raw);
      return parsed.success ? [parsed.data as z.infer<T>] : [];
    }));

const resultShape = analysisResultSchema.shape;

/**
 * A result as readers get it back from storage, read with the result's own fields but forgiving what older
 * analyses lack (docs/product/analysis.md "Result fields"): results stored before citations, facts or some metadata
 * existed read as empty lists and absent metadata (`undefined`, where `null` means "looked, found none").
 */
const storedResultSchema = z.object({
  summary: resultShape.summary.catch(''),
  ...perListSection((key) => resultShape[key].catch([])),
  sentiment: resultShape.sentiment.nullable().catch(null),
  facts: itemsThatParse(factSchema),
  metadata: resultShape.metadata
    .partial()
    // The result's schema fills in null, "looked and found no kind"; a result stored before kinds existed never looked.
    .extend({ documentKind: resultShape.metadata.shape.documentKind.unwrap().optional() })
    .catch({}),
  citations: itemsThatParse(citationSchema),
});
export type StoredAnalysisResult = z.infer<typeof storedResultSchema>;

/** Reads a stored or freshly answered result (docs/product/analysis.md "Result fields": an object, or a JSON string); null when it is not a result at all. */
export function readStoredResult(raw: unknown): StoredAnalysisResult | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  return storedResultSchema.parse(value);
}

/** The citations of one point, by page: `index` is ignored for the summary, which is a single text. */
export function citationsOf(result: { citations: readonly Citation[] }, section: CitedSection, index = 0): Citation[] {
  return result.citations
    .filter((c) => c.section === section && (section === summarySection.key || c.index === index))
    .sort((a, b) => a.page - b.page);
}

/**
 * What an analyzer produces before grounding: the JSON schema given to LLMs (structured output).
 * Citations carry no `verified`: only the grounding step may say a quote is really there.
 */
export const analyzerDraftSchema = findingsSchema.extend({
  citations: z.array(citationSchema.omit({ verified: true })),
});
export type AnalyzerDraft = z.infer<typeof analyzerDraftSchema>;
