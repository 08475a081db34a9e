import {
  analysisTypeOf, citationsOf, languageLabel, listSections, summarySection,
  type AnalysisProgress, type AnalysisResult, type AnalysisType, type CitedSection,
} from '@civicwatch/core';

export const describeProgress = (progress: AnalysisProgress): string => {
  switch (progress.stage) {
    case 'extracting': return `Reading page ${progress.page} of ${progress.pages}…`;
    case 'ocr': return `Reading scanned page ${progress.page} of ${progress.pages} (OCR)…`;
    case 'analysing': return 'Analysing…';
    case 'checking_citations': return 'Checking citations against the pages…';
  }
};

/**
 * The result for a terminal: the analyzer's warnings first, each point followed by its pages (✓ where the quote
 * was found on that page), then the document's language and the other facts.
 */
export function formatAnalysis(title: string, type: AnalysisType, result: AnalysisResult): string {
  const cites = (section: CitedSection, index: number) => {
    const found = citationsOf(result, section, index);
    return found.length === 0 ? '' : ` [${found.map((c) => `p. ${c.page}${c.verified ? ' ✓' : ' ?'}`).join(', ')}]`;
  };
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
    ...listSections.flatMap(({ key, label }) => [
      label,
      ...(result[key].length === 0 ? ['  (none found in the document)'] : result[key].map((item, i) => `  • ${item}${cites(key, i)}`)),
      '',
    ]),
    `Sentiment: ${result.sentiment.rating}/5 (confidence ${Math.round(result.sentiment.confidence * 100)}%)`,
    `Language: ${languageLabel(m.language)}`,
    `${m.pages} page(s)${m.ocrPages.length ? `, read by OCR: ${m.ocrPages.join(', ')}` : ''}; ${m.wordCount} words; ${(m.processingTime / 1000).toFixed(1)} s; ` +
      `analyzer ${m.analyzer}${m.model ? ` (${m.model})` : ''}`,
    `Citations: ${result.citations.filter((c) => c.verified).length} of ${result.citations.length} quotes found on their page (✓).`,
    '',
  ].join('\n');
}
