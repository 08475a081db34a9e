import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_DOCUMENT_BYTES, TOO_LARGE_MESSAGE, domainError, err, ok, type DomainError, type Result } from '@civicwatch/core';

/** Pasted text is limited by the tier (at most 10,000 characters when seeded); this only bounds the parser's memory. */
const MAX_FIELD_BYTES = 1024 * 1024;

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The PDFs by their field's name. */
  files: Record<string, UploadedFile>;
}

export const invalid = (message: string) => domainError('validation.invalid', message);

/**
 * Reads a multipart body into memory: a PDF's bytes never touch the disk and are dropped with the request
 * (docs/product/accounts.md "Privacy promise"). Limits are enforced while streaming: one PDF of at most 10 MB in each of
 * `fileFields`, nothing else as a file. `textFields` are the fields whose overlong value is a document's text
 * (refused as too many characters) rather than a malformed form.
 */
export async function readMultipartForm(
  app: FastifyInstance,
  request: FastifyRequest,
  shape: { fileFields: readonly string[]; textFields: readonly string[]; tooManyFiles: string },
): Promise<Result<MultipartForm, DomainError>> {
  // Without a boundary the parser cannot find the parts: refused here rather than thrown from inside it.
  if (!request.isMultipart() || !/;\s*boundary=/i.test(request.headers['content-type'] ?? '')) {
    return err(invalid('Send the document as multipart/form-data'));
  }
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const limits = { fileSize: MAX_DOCUMENT_BYTES, files: shape.fileFields.length, fields: 20, parts: 21, fieldSize: MAX_FIELD_BYTES };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser's empty file input sends a nameless, empty part: no file.
        if (bytes.length === 0 && !part.filename) continue;
        if (!shape.fileFields.includes(part.fieldname)) {
          return err(invalid(`Upload the PDF in the ${shape.fileFields.map((name) => `"${name}"`).join(' or ')} field`));
        }
        files[part.fieldname] = { fileName: part.filename, bytes };
      } else {
        if (part.valueTruncated) {
          return err(shape.textFields.includes(part.fieldname)
            ? domainError('document.too_many_characters', 'This text is far longer than any plan allows.')
            : invalid(`The field "${part.fieldname}" is too long`));
        }
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) return err(domainError('document.too_large', TOO_LARGE_MESSAGE));
    if (error instanceof app.multipartErrors.FilesLimitError) return err(invalid(shape.tooManyFiles));
    if (error instanceof app.multipartErrors.FieldsLimitError || error instanceof app.multipartErrors.PartsLimitError) {
      return err(invalid('The form has too many fields'));
    }
    // Anything else the parser throws is the body's fault: cut short ("Unexpected end of multipart data"),
    // a malformed part header, a connection closed mid-body. Only a fault of ours (a 5xx) goes on.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 500) throw error;
    return err(invalid('The form data is cut short or malformed'));
  }
  return ok({ fields, files });
}
