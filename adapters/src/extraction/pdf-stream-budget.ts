/**
 * How many bytes reading a PDF will decode, counted before pdf.js opens it, per use: pdf.js decodes a stream
 * again each time it is used (a page's `/Contents` array that names one stream 2,000 times, a form XObject drawn
 * 10,000 times, one font file behind a thousand fonts), and holds what a page decodes while it reads that page.
 * A 63 KB file naming one 50 MiB Flate stream 2,000 times would otherwise take minutes and gigabytes.
 *
 * The count follows what a reader does: each page's content streams as often as `/Contents` names them; every
 * `Do` of a form XObject (its own content and what it draws in turn, nested forms multiplied through); each
 * image once per page that draws it (pdf.js keeps a page's decoded images by reference); each font's files once
 * per font (fonts are kept for the whole document); the appearance streams of each annotation. Every other
 * stream counts once. The structure comes from `pdf-objects.ts`, which reads hostile bytes in linear time. What
 * this cannot see (a structure it does not understand, encryption, filters it does not decode) is bounded at
 * run time by the extraction process's memory limit (ADR 0014).
 *
 * A Flate stream is not inflated to be counted when its length alone keeps it within the limits: Deflate
 * decodes a byte to at most 1,032 bytes, so the first count takes that bound for each Flate of a chain and
 * inflates only what it must read (object streams, content streams that may draw XObjects) or what the bound
 * puts over one stream's limit. Only when the bounds add up to more than a page or the document may hold does a
 * second count inflate every stream it reaches, through `zlib` with `maxOutputLength` (never allocating beyond
 * one stream's limit, each stream at most once). An ordinary document is counted without inflating its fonts
 * and most of its pages, which pdf.js inflates again anyway (ADR 0014); a bomb is refused by the second count
 * exactly as it would be by inflating everything.
 *
 * Erasable TypeScript only: the extraction worker imports it under Node's own type stripping.
 */
import { constants, inflateSync } from 'node:zlib';
import { nameOf, numberOf, packedValue, readObjectStream, readTopLevelObjects, type PackedObject, type PdfObject, type PdfValue } from './pdf-objects.ts';

export interface StreamBudget {
  /** The most one stream may decode to, in bytes. */
  maxStreamBytes: number;
  /** The most one page may decode, every use counted, in bytes: what a reader holds at once. */
  maxPageBytes: number;
  /** The most the whole document may decode, every use counted, in bytes: what reading it costs in time. */
  maxTotalBytes: number;
}

/**
 * One stream of 128 MiB is a 600 dpi letter page in colour, uncompressed; a page of 256 MiB holds two; 4 GiB in
 * all is more than a hundred 300 dpi colour scans. Counting that much takes a few seconds; a bomb is stopped at
 * the first limit it reaches, in milliseconds.
 */
export const DEFAULT_STREAM_BUDGET: StreamBudget = {
  maxStreamBytes: 128 * 1024 * 1024,
  maxPageBytes: 256 * 1024 * 1024,
  maxTotalBytes: 4 * 1024 * 1024 * 1024,
};

/**
 * `decodedBytes`: the most reading decodes, every use counted (exact for the streams the count inflated).
 * `namesFonts`: whether a page, a form it draws or an annotation has a font among its resources; a document
 * without one draws no text of its own, only pictures (a scan).
 */
export type StreamBudgetVerdict =
  | { withinBudget: true; decodedBytes: number; namesFonts: boolean }
  | { withinBudget: false; limit: 'stream' | 'page' | 'total' };

class OverBudget extends Error {
  readonly limit: 'stream' | 'page' | 'total';

  constructor(limit: 'stream' | 'page' | 'total') {
    super(`over the ${limit} budget`);
    this.limit = limit;
  }
}

const isFlate = (filter: string): boolean => filter === 'FlateDecode' || filter === 'Fl';
/**
 * The most one byte of Deflate data decodes to: a match of 258 bytes takes at least two bits (a length code and
 * a distance code of one bit each; pdf.js's decoder, like zlib's, refuses codes of no bits).
 */
const FLATE_MAX_RATIO = 1032;
/** Nested `/Parent` links followed to find inherited resources: page trees are a few levels deep. */
const MAX_TREE_DEPTH = 32;
/** The operand of each `Do`: a name, then the operator. Linear: the name's class excludes white space. */
const DO_OPERATOR = /\/([^\s/[\]<>(){}%]+)\s*Do(?![^\s/[\]<>(){}%])/g;

