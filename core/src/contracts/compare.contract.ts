import { z } from 'zod';
import { DEFAULT_TEXT_TITLE, MAX_TITLE_CHARACTERS, progressIdField } from './analyze.contract.ts';
import { versionLabels, type VersionSide } from './analysis-catalogue.ts';
import { comparisonResultSchema } from './comparison-result.contract.ts';
import { storableText, textField } from './fields.ts';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const titleOf = (version: string) => `The ${version} version's title; else its PDF's file name, or "${DEFAULT_TEXT_TITLE}"`;
const title = textField().pipe(z.string().trim().max(MAX_TITLE_CHARACTERS, { message: `A title can be at most ${MAX_TITLE_CHARACTERS} characters` }));

/**
 * The text fields of POST /api/compare's multipart body (ADR 0022): `before` and `after` are each a PDF file
 * part or a text field of pasted text; `beforeTitle` and `afterTitle` name them (else the file's name, or "Text
 * Document"); `progressId` is a UUID the client generates to follow GET /api/analyze/progress/{progressId}.
 * Shared by the API, the Compare page and `civicwatch compare`.
 */
export const compareUploadFieldsSchema = z.object({
  before: z.string().transform(storableText).optional().describe('The earlier version: its text, pasted, or its PDF as a file part'),
  after: z.string().transform(storableText).optional().describe('The later version: its text, pasted, or its PDF as a file part'),
  beforeTitle: z.preprocess(blankToUndefined, title.optional()).describe(titleOf('earlier')),
  afterTitle: z.preprocess(blankToUndefined, title.optional()).describe(titleOf('later')),
  progressId: progressIdField,
});
export type CompareUploadFields = z.infer<typeof compareUploadFieldsSchema>;

/** The refusal of a version sent with neither a PDF nor text; the Compare page says it before any upload. */
export const missingVersionMessage = (side: VersionSide) => `${versionLabels[side]}: please upload a PDF or paste its text`;

/** POST /api/compare's answer: the comparison, stored in the history under `analysisId`. */
export const compareResponseSchema = comparisonResultSchema.extend({
  analysisId: z.uuid(),
  createdAt: z.iso.datetime(),
}).meta({ id: 'CompareResponse', description: 'A comparison of two versions, stored in the history under `analysisId`' });
export type CompareResponse = z.infer<typeof compareResponseSchema>;
