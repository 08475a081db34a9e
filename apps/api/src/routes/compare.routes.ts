import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import {
  RunAnalysis, compareResponseSchema, compareUploadFieldsSchema, documentTitle, errorBodySchema, missingVersionMessage, versionLabels,
  type DocumentSource, type VersionSide,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { invalid, readMultipartForm, type MultipartForm } from '../http/multipart-form.ts';
import { signedInUser } from '../plugins/authentication.ts';

/** POST /api/compare's body: each version a PDF file part or pasted text, in "before" and "after". */
const COMPARE_FORM = {
  fileFields: ['before', 'after'],
  textFields: ['before', 'after'],
  tooManyFiles: 'Upload one PDF for each version: "before" and "after"',
} as const;

const FIELDS: Record<VersionSide, 'before' | 'after'> = { earlier: 'before', later: 'after' };

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
      tags: ['analysis'],
      summary: 'Compare two versions of a document (fields "before" and "after"); costs 1 credit, paid tiers only',
      description: 'multipart/form-data fields: before and after, each one PDF (10 MB at most) or pasted text; beforeTitle; '
        + 'afterTitle; progressId (a UUID, to follow GET /api/analyze/progress/{progressId}). The comparison is stored in '
        + 'the history as an entry of type "comparison". A refusal takes no credit; a failed comparison gives its credit back.',
      consumes: ['multipart/form-data'],
      response: {
        200: compareResponseSchema,
        400: errorBodySchema, 401: errorBodySchema, 402: errorBodySchema, 403: errorBodySchema, 413: errorBodySchema, 503: errorBodySchema,
      },
    },
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
