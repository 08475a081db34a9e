import type { jsPDF as JsPdf } from 'jspdf';
import {
  analysisTypeOf,
  citationsOf,
  documentKindLabel,
  factsLabel,
  groupFacts,
  languageLabel,
  listSections,
  summarySection,
  type AnalysisType,
  type StoredAnalysisResult,
} from '@civicwatch/core/contracts/index.ts';
import { confidencePercent, sentimentLabel } from './analysis-result.ts';
import { embedReportFont } from './report-font.ts';
import { exportReport, type ExportDependencies, type ReportAssets } from './report-export.ts';
import {
  PRODUCT_NAME,
  cleanBlock,
  headerSubtitle,
  reportFileName,
  startLayout,
  writeBlock,
  writeFooters,
  writeHeader,
  writeOverview,
  writeWarnings,
  type Block,
} from './report-layout.ts';
import { ReportText } from './report-text.ts';

export const DEFAULT_REPORT_TITLE = 'Government Document Analysis';

export type AnalysisReport = {
  title?: string | null;
  analysisType: AnalysisType;
  /** When the analysis was made (ISO). */
  createdAt: string;
  result: StoredAnalysisResult;
};

/** "CivicWatch_Analysis_City_Budget_2026-11-22.pdf": product, Analysis, sanitized title, date (docs/product/analysis.md "PDF report"). */
export const analysisPdfFileName = (title: string | null | undefined, date: Date): string => reportFileName('Analysis', title, date);

/** The Executive Summary, then the key facts by group (when there are any): what the pictures follow. */
function leadBlocks(result: StoredAnalysisResult): Block[] {
  const blocks: Block[] = [
    { kind: 'heading', text: summarySection.reportLabel },
    { kind: 'paragraph', text: result.summary || summarySection.empty, citations: citationsOf(result, summarySection.key) },
  ];
  const groups = groupFacts(result.facts);
  if (groups.length > 0) blocks.push({ kind: 'heading', text: factsLabel });
  for (const group of groups) {
    blocks.push({ kind: 'subheading', text: group.label });
    blocks.push({ kind: 'list', marker: 'bullet', points: group.facts.map((fact) => ({ text: fact.statement, citations: [fact] })) });
  }
  return blocks;
}

/**
 * The lists as the catalogue places them in the report: Key Insights, Constitutional Issues and Recommended Citizen
 * Actions, the last two only when present; never Legal Risks.
 */
function listBlocks(result: StoredAnalysisResult): Block[] {
  const blocks: Block[] = [];
  for (const { key, label, empty, inReport } of listSections) {
    const items = result[key];
    if (inReport === 'never' || (inReport === 'when-any' && items.length === 0)) continue;
    blocks.push({ kind: 'heading', text: label });
    blocks.push(
      items.length > 0
        ? { kind: 'list', marker: 'number', points: items.map((text, index) => ({ text, citations: citationsOf(result, key, index) })) }
        : { kind: 'paragraph', text: empty, citations: [] },
    );
  }
  return blocks;
}

/** What the analysis is about, for one muted line: sentiment, size, language and kind of document. */
function overviewItems(result: StoredAnalysisResult): string[] {
  const items: string[] = [];
  if (result.sentiment) {
    items.push(`Sentiment: ${result.sentiment.rating}/5 (${sentimentLabel(result.sentiment.rating)})`);
    items.push(`Confidence: ${confidencePercent(result.sentiment.confidence)}`);
  }
  if (result.metadata.pages) items.push(`Pages: ${result.metadata.pages}`);
  if (result.metadata.wordCount !== undefined) items.push(`Words: ${result.metadata.wordCount.toLocaleString('en-US')}`);
  if (result.metadata.language !== undefined) items.push(`Language: ${languageLabel(result.metadata.language)}`);
  if (result.metadata.documentKind !== undefined) items.push(`Document kind: ${documentKindLabel(result.metadata.documentKind)}`);
  return items;
}

/**
 * Lays out the report of docs/product/analysis.md "PDF report": header with title, analysis type and date; an overview line (the document's
 * language and kind among it), any warning of the analyzer and, when some characters could not be drawn, a note
 * that says so; the summary and the key facts, the pictures (the largest amounts, the pages quoted), then the
 * lists, each point followed by its page citations; "Page x of y" and a confidentiality line. Every character of
 * the analysis is drawn in the report's font or marked visibly. jsPDF and the pictures are loaded here, on first
 * use, so they never weigh on the first page load.
 */
export async function buildAnalysisPdf(report: AnalysisReport, options: ReportAssets): Promise<JsPdf> {
  const [{ jsPDF }, pictures] = await Promise.all([import('jspdf'), import('./report-pictures.ts')]);
  // Compressed, the three embedded faces weigh about 140 KB in the file rather than 400 KB.
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  const fullTitle = report.title?.trim() || DEFAULT_REPORT_TITLE;
  const typeLabel = analysisTypeOf(report.analysisType).label;
  // The document's properties are no drawing: they keep the title whole.
  doc.setProperties({ title: fullTitle, subject: `${typeLabel} by ${PRODUCT_NAME}`, creator: PRODUCT_NAME });

  // Every string drawn from the analysis is cleaned before anything is laid out, so that the note on what
  // could not be drawn stands at the top.
  const text = new ReportText(embedReportFont(doc, options.font));
  const clean = (value: string) => text.clean(value);
  const { result } = report;
  const title = clean(fullTitle);
  const overview = overviewItems(result).map(clean);
  const warnings = (result.metadata.warnings ?? []).map(clean);
  const lead = leadBlocks(result).map((block) => cleanBlock(block, clean));
  const lists = listBlocks(result).map((block) => cleanBlock(block, clean));
  const pictured = pictures.reportPictures(result.facts, [...lead, ...lists], result.metadata.pages, clean);
  const note = text.note();
  if (note) warnings.push(note);

  const layout = startLayout(doc, title);
  writeHeader(layout, { title, subtitle: headerSubtitle(typeLabel, report.createdAt), logo: options.logo ?? null });
  writeOverview(layout, overview);
  writeWarnings(layout, warnings);
  for (const block of lead) writeBlock(layout, block);
  pictures.writePictures(layout, pictured);
  for (const block of lists) writeBlock(layout, block);
  writeFooters(doc);
  return doc;
}

/** Builds the analysis's report and downloads it; the spec's alert when it cannot (see exportReport). */
export function exportAnalysisPdf(report: AnalysisReport, deps: ExportDependencies = {}): Promise<boolean> {
  return exportReport((assets) => buildAnalysisPdf(report, assets), (date) => analysisPdfFileName(report.title, date), deps);
}
