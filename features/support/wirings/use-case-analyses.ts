import {
  DeleteAnalysis, GetAnalysis, ListAnalyses, RunAnalysis, analysisListQuerySchema, analysisOptionsSchema, analyzeUploadFieldsSchema,
  documentTitle, toAnalysisView, type DocumentSource, type DomainError,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { Outcome } from './accounts.ability.ts';
import type { Analyses } from './analyses.ability.ts';
import type { UseCaseSession } from './use-case-accounts.ts';

const refused = (error: DomainError): Outcome<never> => ({ ok: false, code: error.code, message: error.message });
const unauthorized: Outcome<never> = { ok: false, code: 'auth.unauthorized', message: 'Unauthorized' };

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
    async list(query = {}) {
      if (!session.userId) return unauthorized;
      const page = await get<ListAnalyses>(ListAnalyses).execute(session.userId, analysisListQuerySchema.parse(query));
      return { ok: true, value: { ...page, items: page.items.map((analysis) => toAnalysisView(analysis, runtime.config.publicUrl)) } };
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
