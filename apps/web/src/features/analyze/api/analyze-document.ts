import {
  DEFAULT_TEXT_TITLE,
  analyzeResponseSchema,
  type AnalysisOptions,
  type AnalyzeResponse,
} from '@civicwatch/core/contracts/index.ts';
import { HttpError, apiRequest, serverErrorCode, serverMessage } from '../../../lib/api-client.ts';
import type { ToastInput } from '../../../lib/toast-store.ts';
import { useSubmissionWithProgress, type SubmissionCallbacks } from './submission-with-progress.ts';

export type DocumentSource = { kind: 'file'; file: File } | { kind: 'text'; text: string; title: string };

export type AnalyzeDocumentInput = {
  source: DocumentSource;
  /** Already checked with the shared analysisOptionsSchema. */
  options: AnalysisOptions;
  /** A UUID the client makes up, shared by the POST and its progress stream. */
  progressId: string;
};

/**
 * The multipart body of POST /api/analyze (docs/product/api.md "Endpoints", docs/product/api.md "How the web app calls the API"): the PDF as `document`, or
 * `text` and `title` (default "Text Document"); the custom focus only for the custom type, the state only
 * with the United States.
 */
export function toAnalyzeFormData({ source, options, progressId }: AnalyzeDocumentInput): FormData {
  const form = new FormData();
  // Plain fields first, the file last: a streaming server knows the options before the bytes arrive.
  form.append('progressId', progressId);
  form.append('analysisType', options.analysisType);
  form.append('country', options.country);
  if (options.state && options.country === 'US') form.append('state', options.state);
  if (options.analysisType === 'custom' && options.customPrompt) form.append('customPrompt', options.customPrompt);
  if (source.kind === 'file') {
    form.append('document', source.file, source.file.name);
  } else {
    form.append('title', source.title.trim() || DEFAULT_TEXT_TITLE);
    form.append('text', source.text);
  }
  return form;
}

/** POST /api/analyze, sent as form data without an explicit content type (docs/product/api.md "How the web app calls the API"). */
export async function analyzeDocument(input: AnalyzeDocumentInput): Promise<AnalyzeResponse> {
  return analyzeResponseSchema.parse(await apiRequest('/api/analyze', { method: 'POST', formData: toAnalyzeFormData(input) }));
}

export const INSUFFICIENT_CREDITS_TOAST: ToastInput = {
  title: 'Insufficient Credits',
  description: 'You need credits to perform analysis. Please upgrade your account.',
  variant: 'destructive',
};

/**
 * The toast for a refused or failed analysis (docs/product/screens.md "Messages"): no credits left (402) is Insufficient
 * Credits; one its owner cancelled says so, with its credit back; anything else is Upload Failed with the
 * server's own message, or the spec's default.
 */
export function analyzeFailureToast(error: unknown): ToastInput {
  if (error instanceof HttpError && error.status === 402) return INSUFFICIENT_CREDITS_TOAST;
  if (serverErrorCode(error) === 'analysis.cancelled') return { title: 'Analysis Cancelled', description: serverMessage(error) ?? 'Your credit has been returned.' };
  return { title: 'Upload Failed', description: serverMessage(error) ?? 'Failed to upload document', variant: 'destructive' };
}

/** Runs one analysis, following its progress (see useSubmissionWithProgress). */
export function useAnalyzeDocument(callbacks: SubmissionCallbacks<AnalyzeDocumentInput, AnalyzeResponse>) {
  return useSubmissionWithProgress(analyzeDocument, callbacks);
}
