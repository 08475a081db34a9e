import { languageLabel, type AnalysisProgress, type AnalysisResult, type AnalysisType, type CitedSection } from '@civicwatch/core';

export const describeProgress = (progress: AnalysisProgress): string => {
  switch (progress.stage) {
    case 'extracting': return `Reading page ${progress.page} of ${progress.pages}…`;
    case 'ocr': return `Reading scanned page ${progress.page} of ${progress.pages} (OCR)…`;
    case 'analysing': return 'Analysing…';
    case 'checking_citations': return 'Checking citations against the pages…';
  }
};

const typeNames: Record<AnalysisType, string> = { summary: 'Summary', constitutional: 'Constitutional Check', custom: 'Custom Watchdog' };

/**
 * The result for a terminal: the analyzer's warnings first, each point followed by its pages (✓ where the quote
 * was found on that page), then the document's language and the other facts.
 */
export function formatAnalysis(title: string, type: AnalysisType, result: AnalysisResult): string {
  const cites = (section: CitedSection, index: number) => {
    const found = result.citations.filter((c) => c.section === section && c.index === index);
    return found.length === 0 ? '' : ` [${found.map((c) => `p. ${c.page}${c.verified ? ' ✓' : ' ?'}`).join(', ')}]`;
  };
  const list = (heading: string, section: CitedSection, items: string[]) =>
    [heading, ...(items.length === 0 ? ['  (none found in the document)'] : items.map((item, i) => `  • ${item}${cites(section, i)}`)), ''];
  const m = result.metadata;
  return [
    `${title} (${typeNames[type]})`,
    '='.repeat(Math.min(78, title.length + typeNames[type].length + 3)),
    '',
    ...m.warnings.flatMap((warning) => [`Note: ${warning}`, '']),
    'Summary',
    `  ${result.summary}${cites('summary', 0)}`,
    '',
    ...list('Key Insights', 'keyInsights', result.keyInsights),
    ...list('Constitutional Issues', 'constitutionalIssues', result.constitutionalIssues),
    ...list('Recommended Citizen Actions', 'citizenAction', result.citizenAction),
    ...list('Legal Risks', 'legalRisks', result.legalRisks),
    `Sentiment: ${result.sentiment.rating}/5 (confidence ${Math.round(result.sentiment.confidence * 100)}%)`,
    `Language: ${languageLabel(m.language)}`,
    `${m.pages} page(s)${m.ocrPages.length ? `, read by OCR: ${m.ocrPages.join(', ')}` : ''}; ${m.wordCount} words; ${(m.processingTime / 1000).toFixed(1)} s; ` +
      `analyzer ${m.analyzer}${m.model ? ` (${m.model})` : ''}`,
    `Citations: ${result.citations.filter((c) => c.verified).length} of ${result.citations.length} quotes found on their page (✓).`,
    '',
  ].join('\n');
}
