import { z } from 'zod';
import { MAX_TITLE_CHARACTERS } from './analyze.contract.ts';
import { versionLabels, type VersionSide } from './analysis-catalogue.ts';
import { comparisonResultSchema } from './comparison-result.contract.ts';
import { storableText, textField } from './fields.ts';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const title = textField().pipe(z.string().trim().max(MAX_TITLE_CHARACTERS, { message: `A title can be at most ${MAX_TITLE_CHARACTERS} characters` }));

/**
 * The text fields of POST /api/compare's multipart body (ADR 0022): `before` and `after` are each a PDF file
 * part or a text field of pasted text; `beforeTitle` and `afterTitle` name them (else the file's name, or "Text
 * Document"); `progressId` is a UUID the client generates to follow GET /api/analyze/progress/{progressId}.
 * Shared by the API, the Compare page and `civicwatch compare`.
 */
export const compareUploadFieldsSchema = z.object({
  before: z.string().transform(storableText).optional(),
  after: z.string().transform(storableText).optional(),
  beforeTitle: z.preprocess(blankToUndefined, title.optional()),
  afterTitle: z.preprocess(blankToUndefined, title.optional()),
  progressId: z.preprocess(blankToUndefined, z.uuid({ message: 'progressId must be a UUID' }).optional()),
});
export type CompareUploadFields = z.infer<typeof compareUploadFieldsSchema>;

/** The refusal of a version sent with neither a PDF nor text; the Compare page says it before any upload. */
export const missingVersionMessage = (side: VersionSide) => `${versionLabels[side]}: please upload a PDF or paste its text`;

/** POST /api/compare's answer: the comparison, stored in the history under `analysisId`. */
export const compareResponseSchema = comparisonResultSchema.extend({
  analysisId: z.uuid(),
  createdAt: z.iso.datetime(),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;
