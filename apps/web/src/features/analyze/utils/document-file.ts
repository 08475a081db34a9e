import { MAX_DOCUMENT_BYTES } from '@civicwatch/core/contracts/index.ts';

/** docs/product/screens.md "Form checks", docs/product/credits-and-tiers.md "Tiers": one PDF file of at most 10 MB. The server checks again, by the file's bytes (docs/product). */

export type FileCheck = { ok: true; file: File } | { ok: false; message: string };

function looksLikePdf(file: File): boolean {
  return file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
}

/** Accepts exactly one PDF up to 10 MB; otherwise says why, for the File Upload Error toast. */
export function checkDocumentFiles(files: readonly File[]): FileCheck {
  if (files.length === 0) return { ok: false, message: 'File upload failed' };
  if (files.length > 1) return { ok: false, message: 'Please choose one PDF file at a time.' };
  const file = files[0]!;
  if (!looksLikePdf(file)) return { ok: false, message: `${file.name} is not a PDF. Only PDF files are accepted.` };
  if (file.size > MAX_DOCUMENT_BYTES) return { ok: false, message: `${file.name} is larger than 10 MB.` };
  if (file.size === 0) return { ok: false, message: `${file.name} is empty.` };
  return { ok: true, file };
}

/** "2.4 MB", "830 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
