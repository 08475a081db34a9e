import { randomUUID } from 'node:crypto';

export interface MultipartFile {
  field: string;
  fileName: string;
  bytes: Uint8Array;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData sends it, for `inject`. */
export function multipartBody(fields: Record<string, string | undefined>, files: MultipartFile[] = []) {
  const boundary = `----civicwatch${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\n`
      + `Content-Type: ${file.contentType ?? 'application/pdf'}\r\n\r\n`));
    chunks.push(Buffer.from(file.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
