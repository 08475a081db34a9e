import { changeTypeLabels, comparisonEntry, documentKindLabel, type ChangeSide, type ComparisonResult } from '@civicwatch/core';

/** "p. 3 ✓": the page a side rests on, ✓ where its quote was found there. */
const page = (side: ChangeSide | undefined): string => (side ? `p. ${side.page}${side.verified ? ' ✓' : ' ?'}` : '—');

/**
 * A comparison for a terminal: the summary, then each change with its type and the page of each version it
 * rests on (earlier → later), then what was compared.
 */
export function formatComparison(result: ComparisonResult): string {
  const { earlier, later } = result.metadata;
  const heading = `${earlier.title} → ${later.title}`;
  return [
    heading,
    '='.repeat(Math.min(78, heading.length)),
    '',
    ...result.metadata.warnings.flatMap((warning) => [`Note: ${warning}`, '']),
    'Summary',
    `  ${result.summary}`,
    '',
    comparisonEntry.changesLabel,
    ...(result.changes.length === 0
      ? [`  ${comparisonEntry.empty}`]
      : result.changes.map((change) => `  • [${changeTypeLabels[change.type]}] ${change.statement} [earlier ${page(change.before)}, later ${page(change.after)}]`)),
    '',
    ...[['Earlier', earlier], ['Later', later]].map(([label, document]) => {
      const d = document as typeof earlier;
      return `${label as string} version: ${d.pages} page(s)${d.ocrPages.length ? `, read by OCR: ${d.ocrPages.join(', ')}` : ''}; ${documentKindLabel(d.documentKind)}`;
    }),
    `${(result.metadata.processingTime / 1000).toFixed(1)} s; compared by ${result.metadata.analyzer}${result.metadata.model ? ` (${result.metadata.model})` : ''}`,
    `Quotes: ${result.changes.flatMap((c) => [c.before, c.after]).filter((s) => s?.verified).length} of ${result.changes.flatMap((c) => [c.before, c.after]).filter(Boolean).length} found on their page (✓).`,
    '',
  ].join('\n');
}
