import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AnalysisList, AnalyzeResponse, CompareResponse, AnalysisView } from '@civicwatch/core';
import { multipartBody, type MultipartFile } from '@civicwatch/api/testing/multipart.ts';
import type { Outcome } from './accounts.ability.ts';
import type { Analyses } from './analyses.ability.ts';
import type { HttpSession } from './http-accounts.ts';

const outcome = <T>(response: LightMyRequestResponse): Outcome<T> => {
  if (response.statusCode < 300) return { ok: true, value: (response.body ? response.json() : null) as T };
  const body = response.json();
  return { ok: false, code: body.code, message: body.message };
};

/** Drives the API as the Analyze page and the history do: a multipart form, then JSON reads. */
export function httpAnalyses(app: FastifyInstance, session: HttpSession): Analyses {
  const headers = () => (session.cookie ? { cookie: session.cookie } : {});

  return {
    async analyze(request) {
      const { pdf, ...fields } = request;
      const form = multipartBody(fields, pdf ? [{ field: 'document', fileName: pdf.fileName, bytes: pdf.bytes }] : []);
      return outcome<AnalyzeResponse>(await app.inject({ method: 'POST', url: '/api/analyze', payload: form.payload, headers: { ...form.headers, ...headers() } }));
    },
    async compare(request) {
      // The Compare page's form: each version a file part, or a text field, under "before" and "after".
      const fields: Record<string, string | undefined> = { beforeTitle: request.beforeTitle, afterTitle: request.afterTitle };
      const files: MultipartFile[] = [];
      for (const field of ['before', 'after'] as const) {
        const version = request[field];
        if (version && 'pdf' in version) files.push({ field, fileName: version.pdf.fileName, bytes: version.pdf.bytes });
        else fields[field] = version?.text;
      }
      const form = multipartBody(fields, files);
      return outcome<CompareResponse>(await app.inject({ method: 'POST', url: '/api/compare', payload: form.payload, headers: { ...form.headers, ...headers() } }));
    },
    list: async (query = {}) =>
      outcome<AnalysisList>(await app.inject({ method: 'GET', url: '/api/analyses', query: query.q ? { q: query.q } : {}, headers: headers() })),
    open: async (id) =>
      outcome<AnalysisView>(await app.inject({ method: 'GET', url: `/api/analyses/${encodeURIComponent(id)}`, headers: headers() })),
    remove: async (id) =>
      outcome<null>(await app.inject({ method: 'DELETE', url: `/api/analyses/${encodeURIComponent(id)}`, headers: headers() })),
  };
}