function filtersOf(dictionary: Map<string, PdfValue>): string[] {
  const filter = dictionary.get('Filter');
  if (filter?.kind === 'name') return [filter.name];
  if (filter?.kind === 'array') return filter.items.map((item) => nameOf(item) ?? '?');
  return [];
}

/** Sync flush: a truncated stream still counts what it decodes to, as pdf.js would read it. */
function inflate(data: Uint8Array, limit: number): Buffer | undefined {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, limit), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if (error instanceof RangeError) throw new OverBudget('stream');
    return undefined;
  }
}

const COLOUR_COMPONENTS: Record<string, number> = { DeviceGray: 1, G: 1, DeviceRGB: 3, RGB: 3, DeviceCMYK: 4, CMYK: 4 };

class DecodeCount {
  readonly #bytes: Uint8Array;
  readonly #budget: StreamBudget;
  readonly #objects = new Map<number, PdfObject>();
  /** Objects of object streams not parsed yet: most are never asked for. */
  readonly #packed = new Map<number, PackedObject>();
  /** What the streams inflated so far decode to. */
  readonly #sizes = new Map<number, number>();
  readonly #draws = new Map<number, Map<string, number>>();
  readonly #inlineIds = new WeakMap<object, number>();
  #nextInlineId = 1;
  // One count's state: the first takes bounds, the second (`#exact`) inflates.
  #exact = false;
  readonly #counted = new Set<number>();
  readonly #fontsSeen = new Set<number>();
  readonly #formMemo = new Map<string, { bytes: number; images: Set<number> }>();
  /** Whether the pages' resources, or their forms', named a font. */
  namesFonts = false;

  constructor(bytes: Uint8Array, budget: StreamBudget) {
    this.#bytes = bytes;
    this.#budget = budget;
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    for (const [num, object] of readTopLevelObjects(text)) this.#objects.set(num, object);
    for (const [num, object] of [...this.#objects]) {
      if (object.value.kind !== 'dict' || nameOf(object.value.entries.get('Type')) !== 'ObjStm') continue;
      const decoded = this.#decode(num);
      if (!decoded) continue;
      for (const [member, packed] of readObjectStream(decoded.toString('latin1'), object.value.entries)) {
        if (this.#objects.get(member)?.data) continue;
        this.#objects.delete(member);
        this.#packed.set(member, packed);
      }
    }
  }

  #object(num: number): PdfObject | undefined {
    const packed = this.#packed.get(num);
    if (!packed) return this.#objects.get(num);
    this.#packed.delete(num);
    const object = { value: packedValue(packed) };
    this.#objects.set(num, object);
    return object;
  }

  /** The stream's data after its leading Flate filters, at most one stream's budget; undefined when not a stream. */
  #decode(num: number): Buffer | undefined {
    const object = this.#objects.get(num);
    if (!object?.data || object.value.kind !== 'dict') return undefined;
    let data: Buffer = Buffer.from(this.#bytes.buffer, this.#bytes.byteOffset + object.data.start, object.data.end - object.data.start);
    for (const filter of filtersOf(object.value.entries)) {
      if (!isFlate(filter)) break;
      const output = inflate(data, this.#budget.maxStreamBytes);
      if (!output) break;
      data = output;
    }
    this.#sizes.set(num, data.length);
    return data;
  }

  /** The most the stream's leading Flate filters can decode its data to, without inflating it. */
  #bound(num: number): number {
    const object = this.#objects.get(num);
    if (!object?.data || object.value.kind !== 'dict') return 0;
    let bytes = object.data.end - object.data.start;
    for (const filter of filtersOf(object.value.entries)) {
      if (!isFlate(filter)) break;
      bytes *= FLATE_MAX_RATIO;
    }
    return bytes;
  }

  /** What one use of the stream decodes to: exact once inflated, else its bound while the bound is within a stream's limit. */
  size(num: number): number {
    this.#counted.add(num);
    const known = this.#sizes.get(num);
    if (known !== undefined) return known;
    if (!this.#exact) {
      const bound = this.#bound(num);
      if (bound <= this.#budget.maxStreamBytes) return bound;
    }
    return this.#decode(num)?.length ?? 0;
  }

  /** How often a content stream draws each XObject name. */
  #drawsOf(num: number): Map<string, number> {
    const known = this.#draws.get(num);
    if (known) return known;
    const draws = new Map<string, number>();
    const decoded = this.#decode(num);
    if (decoded) {
      for (const match of decoded.toString('latin1').matchAll(DO_OPERATOR)) draws.set(match[1]!, (draws.get(match[1]!) ?? 0) + 1);
    }
    this.#draws.set(num, draws);
    return draws;
  }

  #resolve(value: PdfValue | undefined): PdfValue | undefined {
    return value?.kind === 'ref' ? this.#object(value.num)?.value : value;
  }

