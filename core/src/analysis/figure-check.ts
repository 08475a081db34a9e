import { listSectionKeys, type ListSectionKey } from '../contracts/analysis-catalogue.ts';
import { figureMarker, figuresWarning, type AnalysisResult, type CitedSection } from '../contracts/analysis-result.contract.ts';
import { DocumentFigures, findFigures } from './figures.ts';
import type { ExtractedPage } from './text-extractor.port.ts';

type Findings = Pick<AnalysisResult, 'summary' | ListSectionKey | 'citations'>;

/**
 * Looks for every amount, percentage, number and date of the summary and of each point in the document's pages
 * (docs/product/analysis.md "Checked numbers"). A point stating one the document does not contain is marked
 * after its text, and its citations become unverified: its quote may well be on its page, but the point says more
 * than the quote does, so nothing may show it as verified. The figures are named in the returned warning.
 */
export const checkFigures = <T extends Findings>(findings: T, pages: readonly ExtractedPage[]): { findings: T; warning: string | null } => {
  const document = new DocumentFigures(pages.map((p) => p.text));
  const flagged = new Set<string>();
  const missing = new Set<string>();
  const check = (section: CitedSection, index: number, text: string): string => {
    const absent = [...new Set(findFigures(text).filter((f) => !document.contains(f)).map((f) => f.text))];
    if (absent.length === 0) return text;
    flagged.add(`${section}#${index}`);
    for (const figure of absent) missing.add(figure);
    return `${text} ${figureMarker(absent)}`;
  };

  const checked: T = { ...findings, summary: check('summary', 0, findings.summary) };
  for (const section of listSectionKeys) checked[section] = findings[section].map((item, i) => check(section, i, item));
  checked.citations = findings.citations.map((c) => (flagged.has(`${c.section}#${c.index}`) ? { ...c, verified: false } : c));
  return { findings: checked, warning: missing.size > 0 ? figuresWarning([...missing]) : null };
};
