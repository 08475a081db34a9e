import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  MAX_DOCUMENT_BYTES, RunAnalysis, TOO_LARGE_MESSAGE, WatchAnalysisProgress, analysisOptionsSchema, analyzeResponseSchema,
  analyzeUploadFieldsSchema, documentTitle, domainError, err, errorBodySchema, isFinalProgress, ok,
  type AnalysisProgressEvent, type DocumentSource, type DomainError, type Result,
} from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';
import { signedInUser } from '../plugins/authentication.ts';

/** Pasted text is limited by the tier (at most 10,000 characters when seeded); this only bounds the parser's memory. */
const MAX_FIELD_BYTES = 1024 * 1024;
/** A stream nobody ends (an analysis that never started) is closed after this long; EventSource reconnects if still wanted. */
const MAX_STREAM_MS = 15 * 60_000;
const HEARTBEAT_MS = 15_000;

interface AnalyzeForm {
  fields: Record<string, string>;
  file: { fileName: string; bytes: Buffer } | null;
}

const invalid = (message: string) => domainError('validation.invalid', message);

/**
 * Reads the multipart body into memory: the PDF's bytes never touch the disk and are dropped with the request
 * (DECISIONS "Privacy promise"). Limits are enforced while streaming: one file of at most 10 MB.
 */
async function readForm(app: FastifyInstance, request: FastifyRequest): Promise<Result<AnalyzeForm, DomainError>> {
  const fields: Record<string, string> = {};
  let file: AnalyzeForm['file'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 20, parts: 21, fieldSize: MAX_FIELD_BYTES } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser's empty file input sends a nameless, empty part: no file.
        if (bytes.length === 0 && !part.filename) continue;
        if (part.fieldname !== 'document') return err(invalid('Upload the PDF in the "document" field'));
        file = { fileName: part.filename, bytes };
      } else {
        if (part.valueTruncated) {
          return err(part.fieldname === 'text'
            ? domainError('document.too_many_characters', 'This text is far longer than any plan allows.')
            : invalid(`The field "${part.fieldname}" is too long`));
        }
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) return err(domainError('document.too_large', TOO_LARGE_MESSAGE));
    if (error instanceof app.multipartErrors.FilesLimitError) return err(invalid('Only one file can be uploaded at a time'));
    if (error instanceof app.multipartErrors.FieldsLimitError || error instanceof app.multipartErrors.PartsLimitError) {
      return err(invalid('The form has too many fields'));
    }
    // Anything else the parser throws is the body's fault: cut short ("Unexpected end of multipart data"),
    // a malformed part header, a connection closed mid-body. Only a fault of ours (a 5xx) goes on.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 500) throw error;
    return err(invalid('The form data is cut short or malformed'));
  }
  return ok({ fields, file });
}

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid request';

export async function analyzeRoutes(app: FastifyInstance) {
  // Registered in this plugin only: no other route accepts multipart bodies.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const runAnalysis = app.diContainer.get(RunAnalysis);
  const watchProgress = app.diContainer.get(WatchAnalysisProgress);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A stopping server ends its streams at once, so that closing waits for no stream: each browser's
  // EventSource reconnects, to another instance, and picks the analysis up there (ADR 0012).
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });

  routes.post('/api/analyze', {
    schema: {
      tags: ['analysis'],
      summary: 'Analyse a PDF (field "document") or pasted text (field "text"); costs 1 credit',
      description: 'multipart/form-data fields: document (one PDF, 10 MB at most) or text; title; analysisType (summary, '
        + 'constitutional, custom); country; state; customPrompt (custom only); progressId (a UUID, to follow '
        + 'GET /api/analyze/progress/{progressId}). A refusal takes no credit; a failed analysis gives its credit back.',
      consumes: ['multipart/form-data'],
      response: {
        200: analyzeResponseSchema,
        400: errorBodySchema, 401: errorBodySchema, 402: errorBodySchema, 403: errorBodySchema, 413: errorBodySchema, 503: errorBodySchema,
      },
    },
    preValidation: app.requireUser,
  }, async (request, reply) => {
    // Without a boundary the parser cannot find the parts: refused here rather than thrown from inside it.
    if (!request.isMultipart() || !/;\s*boundary=/i.test(request.headers['content-type'] ?? '')) {
      return sendDomainError(reply, invalid('Send the document as multipart/form-data'));
    }
    const form = await readForm(app, request);
    if (!form.ok) return sendDomainError(reply, form.error);
    const { fields, file } = form.value;

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

  routes.get('/api/analyze/progress/:progressId', {
    schema: {
      tags: ['analysis'],
      summary: 'Server-sent events of the caller\'s analysis posted with this progressId',
      description: 'Each event\'s data is a JSON analysisProgressEvent; the stream ends after "done" or "failed". It opens '
        + 'once the POST has taken the analysis in, on any instance (progress is kept in the database, ADR 0012), and '
        + 'until a minute after it ended; another id answers 404. Streams open at once are limited per user and per '
        + 'process (429, ADR 0005).',
      params: z.object({ progressId: z.uuid({ message: 'progressId must be a UUID' }) }),
      response: { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
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
