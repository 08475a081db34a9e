import { z } from 'zod';
import { versionSides } from './analysis-catalogue.ts';
import { textField } from './fields.ts';
import { analysisResultSchema } from './analysis-result.contract.ts';
import { analysisListItemSchema } from './dashboard.contract.ts';

/** POST /api/analyze answers the result itself (docs/product/analysis.md "Result fields" fields at the top level) plus its id and time (docs/product). */
export const analyzeResponseSchema = analysisResultSchema.extend({
  analysisId: z.uuid(),
  createdAt: z.iso.datetime(),
}).meta({ id: 'AnalyzeResponse', description: "An analysis's result, stored in the history under `analysisId`" });
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

/** GET /api/analyses: the whole history, newest first, searchable by title. */
export const analysisListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { message: 'page must be 1 or more' }).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, { message: 'pageSize must be between 1 and 100' }).default(20),
  q: textField().pipe(z.string().trim().max(200)).optional(),
});
export type AnalysisListQuery = z.infer<typeof analysisListQuerySchema>;

export const analysisListSchema = z.object({
  items: z.array(analysisListItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
}).meta({ id: 'AnalysisList', description: 'A page of the analysis history, newest first' });
export type AnalysisList = z.infer<typeof analysisListSchema>;

/**
 * Server-sent events of GET /api/analyze/progress/{progressId}, where progressId is a UUID the client
 * generates and also sends as the `progressId` field of POST /api/analyze. The stream ends after `done` or `failed`.
 */
export const analysisProgressEventSchema = z.discriminatedUnion('stage', [
  // Waiting for a worker: `ahead` analyses come first, the wait estimated from recent analysis times when
  // there are any. Both are missing from the event the submission sends.
  z.object({
    stage: z.literal('queued'),
    ahead: z.number().int().min(0).optional(),
    estimatedSeconds: z.number().int().min(0).optional(),
  }),
  // A comparison reads two versions: `version` says which one's pages these are.
  z.object({ stage: z.literal('extracting'), page: z.number().int(), pages: z.number().int(), version: z.enum(versionSides).optional() }),
  z.object({ stage: z.literal('ocr'), page: z.number().int(), pages: z.number().int(), version: z.enum(versionSides).optional() }),
  // A language model reads a long document in parts: `part` of `parts` is the one it has just finished.
  z.object({ stage: z.literal('analysing'), part: z.number().int().min(1).optional(), parts: z.number().int().min(1).optional() }),
  z.object({ stage: z.literal('comparing') }),
  z.object({ stage: z.literal('checking_citations') }),
  z.object({ stage: z.literal('done') }),
  z.object({ stage: z.literal('failed'), message: z.string() }),
  // Its owner cancelled it: the credit is back, nothing is kept.
  z.object({ stage: z.literal('cancelled'), message: z.string() }),
]).meta({ id: 'AnalysisProgressEvent', description: 'Where an analysis stands; `done`, `failed` and `cancelled` end the stream' });
export type AnalysisProgressEvent = z.infer<typeof analysisProgressEventSchema>;

/** The events after which an analysis says nothing more, and its stream ends. */
export const isFinalProgress = (event: AnalysisProgressEvent): boolean =>
  event.stage === 'done' || event.stage === 'failed' || event.stage === 'cancelled';
