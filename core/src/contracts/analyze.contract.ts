import { z } from 'zod';
import { storableText, textField } from './fields.ts';
import { analysisTypeSchema } from './analysis-summary.contract.ts';
import { countryCodes, usStates } from './geography.ts';

export const MAX_TEXT_CHARACTERS = 10_000;
export const MAX_CUSTOM_FOCUS_CHARACTERS = 2_000;
export const DEFAULT_TEXT_TITLE = 'Text Document';
export const DEFAULT_DOCUMENT_TITLE = 'Government Document';
/** One uploaded PDF at most, of at most 10 MB (docs/product/credits-and-tiers.md "Tiers"). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_TITLE_CHARACTERS = 200;

const usStateCodes = usStates.map(([code]) => code) as unknown as readonly [string, ...string[]];
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A UUID the client generates and sends with its document, to follow the analysis as it runs. */
const progressIdRule = z.uuid({ message: 'progressId must be a UUID' });
export const progressIdField = z.preprocess(blankToUndefined, progressIdRule.optional())
  .describe('A UUID of the client\'s making, to follow GET /api/analyze/progress/{progressId}');

/** The path of an analysis followed or cancelled by its progress id: GET /api/analyze/progress/{progressId}, and /cancel. */
export const progressParamsSchema = z.object({ progressId: progressIdRule });

/**
 * What an analysis is asked for, besides the document (docs/product/api.md "Endpoints"): shared by the API's
 * multipart fields, the Analyze page and `civicwatch analyze`. Tier rules (state and custom for paid
 * tiers) are the use case's, not the schema's.
 */
export const analysisOptionsSchema = z
  .object({
    analysisType: analysisTypeSchema.default('constitutional').describe('What to read the document for; `custom` follows `customPrompt` and needs a paid tier'),
    country: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(countryCodes, { message: 'Please choose a country from the list' })).default('US')
      .describe('The country whose law applies, as its two-letter code'),
    state: z.preprocess((v) => (typeof blankToUndefined(v) === 'string' ? (v as string).trim().toUpperCase() : undefined),
      z.enum(usStateCodes, { message: 'Please choose a US state from the list' }).optional())
      .describe('A US state, as its two-letter code, whose law applies too: United States only, paid tiers'),
    customPrompt: z.preprocess(blankToUndefined, textField().pipe(z.string().trim()
      .max(MAX_CUSTOM_FOCUS_CHARACTERS, { message: `The focus area can be at most ${MAX_CUSTOM_FOCUS_CHARACTERS} characters` })).optional())
      .describe('The focus area of a custom analysis'),
  })
  .refine((v) => v.state === undefined || v.country === 'US', { message: 'A state can only be chosen in the United States', path: ['state'] });
export type AnalysisOptions = z.infer<typeof analysisOptionsSchema>;

/**
 * The other fields of POST /api/analyze's multipart body (besides `document` and the options above):
 * `text` for pasted text, an optional `title`, and `progressId`, a UUID the client generates to follow
 * GET /api/analyze/progress/{progressId}. Text limits are the tier's, checked by the use case.
 */
export const analyzeUploadFieldsSchema = z.object({
  // A document's text, pasted: its NUL characters (from a copied PDF, say) are dropped rather than refused.
  text: z.string().transform(storableText).optional().describe('The document\'s text, pasted, instead of a PDF'),
  title: z.preprocess(blankToUndefined, textField().pipe(z.string().trim()
    .max(MAX_TITLE_CHARACTERS, { message: `The title can be at most ${MAX_TITLE_CHARACTERS} characters` })).optional())
    .describe(`The title in the history; else the PDF's file name, or "${DEFAULT_TEXT_TITLE}" for pasted text`),
  progressId: progressIdField,
});
export type AnalyzeUploadFields = z.infer<typeof analyzeUploadFieldsSchema>;
