/**
 * How many bytes a PDF's Flate streams decode to, counted before pdf.js opens it, and stopped as soon as a
 * budget is spent. A few kilobytes of Flate (twice Flate, in a filter chain) can decode to gigabytes, and
 * pdf.js holds a stream's whole decoded content in memory while it reads a page: a "decompression bomb" takes
 * a server's memory, and minutes of CPU, long before any page or time limit is reached.
 *
 * This reads the file's bytes, not its structure: every `stream … endstream` whose dictionary names
 * FlateDecode is inflated (through `zlib` with `maxOutputLength`, so the count itself allocates no more than
 * the budget), each Flate of a chain in turn. Streams that do not inflate (another filter first, encrypted
 * data, damage) are left to pdf.js, whose own limits (image size, the per-page time limit) apply to them.
 *
 * Erasable TypeScript only: the extraction worker imports it under Node's own type stripping.
 */
import { constants, inflateSync } from 'node:zlib';

export interface StreamBudget {
  /** The most one stream may decode to, in bytes. */
  maxStreamBytes: number;
  /** The most all streams together may decode to, in bytes. */
  maxTotalBytes: number;
}

/**
 * One stream of 128 MiB is a 600 dpi letter page in colour, uncompressed; 1 GiB in all is 66 pages of 300 dpi
 * grey scans stored as Flate. Counting that much takes a few seconds; a bomb is stopped at the first limit.
 */
export const DEFAULT_STREAM_BUDGET: StreamBudget = { maxStreamBytes: 128 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 };

export type StreamBudgetVerdict = { withinBudget: true; decodedBytes: number } | { withinBudget: false; limit: 'stream' | 'total' };

/** "stream" followed by its end of line, not the tail of "endstream". */
const STREAM_START = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;
/** A dictionary is looked for this far before its stream: dictionaries of real streams are far shorter. */
const DICTIONARY_WINDOW = 4096;
const FILTERS = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/;

/** The stream's filters in order of decoding, when its dictionary names them. */
function filtersBefore(text: string, streamStart: number): string[] {
  const from = Math.max(0, streamStart - DICTIONARY_WINDOW);
  const head = text.slice(from, streamStart);
  // The stream's own dictionary follows the last "obj" keyword before it.
  const dictionary = head.slice(Math.max(0, head.lastIndexOf('obj')));
  const filters = FILTERS.exec(dictionary)?.[1];
  return filters ? (filters.match(/\/[A-Za-z0-9]+/g) ?? []).map((name) => name.slice(1)) : [];
}

const isFlate = (filter: string): boolean => filter === 'FlateDecode' || filter === 'Fl';

/** The decoded data, or undefined when the data is not Flate; throws a RangeError beyond `limit` bytes. */
function inflate(data: Uint8Array, limit: number): Buffer | undefined {
  try {
    // Sync flush: a truncated stream still counts what it decodes to, as pdf.js would read it.
    return inflateSync(data, { maxOutputLength: Math.max(1, limit), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if (error instanceof RangeError) throw error;
    return undefined;
  }
}

export function checkStreamBudget(bytes: Uint8Array, budget: StreamBudget = DEFAULT_STREAM_BUDGET): StreamBudgetVerdict {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let total = 0;
  for (const match of text.matchAll(STREAM_START)) {
    const filters = filtersBefore(text, match.index);
    if (!isFlate(filters[0] ?? '')) continue;
    const dataStart = match.index + match[0].length;
    const end = text.indexOf('endstream', dataStart);
    let data: Uint8Array = bytes.subarray(dataStart, end === -1 ? bytes.length : end);
    const limit = Math.min(budget.maxStreamBytes, budget.maxTotalBytes - total);
    let decoded = 0;
    for (const filter of filters) {
      if (!isFlate(filter)) break;
      let output: Buffer | undefined;
      try {
        output = inflate(data, limit);
      } catch {
        return { withinBudget: false, limit: limit === budget.maxStreamBytes ? 'stream' : 'total' };
      }
      if (!output) break;
      decoded = output.length;
      data = output;
    }
    total += decoded;
  }
  return { withinBudget: true, decodedBytes: total };
}
