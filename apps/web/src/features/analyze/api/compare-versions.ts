import { compareResponseSchema, versionSides, type CompareResponse, type VersionSide } from '@civicwatch/core/contracts/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSubmissionWithProgress, type SubmissionCallbacks } from './submission-with-progress.ts';

/** One version as the Compare page sends it: its PDF or its pasted text, and the title typed for it, if any. */
export type VersionSource = ({ kind: 'file'; file: File } | { kind: 'text'; text: string }) & { title?: string | undefined };

export type CompareVersionsInput = {
  earlier: VersionSource;
  later: VersionSource;
  /** A UUID the client makes up, shared by the POST and its progress stream. */
  progressId: string;
};

/** The multipart fields of each version (compareUploadFieldsSchema): its document, and its title. */
const FIELDS: Record<VersionSide, { document: 'before' | 'after'; title: 'beforeTitle' | 'afterTitle' }> = {
  earlier: { document: 'before', title: 'beforeTitle' },
  later: { document: 'after', title: 'afterTitle' },
};

/**
 * The multipart body of POST /api/compare (ADR 0022): each version's PDF or pasted text in `before` and `after`,
 * their titles when typed (else the server names them after the file, or "Text Document"), and the progressId.
 */
export function toCompareFormData(input: CompareVersionsInput): FormData {
  const form = new FormData();
  // Plain fields first, the files last: a streaming server knows the titles and the texts before the bytes arrive.
  form.append('progressId', input.progressId);
  for (const side of versionSides) {
    const { title } = input[side];
    if (title?.trim()) form.append(FIELDS[side].title, title.trim());
  }
  for (const side of versionSides) {
    const version = input[side];
    if (version.kind === 'text') form.append(FIELDS[side].document, version.text);
  }
  for (const side of versionSides) {
    const version = input[side];
    if (version.kind === 'file') form.append(FIELDS[side].document, version.file, version.file.name);
  }
  return form;
}

/** POST /api/compare, sent as form data without an explicit content type (docs/product/api.md "How the web app calls the API"). */
export async function compareVersions(input: CompareVersionsInput): Promise<CompareResponse> {
  return compareResponseSchema.parse(await apiRequest('/api/compare', { method: 'POST', formData: toCompareFormData(input) }));
}

/** Runs one comparison, following the reading of both versions (see useSubmissionWithProgress). */
export function useCompareVersions(callbacks: SubmissionCallbacks<CompareVersionsInput, CompareResponse>) {
  return useSubmissionWithProgress(compareVersions, callbacks);
}
