import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  MAX_DOCUMENT_BYTES, RunAnalysis, compareResponseSchema, compareUploadFieldsSchema, documentTitle, errorBodySchema, missingVersionMessage, versionLabels,
  type DocumentSource, type VersionSide,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { invalid, readMultipartForm, type MultipartForm } from '../http/multipart-form.ts';
import { signedInUser } from '../plugins/authentication.ts';
import { leftBlank, multipartBody, needsSession } from '../plugins/api-docs.ts';

/** POST /api/compare's body: each version a PDF file part or pasted text, in "before" and "after". */
const COMPARE_FORM = {
  fileFields: ['before', 'after'],
  textFields: ['before', 'after'],
  tooManyFiles: 'Upload one PDF for each version: "before" and "after"',
} as const;

const FIELDS: Record<VersionSide, 'before' | 'after'> = { earlier: 'before', later: 'after' };

/**
 * That body as the API reference shows it: each version as a PDF part, so that the page offers a file to choose;
 * the description, the contract's, says its text may come as a text field instead.
 */
const pdfOrText = (field: z.ZodType) =>
  z.file().mime('application/pdf').optional().describe(`${field.description ?? ''} (a PDF of ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB at most)`);
const { before, after, beforeTitle, afterTitle, progressId } = compareUploadFieldsSchema.shape;
export const compareFormDoc = z.object({
  before: pdfOrText(before), after: pdfOrText(after),
  beforeTitle: leftBlank(beforeTitle), afterTitle: leftBlank(afterTitle), progressId: leftBlank(progressId),
});

/** One version of the form: its PDF or its pasted text, and its title. */
const versionOf = (form: MultipartForm, side: VersionSide, text: string | undefined, typedTitle: string | undefined) => {
  const file = form.files[FIELDS[side]];
  const pasted = text?.trim() ? text : undefined;
  if (file && pasted) return invalid(`${versionLabels[side]}: send either a PDF or text, not both`);
  if (!file && !pasted) return invalid(missingVersionMessage(side));
  const source: DocumentSource = file ? { kind: 'pdf', bytes: file.bytes } : { kind: 'text', text: pasted! };
  return { title: documentTitle({ kind: source.kind, title: typedTitle, fileName: file?.fileName }), source };
};

/** Comparing two versions of a document (ADR 0022): the same limits, credit, ledger and errors as an analysis. */
export async function compareRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const runAnalysis = app.diContainer.get(RunAnalysis);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/compare', {
    schema: {
      operationId: 'compareVersions',
      tags: ['analysis'],
      summary: 'Compare two versions of a document (fields "before" and "after"); costs 1 credit, paid tiers only',
      description: 'The comparison is stored in the history as an entry of type "comparison"; send a `progressId` to follow it '
        + 'meanwhile. A refusal takes no credit; a failed comparison gives its credit back.',
      security: needsSession,
      response: {
        200: compareResponseSchema.describe('The comparison, stored in the history; 1 credit spent'),
        400: errorBodySchema, 401: errorBodySchema, 402: errorBodySchema.describe('No credits left'),
        403: errorBodySchema.describe('Comparing versions needs a paid tier'),
        409: errorBodySchema.describe('Cancelled by the caller while it waited or ran; its credit is given back'),
        413: errorBodySchema,
        500: errorBodySchema.describe('The comparison failed after every retry; its credit is given back'),
        503: errorBodySchema.describe('The analyser is unavailable (the credit is given back), or the comparison outlasted the request and goes on'),
      },
    },
    config: { swaggerTransform: multipartBody(compareFormDoc) },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const form = await readMultipartForm(app, request, COMPARE_FORM);
    if (!form.ok) return sendDomainError(reply, form.error);
    const upload = compareUploadFieldsSchema.safeParse(form.value.fields);
    if (!upload.success) return sendDomainError(reply, invalid(upload.error.issues[0]?.message ?? 'Invalid request'));
    const earlier = versionOf(form.value, 'earlier', upload.data.before, upload.data.beforeTitle);
    if ('code' in earlier) return sendDomainError(reply, earlier);
    const later = versionOf(form.value, 'later', upload.data.after, upload.data.afterTitle);
    if ('code' in later) return sendDomainError(reply, later);

    const result = await runAnalysis.execute({
      userId: signedInUser(request).id,
      source: later.source,
      title: later.title,
      options: { analysisType: 'comparison' },
      earlier,
      progressId: upload.data.progressId,
    });
    if (!result.ok) return sendDomainError(reply, result.error);
    const { id, createdAt, result: comparison } = result.value;
    return { ...comparison, analysisId: id, createdAt: createdAt.toISOString() };
  });
}
