import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_DOCUMENT_TITLE, DEFAULT_TEXT_TITLE, type DocumentSource } from '@civicwatch/core';
import { EXIT_NOINPUT } from './exit-codes.ts';

const readStdin = async (): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const utf8 = new TextDecoder('utf-8', { fatal: true });
const asText = (bytes: Buffer): string | null => {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
};

/**
 * Plain UTF-8 is pasted text; everything else goes to the PDF extractor, which reads a PDF by its magic bytes
 * and names anything else (an image, a Word file) as not a PDF.
 */
export const toSource = (bytes: Buffer, name: string): DocumentSource => {
  const text = bytes.subarray(0, 1024).includes('%PDF-') || name.toLowerCase().endsWith('.pdf') ? null : asText(bytes);
  return text === null ? { kind: 'pdf', bytes: new Uint8Array(bytes) } : { kind: 'text', text };
};

/**
 * A document named on the command line (`-` for standard input), with its title: `title`, else the file's name.
 * A file that cannot be read ends the command with EX_NOINPUT.
 */
export async function readDocumentArgument(
  command: string,
  file: string,
  title?: string,
): Promise<{ source: DocumentSource; title: string }> {
  let bytes: Buffer;
  try {
    bytes = file === '-' ? await readStdin() : await readFile(file);
  } catch (error) {
    // One line, without the usage hint a usage error gets: the command was typed right.
    process.stderr.write(`civicwatch ${command}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    process.exit(EXIT_NOINPUT);
  }
  const source = toSource(bytes!, file);
  const named = title?.trim() || (file === '-' ? (source.kind === 'pdf' ? DEFAULT_DOCUMENT_TITLE : DEFAULT_TEXT_TITLE) : path.basename(file));
  return { source, title: named };
}
