import {
  DeleteAnalysis, GetAnalysis, ListAnalyses, RunAnalysis, analysisListQuerySchema, analysisOptionsSchema, analyzeUploadFieldsSchema,
  compareUploadFieldsSchema, documentTitle, toAnalysisListItem, toAnalysisView, versionLabels, type DocumentSource, type DomainError, type VersionSide,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { Outcome } from './accounts.ability.ts';
import type { Analyses, VersionInput } from './analyses.ability.ts';
import type { UseCaseSession } from './use-case-accounts.ts';

const refused = (error: DomainError): Outcome<never> => ({ ok: false, code: error.code, message: error.message });
const unauthorized: Outcome<never> = { ok: false, code: 'auth.unauthorized', message: 'Unauthorized' };
const invalid = (message: string): Outcome<never> => ({ ok: false, code: 'validation.invalid', message });

/** One version as POST /api/compare reads it from its form: a PDF or pasted text, never both, never neither. */
const versionOf = (side: VersionSide, input: VersionInput | undefined, pasted: string | undefined, typedTitle: string | undefined) => {
  const pdf = input && 'pdf' in input ? input.pdf : undefined;
  const text = pasted?.trim() ? pasted : undefined;
  if (!pdf && !text) return invalid(`${versionLabels[side]}: please upload a PDF or paste its text`);
  const source: DocumentSource = pdf ? { kind: 'pdf', bytes: pdf.bytes } : { kind: 'text', text: text! };
  return { title: documentTitle({ kind: source.kind, title: typedTitle, fileName: pdf?.fileName }), source };
};
const textOf = (input: VersionInput | undefined) => (input && 'text' in input ? input.text : undefined);

/** Parses with the contracts the API uses, then calls the use cases as the signed-in user of the session. */
export function useCaseAnalyses(runtime: Runtime, session: UseCaseSession): Analyses {
  const get = <T>(token: unknown) => runtime.container.get<T>(token as never);

  return {
    async analyze(request) {
      if (!session.userId) return unauthorized;
      const fields = { ...request, pdf: undefined };
      const options = analysisOptionsSchema.safeParse(fields);
      if (!options.success) return { ok: false, code: 'validation.invalid', message: options.error.issues[0]?.message ?? 'Invalid input' };
      const upload = analyzeUploadFieldsSchema.safeParse(fields);
      if (!upload.success) return { ok: false, code: 'validation.invalid', message: upload.error.issues[0]?.message ?? 'Invalid input' };
      const source: DocumentSource = request.pdf ? { kind: 'pdf', bytes: request.pdf.bytes } : { kind: 'text', text: request.text ?? '' };
      const result = await get<RunAnalysis>(RunAnalysis).execute({
        userId: session.userId,
        source,
        title: documentTitle({ kind: source.kind, title: upload.data.title, fileName: request.pdf?.fileName }),
        options: options.data,
      });
      if (!result.ok) return refused(result.error);
      const { id, createdAt, result: analysis } = result.value;
      return { ok: true, value: { ...analysis, analysisId: id, createdAt: createdAt.toISOString() } };
    },
    async compare(request) {
      if (!session.userId) return unauthorized;
      const fields = compareUploadFieldsSchema.safeParse({
        before: textOf(request.before), after: textOf(request.after), beforeTitle: request.beforeTitle, afterTitle: request.afterTitle,
      });
      if (!fields.success) return invalid(fields.error.issues[0]?.message ?? 'Invalid input');
      const earlier = versionOf('earlier', request.before, fields.data.before, fields.data.beforeTitle);
      if ('ok' in earlier) return earlier;
      const later = versionOf('later', request.after, fields.data.after, fields.data.afterTitle);
      if ('ok' in later) return later;
      const result = await get<RunAnalysis>(RunAnalysis).execute({
        userId: session.userId, source: later.source, title: later.title, options: { analysisType: 'comparison' }, earlier,
      });
      if (!result.ok) return refused(result.error);
      const { id, createdAt, result: comparison } = result.value;
      return { ok: true, value: { ...comparison, analysisId: id, createdAt: createdAt.toISOString() } };
    },
    async list(query = {}) {
      if (!session.userId) return unauthorized;
      const page = await get<ListAnalyses>(ListAnalyses).execute(session.userId, analysisListQuerySchema.parse(query));
      return { ok: true, value: { ...page, items: page.items.map((analysis) => toAnalysisListItem(analysis, runtime.config.publicUrl)) } };
    },
    async open(id) {
      if (!session.userId) return unauthorized;
      const result = await get<GetAnalysis>(GetAnalysis).execute(session.userId, id);
      return result.ok ? { ok: true, value: toAnalysisView(result.value, runtime.config.publicUrl) } : refused(result.error);
    },
    async remove(id) {
      if (!session.userId) return unauthorized;
      const result = await get<DeleteAnalysis>(DeleteAnalysis).execute(session.userId, id);
      return result.ok ? { ok: true, value: null } : refused(result.error);
    },
  };
}
