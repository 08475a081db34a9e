import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';

/** What the body that meets is called in an English statement: "The board approved…". */
export type Body = 'board' | 'council' | 'commission' | 'committee';

const BODIES: ReadonlyArray<[Body, RegExp]> = [
  ['board', /(?<![\p{L}])(?:board|trustees|junta|conseil d['’]administration)(?![\p{L}])/iu],
  ['council', /(?<![\p{L}])(?:council|conseil|pleno|ayuntamiento|concejo|cabildo|corporación)(?![\p{L}])/iu],
  ['commission', /(?<![\p{L}])(?:commission|comisión)(?![\p{L}])/iu],
  ['committee', /(?<![\p{L}])(?:committee|comité)(?![\p{L}])/iu],
];

/** How much of the first page names the body: its title is at the top. */
const HEAD = 1500;

/**
 * The body whose meeting a document records or announces: the first one named at the top of its first page with
 * text ("Minutes of the Board of Trustees", "CONSEIL MUNICIPAL", "el Pleno de este Ayuntamiento"); null when none.
 */
export const governingBody = (pages: readonly ExtractedPage[]): Body | null => {
  const head = pages.find((p) => p.text.trim().length > 0)?.text.slice(0, HEAD) ?? '';
  let best: { body: Body; index: number } | null = null;
  for (const [body, re] of BODIES) {
    const m = re.exec(head);
    if (m && (best === null || m.index < best.index)) best = { body, index: m.index };
  }
  return best?.body ?? null;
};
