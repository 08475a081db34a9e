import type { ComparisonDraft, ExtractedPage } from '@civicwatch/core';
import { DocumentFigures, findFigures } from '@civicwatch/core/analysis/figures.ts';
import { joinList } from '../understanding/wording.ts';
import type { ComparisonWording } from './wording-prompt.ts';

/** Figures named in a warning before the rest are counted. */
const NAMED_FIGURES = 5;

const inventedFiguresWarning = (figures: readonly string[]): string => {
  const named = figures.length > NAMED_FIGURES ? [...figures.slice(0, NAMED_FIGURES - 1), `${figures.length - NAMED_FIGURES + 1} other figures`] : figures;
  return `The language model that worded this comparison wrote ${joinList(named)}, which neither version contains; `
    + 'where it did, the comparison\'s own wording is shown instead.';
};

/**
 * The draft in the model's words where they can be trusted (docs/product/analysis.md "Checked numbers"):
 * every amount, date, percentage and number of its summary and of each statement is looked for in both versions
 * and in the comparison's own wording (which says how many changes it found). A summary or a statement with a
 * figure found in none keeps the comparison's own words, and a warning names the figures. Only the first
 * `wording.statements.length` changes were worded; the others keep their words. Types, quotes and order stay.
 */
export const applyWording = (
  draft: ComparisonDraft,
  wording: ComparisonWording,
  versions: { earlier: readonly ExtractedPage[]; later: readonly ExtractedPage[] },
): ComparisonDraft => {
  const known = new DocumentFigures([
    ...versions.earlier.map((p) => p.text),
    ...versions.later.map((p) => p.text),
    draft.summary,
    ...draft.changes.map((c) => c.statement),
  ]);
  const invented = new Set<string>();
  const checked = (worded: string | undefined, own: string): string => {
    if (worded === undefined) return own;
    const absent = findFigures(worded).filter((figure) => !known.contains(figure));
    for (const figure of absent) invented.add(figure.text);
    return absent.length > 0 ? own : worded;
  };
  const summary = checked(wording.summary, draft.summary);
  const changes = draft.changes.map((change, i) => ({ ...change, statement: checked(wording.statements[i], change.statement) }));
  const warnings = invented.size > 0 ? [...(draft.warnings ?? []), inventedFiguresWarning([...invented])] : draft.warnings;
  return { ...draft, summary, changes, ...(warnings && { warnings }) };
};