  #dict(value: PdfValue | undefined): Map<string, PdfValue> | undefined {
    const resolved = this.#resolve(value);
    return resolved?.kind === 'dict' ? resolved.entries : undefined;
  }

  #refs(value: PdfValue | undefined): number[] {
    if (value?.kind === 'ref') {
      const target = this.#object(value.num);
      // `/Contents 5 0 R` may name an array of streams rather than a stream.
      return target && !target.data && target.value.kind === 'array' ? this.#refs(target.value) : [value.num];
    }
    if (value?.kind === 'array') return value.items.flatMap((item) => (item.kind === 'ref' ? [item.num] : []));
    return [];
  }

  #identity(value: PdfValue | undefined): string {
    if (value === undefined) return 'none';
    if (value.kind === 'ref') return `r${value.num}`;
    let id = this.#inlineIds.get(value);
    if (id === undefined) {
      id = this.#nextInlineId++;
      this.#inlineIds.set(value, id);
    }
    return `i${id}`;
  }

  #inheritedResources(page: Map<string, PdfValue>): PdfValue | undefined {
    let node: Map<string, PdfValue> | undefined = page;
    for (let depth = 0; node && depth < MAX_TREE_DEPTH; depth++) {
      const resources = node.get('Resources');
      if (resources) return resources;
      node = this.#dict(node.get('Parent'));
    }
    return undefined;
  }

  /** A content stream's own bytes and everything it draws; images go to `images`, each counted once by the page. */
  #content(num: number, resources: PdfValue | undefined, images: Set<number>, drawing: Set<number>): number {
    const resourceDict = this.#dict(resources);
    if ((this.#dict(resourceDict?.get('Font'))?.size ?? 0) > 0) this.namesFonts = true;
    const xobjects = this.#dict(resourceDict?.get('XObject'));
    // Only a content stream that has XObjects to draw is read for its `Do`s (and so inflated).
    const draws = xobjects && xobjects.size > 0 ? this.#drawsOf(num) : undefined;
    let bytes = this.size(num);
    for (const [name, count] of draws ?? []) {
      const target = xobjects?.get(name);
      if (target?.kind !== 'ref') continue;
      bytes += count * this.#xobject(target.num, resources, images, drawing);
      if (bytes > this.#budget.maxPageBytes) throw new OverBudget('page');
    }
    return bytes;
  }

  #xobject(num: number, parentResources: PdfValue | undefined, images: Set<number>, drawing: Set<number>): number {
    const object = this.#object(num);
    if (!object?.data || object.value.kind !== 'dict') return 0;
    const subtype = nameOf(object.value.entries.get('Subtype'));
    if (subtype === 'Image') {
      images.add(num);
      return 0;
    }
    // pdf.js refuses a form that draws itself; so does the count.
    if (subtype !== 'Form' || drawing.has(num)) return 0;
    const resources = object.value.entries.get('Resources') ?? parentResources;
    const key = `${num}:${this.#identity(resources)}`;
    let memo = this.#formMemo.get(key);
    if (!memo) {
      const formImages = new Set<number>();
      drawing.add(num);
      const bytes = this.#content(num, resources, formImages, drawing);
      drawing.delete(num);
      memo = { bytes, images: formImages };
      this.#formMemo.set(key, memo);
    }
    for (const image of memo.images) images.add(image);
    return memo.bytes;
  }

  #image(num: number): number {
    const dictionary = this.#object(num)?.value;
    const decoded = this.size(num);
    if (dictionary?.kind !== 'dict') return decoded;
    const width = numberOf(this.#resolve(dictionary.entries.get('Width'))) ?? 0;
    const height = numberOf(this.#resolve(dictionary.entries.get('Height'))) ?? 0;
    const bits = numberOf(this.#resolve(dictionary.entries.get('BitsPerComponent'))) ?? 8;
    const colourSpace = this.#resolve(dictionary.entries.get('ColorSpace'));
    const components = colourSpace?.kind === 'name' ? COLOUR_COMPONENTS[colourSpace.name] ?? 3 : 3;
    return Math.max(decoded, (width * height * components * bits) / 8);
  }

  /** A font's files the first time the document uses the font; an inline font each time. */
  #font(value: PdfValue, depth = 0): number {
    if (value.kind === 'ref') {
      if (this.#fontsSeen.has(value.num)) return 0;
      this.#fontsSeen.add(value.num);
    }
    const font = this.#dict(value);
    if (!font || depth > 2) return 0;
    let bytes = 0;
    const descriptor = this.#dict(font.get('FontDescriptor'));
    for (const key of ['FontFile', 'FontFile2', 'FontFile3']) {
      for (const num of this.#refs(descriptor?.get(key))) bytes += this.size(num);
    }
    for (const num of this.#refs(font.get('ToUnicode'))) bytes += this.size(num);
    const procedures = this.#dict(font.get('CharProcs'));
    for (const procedure of procedures?.values() ?? []) for (const num of this.#refs(procedure)) bytes += this.size(num);
    const descendants = this.#resolve(font.get('DescendantFonts'));
    for (const descendant of descendants?.kind === 'array' ? descendants.items : []) bytes += this.#font(descendant, depth + 1);
    return bytes;
  }

  #annotations(page: Map<string, PdfValue>, resources: PdfValue | undefined, images: Set<number>): number {
    const annotations = this.#resolve(page.get('Annots'));
    let bytes = 0;
    for (const annotation of annotations?.kind === 'array' ? annotations.items : []) {
      const appearance = this.#dict(this.#dict(annotation)?.get('AP'));
      for (const state of appearance?.values() ?? []) {
        // An appearance is a stream, or a dictionary of streams by state.
        const streams = state.kind === 'ref' && this.#object(state.num)?.data
          ? [state.num]
          : [...(this.#dict(state)?.values() ?? [])].flatMap((entry) => (entry.kind === 'ref' ? [entry.num] : []));
        for (const num of streams) {
          bytes += this.#xobject(num, resources, images, new Set());
          if (bytes > this.#budget.maxPageBytes) throw new OverBudget('page');
        }
      }
    }
    return bytes;
  }

  #page(page: Map<string, PdfValue>): number {
    const resources = this.#inheritedResources(page);
    const images = new Set<number>();
    let bytes = 0;
    const add = (more: number): void => {
      bytes += more;
      if (bytes > this.#budget.maxPageBytes) throw new OverBudget('page');
    };
    for (const num of this.#refs(page.get('Contents'))) add(this.#content(num, resources, images, new Set()));
    for (const font of this.#dict(this.#dict(resources)?.get('Font'))?.values() ?? []) add(this.#font(font));
    add(this.#annotations(page, resources, images));
    for (const image of images) add(this.#image(image));
    return bytes;
  }

  /** A page object may be packed: its text names `Page`, or hides the name behind `#` escapes. */
  #mayBePage(packed: PackedObject): boolean {
    const text = packed.text.slice(packed.start, packed.end);
    return text.includes('Page') || text.includes('#');
  }

  #count(exact: boolean): number {
    this.#exact = exact;
    this.#counted.clear();
    this.#fontsSeen.clear();
    this.#formMemo.clear();
    let total = 0;
    const add = (more: number): void => {
      total += more;
      if (total > this.#budget.maxTotalBytes) throw new OverBudget('total');
    };
    for (const [num, packed] of [...this.#packed]) if (this.#mayBePage(packed)) this.#object(num);
    for (const object of [...this.#objects.values()]) {
      if (object.value.kind === 'dict' && nameOf(object.value.entries.get('Type')) === 'Page') add(this.#page(object.value.entries));
    }
    // Every stream no page reached is read at most once (metadata, thumbnails, what a damaged file hides).
    for (const [num, object] of this.#objects) if (object.data && !this.#counted.has(num)) add(this.size(num));
    return total;
  }

  total(): number {
    try {
      return this.#count(false);
    } catch (error) {
      // Bounds over a page's or the document's limit prove nothing: count again, inflating what is counted.
      if (error instanceof OverBudget && error.limit !== 'stream') return this.#count(true);
      throw error;
    }
  }
}

export function checkStreamBudget(bytes: Uint8Array, budget: StreamBudget = DEFAULT_STREAM_BUDGET): StreamBudgetVerdict {
  try {
    const count = new DecodeCount(bytes, budget);
    return { withinBudget: true, decodedBytes: count.total(), namesFonts: count.namesFonts };
  } catch (error) {
    if (error instanceof OverBudget) return { withinBudget: false, limit: error.limit };
    throw error;
  }
}
