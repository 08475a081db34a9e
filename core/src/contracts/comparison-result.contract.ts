import { z } from 'zod';
import { changeTypes, documentKinds } from './analysis-catalogue.ts';
import { analyzerNames, documentLanguageSchema } from './analysis-result.contract.ts';

/** Where one version says what a change rests on: its words, its page, and whether they are on that page. */
export const changeSideSchema = z.object({
  quote: z.string().min(1),
  page: z.number().int().positive(),
  verified: z.boolean(),
});
export type ChangeSide = z.infer<typeof changeSideSchema>;

/**
 * One difference of substance between two versions of a document: a plain-English `statement`, and for each
 * version that holds it, the quote and page it rests on, checked like every citation (`verified`).
 */
export const changeSchema = z.object({
  type: z.enum(changeTypes),
  statement: z.string().min(1),
  before: changeSideSchema.optional(),
  after: changeSideSchema.optional(),
});
export type Change = z.infer<typeof changeSchema>;

const draftSideSchema = changeSideSchema.omit({ verified: true });
/** A change as a comparer writes it, before its quotes are checked. */
export const draftChangeSchema = changeSchema.extend({ before: draftSideSchema.optional(), after: draftSideSchema.optional() });
export type DraftChange = z.infer<typeof draftChangeSchema>;

/** What a comparison says of each version it read. */
export const comparedDocumentSchema = z.object({
  title: z.string(),
  pages: z.number().int().nonnegative(),
  /** Page numbers (1-based) that were read by OCR. */
  ocrPages: z.array(z.number().int().positive()),
  language: documentLanguageSchema.nullable(),
  documentKind: z.enum(documentKinds).nullable(),
});
export type ComparedDocument = z.infer<typeof comparedDocumentSchema>;

/**
 * The comparison of two versions of a document: a summary, the changes of substance in the order a reader
 * needs them, and what was compared. Stored in the history beside analyses (analysis type `comparison`).
 */
export const comparisonResultSchema = z.object({
  summary: z.string(),
  changes: z.array(changeSchema),
  metadata: z.object({
    /** False when the two documents share too little to be versions of one document. */
    related: z.boolean(),
    earlier: comparedDocumentSchema,
    later: comparedDocumentSchema,
    analyzer: z.enum(analyzerNames),
    model: z.string().nullable(),
    /** Milliseconds, from the start of reading the first version to the checked result. */
    processingTime: z.number().int().nonnegative(),
    /** What a reader must know about how far to trust this comparison, in plain words. */
    warnings: z.array(z.string()),
  }),
});
export type ComparisonResult = z.infer<typeof comparisonResultSchema>;
