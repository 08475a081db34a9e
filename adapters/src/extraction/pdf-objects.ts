/**
 * A PDF's objects as the decode budget needs them: each object's dictionary (or value) and, for a stream, where
 * its data lies, including the objects packed in object streams. Not a reader: no cross-reference table, no
 * encryption, no repair beyond "the last definition of a number wins", which is what incremental updates mean.
 *
 * Built for hostile input: every scan is linear in the file's size (keywords are found with `indexOf`, never
 * with a backtracking pattern; the value parser reads each byte once, its nesting is capped), and an object's
 * value is parsed only up to the next `endobj`.
 *
 * Erasable TypeScript only: the extraction worker imports it under Node's own type stripping.
 */

export type PdfValue =
  | { kind: 'ref'; num: number }
  | { kind: 'name'; name: string }
  | { kind: 'number'; value: number }
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'other' };

export interface PdfObject {
  value: PdfValue;
  /** Where the stream's data lies in the file, when the object is a stream. */
  data?: { start: number; end: number };
}

/** Deeper nesting than this is read as an opaque value: real files nest a few levels. */
const MAX_DEPTH = 64;
const OTHER: PdfValue = { kind: 'other' };

const isWhite = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number): boolean =>
  c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;
const isRegular = (c: number): boolean => !isWhite(c) && !isDelimiter(c);
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** Reads PDF values from `text` (latin1, one character a byte) between `position` and `end`. */
export class ValueParser {
  readonly #text: string;
  readonly #end: number;
  position: number;

  constructor(text: string, start: number, end: number) {
    this.#text = text;
    this.position = start;
    this.#end = end;
  }

