import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  CancelAnalysis, MAX_DOCUMENT_BYTES, progressParamsSchema, RunAnalysis, WatchAnalysisProgress, analysisOptionsSchema, analysisProgressEventSchema, analyzeResponseSchema,
  analyzeUploadFieldsSchema, documentTitle, errorBodySchema, isFinalProgress, type AnalysisProgressEvent, type DocumentSource,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { invalid, readMultipartForm } from '../http/multipart-form.ts';
import { signedInUser } from '../plugins/authentication.ts';
import { leftBlank, multipartBody, needsSession } from '../plugins/api-docs.ts';

/** A stream nobody ends (an analysis that never started) is closed after this long; EventSource reconnects if still wanted. */
const MAX_STREAM_MS = 15 * 60_000;
const HEARTBEAT_MS = 15_000;

/** POST /api/analyze's body: one PDF in "document", or pasted text in "text". */
const ANALYZE_FORM = { fileFields: ['document'], textFields: ['text'], tooManyFiles: 'Only one file can be uploaded at a time' } as const;

/** That body as the API reference shows it: the PDF part, and the text fields the handler parses with the contracts. */
const { text, title, progressId } = analyzeUploadFieldsSchema.shape;
const { analysisType, country, state, customPrompt } = analysisOptionsSchema.shape;
export const analyzeFormDoc = z.object({
  document: z.file().mime('application/pdf').optional().describe(`The PDF, ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB at most; or send \`text\``),
  text: leftBlank(text), title: leftBlank(title), analysisType, country, state: leftBlank(state), customPrompt: leftBlank(customPrompt),
  progressId: leftBlank(progressId),
});

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid request';

