import {
  analysisTypeOf, citationsOf, documentKindLabel, factsLabel, groupFacts, languageLabel, listSections, summarySection,
  versionLabels, type AnalysisProgress, type AnalysisResult, type AnalysisType, type CitedSection, type ComparisonProgress,
} from '@civicwatch/core';

/** One line of progress on stderr; a comparison's pages are named by their version. */
export const describeProgress = (progress: AnalysisProgress | ComparisonProgress): string => {
  const version = 'version' in progress && progress.version ? `${versionLabels[progress.version]}: ` : '';
  switch (progress.stage) {
    case 'extracting': return `${version}Reading page ${progress.page} of ${progress.pages}…`;
    case 'ocr': return `${version}Reading scanned page ${progress.page} of ${progress.pages} (OCR)…`;
    case 'analysing': return progress.part && progress.parts ? `Analysing part ${progress.part} of ${progress.parts}…` : 'Analysing…';
    case 'comparing': return 'Comparing the versions…';
    case 'checking_citations': return 'Checking citations against the pages…';
  }
};

/** " [p. 2 ✓, p. 5 ?]": the pages a point rests on, ✓ where its quote was found there. */
const pagesOf = (citations: ReadonlyArray<{ page: number; verified: boolean }>): string => {
  const marks = [...new Set(citations.map((c) => `p. ${c.page}${c.verified ? ' ✓' : ' ?'}`))];
  return marks.length === 0 ? '' : ` [${marks.join(', ')}]`;
};

/**
 * The result for a terminal: the analyzer's warnings first, the summary, the key facts by group (when there are
 * any), each point followed by its pages (✓ where the quote was found on that page), then the document's
 * language and kind and the other details.
 */
export function formatAnalysis(title: string, type: AnalysisType, result: AnalysisResult): string {
  const cites = (section: CitedSection, index: number) => pagesOf(citationsOf(result, section, index));
  const factGroups = groupFacts(result.facts);
  const typeName = analysisTypeOf(type).label;
  const m = result.metadata;
  return [
    `${title} (${typeName})`,
    '='.repeat(Math.min(78, title.length + typeName.length + 3)),
    '',
    ...m.warnings.flatMap((warning) => [`Note: ${warning}`, '']),
    summarySection.label,
    `  ${result.summary}${cites(summarySection.key, 0)}`,
    '',
    ...(factGroups.length === 0 ? [] : [
      factsLabel,
      ...factGroups.flatMap((group) => [`  ${group.label}`, ...group.facts.map((fact) => `    • ${fact.statement}${pagesOf([fact])}`)]),
      '',
    ]),
    ...listSections.flatMap(({ key, label }) => [
      label,
      ...(result[key].length === 0 ? ['  (none found in the document)'] : result[key].map((item, i) => `  • ${item}${cites(key, i)}`)),
      '',
    ]),
    `Sentiment: ${result.sentiment.rating}/5 (confidence ${Math.round(result.sentiment.confidence * 100)}%)`,
    `Language: ${languageLabel(m.language)}`,
    `Document kind: ${documentKindLabel(m.documentKind)}`,
    `${m.pages} page(s)${m.ocrPages.length ? `, read by OCR: ${m.ocrPages.join(', ')}` : ''}; ${m.wordCount} words; ${(m.processingTime / 1000).toFixed(1)} s; ` +
      `analyzer ${m.analyzer}${m.model ? ` (${m.model})` : ''}`,
    `Citations: ${result.citations.filter((c) => c.verified).length} of ${result.citations.length} quotes found on their page (✓).`,
    '',
  ].join('\n');
}