  #code(at: number): number {
    return at < this.#end ? this.#text.charCodeAt(at) : -1;
  }

  skipSpace(): void {
    for (;;) {
      const c = this.#code(this.position);
      if (c === 0x25) {
        while (this.position < this.#end && this.#code(this.position) !== 0x0a && this.#code(this.position) !== 0x0d) this.position++;
      } else if (c !== -1 && isWhite(c)) {
        this.position++;
      } else {
        return;
      }
    }
  }

  #word(): string {
    const start = this.position;
    while (this.position < this.#end && isRegular(this.#code(this.position))) this.position++;
    return this.#text.slice(start, this.position);
  }

  /** The next value, or undefined at the end or before a keyword such as `stream`, `endobj` or `R`. */
  value(depth = 0): PdfValue | undefined {
    this.skipSpace();
    const c = this.#code(this.position);
    if (c === -1) return undefined;
    if (c === 0x2f) {
      this.position++;
      return { kind: 'name', name: decodeName(this.#word()) };
    }
    if (c === 0x3c && this.#code(this.position + 1) === 0x3c) {
      this.position += 2;
      const entries = new Map<string, PdfValue>();
      for (;;) {
        this.skipSpace();
        const k = this.#code(this.position);
        if (k === -1) break;
        if (k === 0x3e && this.#code(this.position + 1) === 0x3e) {
          this.position += 2;
          break;
        }
        if (k !== 0x2f) {
          // Not a key: skip a token so that a damaged dictionary still ends.
          if (this.value(depth + 1) === undefined) this.position++;
          continue;
        }
        this.position++;
        const key = decodeName(this.#word());
        const item = this.value(depth + 1);
        if (item === undefined) break;
        if (depth < MAX_DEPTH) entries.set(key, item);
      }
      return depth < MAX_DEPTH ? { kind: 'dict', entries } : OTHER;
    }
    if (c === 0x5b) {
      this.position++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        const k = this.#code(this.position);
        if (k === -1) break;
        if (k === 0x5d) {
          this.position++;
          break;
        }
        const item = this.value(depth + 1);
        if (item === undefined) {
          this.position++;
          continue;
        }
        if (depth < MAX_DEPTH) items.push(item);
      }
      return depth < MAX_DEPTH ? { kind: 'array', items } : OTHER;
    }
    if (c === 0x28) {
      this.#skipLiteralString();
      return OTHER;
    }
    if (c === 0x3c) {
      const close = this.#text.indexOf('>', this.position);
      this.position = close === -1 || close >= this.#end ? this.#end : close + 1;
      return OTHER;
    }
    if (isDigit(c) || c === 0x2d || c === 0x2b || c === 0x2e) return this.#numberOrRef();
    if (isDelimiter(c)) {
      this.position++;
      return OTHER;
    }
    const save = this.position;
    const word = this.#word();
    if (word === 'true' || word === 'false' || word === 'null') return OTHER;
    this.position = save;
    return undefined;
  }

  /**
   * The digits at the position as an integer, the position after them; undefined (the position unmoved) unless
   * a digit starts a run of regular characters that are all digits. Numbers are most of what a PDF's
   * dictionaries hold (widths, object-stream headers): read without making a string of each.
   */
  #integer(): number | undefined {
    let at = this.position;
    let value = 0;
    for (let c = this.#code(at); isDigit(c); c = this.#code(++at)) value = value * 10 + (c - 0x30);
    if (at === this.position || isRegular(this.#code(at))) return undefined;
    this.position = at;
    return value;
  }

  #numberOrRef(): PdfValue {
    const integer = this.#integer();
    const first = integer ?? Number(this.#word());
    if (!Number.isInteger(first) || first < 0) return Number.isFinite(first) ? { kind: 'number', value: first } : OTHER;
    const save = this.position;
    this.skipSpace();
    if (this.#integer() !== undefined) {
      this.skipSpace();
      if (this.#code(this.position) === 0x52 && !isRegular(this.#code(this.position + 1))) {
        this.position++;
        return { kind: 'ref', num: first };
      }
    }
    this.position = save;
    return { kind: 'number', value: first };
  }

  #skipLiteralString(): void {
    let nesting = 0;
    while (this.position < this.#end) {
      const c = this.#code(this.position++);
      if (c === 0x5c) this.position++;
      else if (c === 0x28) nesting++;
      else if (c === 0x29 && --nesting === 0) return;
    }
  }
}

function decodeName(raw: string): string {
  return raw.includes('#') ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
}

/** Every index of `needle` in `text`, in order: one pass. */
function indexesOf(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/** The first element of sorted `values` that is at least `min`, or undefined. */
function firstAtLeast(values: number[], min: number): number | undefined {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < min) low = middle + 1;
    else high = middle;
  }
  return values[low];
}

/** `N G` just before `at` (where `obj` starts), read backwards without a pattern. */
function objectNumberBefore(text: string, at: number): number | undefined {
  let cursor = at - 1;
  const skipWhite = (): void => {
    while (cursor >= 0 && isWhite(text.charCodeAt(cursor))) cursor--;
  };
  const digitsBack = (): string | undefined => {
    const end = cursor + 1;
    while (cursor >= 0 && isDigit(text.charCodeAt(cursor)) && end - cursor <= 10) cursor--;
    return cursor + 1 < end ? text.slice(cursor + 1, end) : undefined;
  };
  if (!isWhite(text.charCodeAt(cursor))) return undefined;
  skipWhite();
  if (digitsBack() === undefined || !isWhite(text.charCodeAt(cursor))) return undefined;
  skipWhite();
  const number = digitsBack();
  if (number === undefined || (cursor >= 0 && isRegular(text.charCodeAt(cursor)))) return undefined;
  return Number(number);
}

/** A stream's data starts after `stream` and its end of line. */
function streamDataStart(text: string, afterKeyword: number): number {
  if (text.charCodeAt(afterKeyword) === 0x0d) return text.charCodeAt(afterKeyword + 1) === 0x0a ? afterKeyword + 2 : afterKeyword + 1;
  return text.charCodeAt(afterKeyword) === 0x0a ? afterKeyword + 1 : afterKeyword;
}

/** The end of line before `endstream` belongs to the keyword, not to the data. */
function withoutEndOfLine(text: string, start: number, end: number): number {
  if (end > start && text.charCodeAt(end - 1) === 0x0a) end--;
  if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
  return end;
}

/**
 * The file's top-level objects by number. `text` is the file as latin1. A stream's data runs to the next
 * `endstream` (as readers do when `/Length` is wrong), and its object to the `endobj` after that.
 */
export function readTopLevelObjects(text: string): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const ends = indexesOf(text, 'endobj');
  const streamEnds = indexesOf(text, 'endstream');
  let resumeAt = 0;
  for (const at of indexesOf(text, 'obj')) {
    // "endobj" contains "obj", and an object's own bytes (a stream's data) are not searched for objects.
    if (at < resumeAt || text.startsWith('endobj', at - 3)) continue;
    if (isRegular(text.charCodeAt(at + 3))) continue;
    const num = objectNumberBefore(text, at);
    if (num === undefined) continue;
    const end = firstAtLeast(ends, at + 3) ?? text.length;
    const parser = new ValueParser(text, at + 3, end);
    const value = parser.value() ?? OTHER;
    parser.skipSpace();
    let object: PdfObject = { value };
    resumeAt = at + 3;
    if (text.startsWith('stream', parser.position)) {
      const start = streamDataStart(text, parser.position + 6);
      const dataEnd = firstAtLeast(streamEnds, start) ?? text.length;
      object = { value, data: { start, end: withoutEndOfLine(text, start, dataEnd) } };
      resumeAt = dataEnd;
    }
    objects.set(num, object);
  }
  return objects;
}

/** Where one object lies in an object stream's decoded data (latin1). */
export interface PackedObject {
  text: string;
  start: number;
  end: number;
}

/**
 * The objects an object stream holds, located from its header but not parsed: a tagged document packs
 * thousands of structure elements and width arrays that a count of decoded bytes never reads (`packedValue`).
 */
export function readObjectStream(decoded: string, dictionary: Map<string, PdfValue>): Map<number, PackedObject> {
  const objects = new Map<number, PackedObject>();
  const count = numberOf(dictionary.get('N'));
  const first = numberOf(dictionary.get('First'));
  if (count === undefined || first === undefined) return objects;
  const header = new ValueParser(decoded, 0, Math.min(first, decoded.length));
  const entries: Array<{ num: number; offset: number }> = [];
  for (let index = 0; index < count; index++) {
    const num = header.value();
    const offset = header.value();
    if (num?.kind !== 'number' || offset?.kind !== 'number') break;
    entries.push({ num: num.value, offset: offset.value });
  }
  entries.forEach((entry, index) => {
    const start = first + entry.offset;
    const end = index + 1 < entries.length ? first + entries[index + 1]!.offset : decoded.length;
    if (start < 0 || start >= decoded.length || end < start) return;
    objects.set(entry.num, { text: decoded, start, end: Math.min(end, decoded.length) });
  });
  return objects;
}

export function packedValue(packed: PackedObject): PdfValue {
  return new ValueParser(packed.text, packed.start, packed.end).value() ?? OTHER;
}

export function numberOf(value: PdfValue | undefined): number | undefined {
  return value?.kind === 'number' ? value.value : undefined;
}

export function nameOf(value: PdfValue | undefined): string | undefined {
  return value?.kind === 'name' ? value.name : undefined;
}