export async function analyzeRoutes(app: FastifyInstance) {
  // Registered in this plugin only: no other route accepts multipart bodies.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const runAnalysis = app.diContainer.get(RunAnalysis);
  const watchProgress = app.diContainer.get(WatchAnalysisProgress);
  const cancelAnalysis = app.diContainer.get(CancelAnalysis);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A stopping server ends its streams at once, so that closing waits for no stream: each browser's
  // EventSource reconnects, to another instance, and picks the analysis up there (ADR 0012).
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });

  routes.post('/api/analyze', {
    schema: {
      operationId: 'analyzeDocument',
      tags: ['analysis'],
      summary: 'Analyse a PDF (part "document") or pasted text (field "text"); costs 1 credit',
      description: 'The answer comes when the analysis is done; send a `progressId` to follow it meanwhile. A refusal takes no '
        + 'credit; a failed analysis gives its credit back.',
      security: needsSession,
      response: {
        200: analyzeResponseSchema.describe('The analysis, stored in the history; 1 credit spent'),
        400: errorBodySchema, 401: errorBodySchema, 402: errorBodySchema.describe('No credits left'),
        403: errorBodySchema.describe('This tier does not offer the analysis asked for (a state, a custom focus)'),
        409: errorBodySchema.describe('Cancelled by the caller while it waited or ran; its credit is given back'),
        413: errorBodySchema,
        500: errorBodySchema.describe('The analysis failed after every retry; its credit is given back'),
        503: errorBodySchema.describe('The analyser is unavailable (the credit is given back), or the analysis outlasted the request and goes on'),
      },
    },
    config: { swaggerTransform: multipartBody(analyzeFormDoc) },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const form = await readMultipartForm(app, request, ANALYZE_FORM);
    if (!form.ok) return sendDomainError(reply, form.error);
    const { fields } = form.value;
    const file = form.value.files.document;

    const options = analysisOptionsSchema.safeParse(fields);
    if (!options.success) return sendDomainError(reply, invalid(firstIssue(options.error)));
    const upload = analyzeUploadFieldsSchema.safeParse(fields);
    if (!upload.success) return sendDomainError(reply, invalid(firstIssue(upload.error)));
    const text = upload.data.text?.trim() ? upload.data.text : undefined;
    if (file && text) return sendDomainError(reply, invalid('Send either a PDF or text, not both'));
    if (!file && !text) return sendDomainError(reply, invalid('Please upload a PDF or paste the text to analyse'));

    const source: DocumentSource = file ? { kind: 'pdf', bytes: file.bytes } : { kind: 'text', text: text! };
    const result = await runAnalysis.execute({
      userId: signedInUser(request).id,
      source,
      title: documentTitle({ kind: source.kind, title: upload.data.title, fileName: file?.fileName }),
      options: options.data,
      progressId: upload.data.progressId,
    });
    if (!result.ok) return sendDomainError(reply, result.error);
    const { id, createdAt, result: analysis } = result.value;
    return { ...analysis, analysisId: id, createdAt: createdAt.toISOString() };
  });

  routes.post('/api/analyze/progress/:progressId/cancel', {
    schema: {
      operationId: 'cancelAnalysis',
      tags: ['analysis'],
      summary: 'Cancel the caller\'s queued or running analysis or comparison posted with this progressId',
      description: 'Its credit comes back and nothing of it is kept; the waiting POST answers 409 `analysis.cancelled` and '
        + 'the progress stream ends with `cancelled`. A worker running it stops within a few seconds.',
      security: needsSession,
      params: progressParamsSchema,
      response: {
        204: z.null().describe('Cancelled, the credit given back'),
        400: errorBodySchema, 401: errorBodySchema,
        404: errorBodySchema.describe('No queued or running analysis of the caller\'s with this progressId: it has ended'),
      },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    const cancelled = await cancelAnalysis.execute({ userId: signedInUser(request).id, progressId: request.params.progressId });
    if (!cancelled.ok) return sendDomainError(reply, cancelled.error);
    return reply.code(204).send(null);
  });

  routes.get('/api/analyze/progress/:progressId', {
    schema: {
      operationId: 'followAnalysisProgress',
      tags: ['analysis'],
      summary: 'Server-sent events of the caller\'s analysis posted with this progressId',
      security: needsSession,
      description: 'Each event\'s data is a JSON analysisProgressEvent; the stream ends after "done", "failed" or "cancelled". It opens '
        + 'once the POST has taken the analysis in, on any instance (progress is kept in the database, ADR 0012), and '
        + 'until a minute after it ended; another id answers 404. Streams open at once are limited per user and per '
        + 'process (429, ADR 0005).',
      params: progressParamsSchema,
      response: {
        200: {
          description: 'A stream of events, each `data:` line an AnalysisProgressEvent as JSON',
          content: { 'text/event-stream': { schema: analysisProgressEventSchema } },
        },
        400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema.describe('No analysis of the caller\'s with this progressId'),
        429: errorBodySchema.describe('Too many progress streams open at once'),
      },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    // Events that arrive before the head is written wait here (the hub calls no listener during subscribe,
    // but the head is written only once the watch is accepted).
    const early: AnalysisProgressEvent[] = [];
    let send: ((event: AnalysisProgressEvent) => void) | null = null;
    const watching = await watchProgress.execute({
      userId: signedInUser(request).id,
      progressId: request.params.progressId,
      listener: (event) => (send ? send(event) : early.push(event)),
    });
    // Not the caller's analysis, or too many streams: answered before any stream starts.
    if (!watching.ok) return sendDomainError(reply, watching.error);
    const unsubscribe = watching.value;

    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      // Headers set by hooks (helmet) travel with the hijacked response too.
      ...(Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Proxies such as nginx must pass events on as they come.
      'x-accel-buffering': 'no',
    });
    stream.write('retry: 3000\n\n');

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      openStreams.delete(close);
      clearInterval(heartbeat);
      clearTimeout(deadline);
      // Gives the stream's slot back too (ADR 0005).
      unsubscribe();
      if (!stream.writableEnded) stream.end();
    };
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const deadline = setTimeout(close, MAX_STREAM_MS);
    heartbeat.unref();
    deadline.unref();
    // 'close' on the response: it ended, or the client went away. Either way the listener and the slot go.
    stream.on('close', close);
    openStreams.add(close);
    // A client that went away while the watch was being checked: its 'close' has been and gone.
    if (request.raw.socket?.destroyed) close();

    send = (event: AnalysisProgressEvent) => {
      if (closed) return;
      stream.write(`data: ${JSON.stringify(event)}\n\n`);
      if (isFinalProgress(event)) close();
    };
    for (const event of early.splice(0)) send(event);
  });
}
