import type { jsPDF as JsPdf } from 'jspdf';
import {
  changeTypeLabels,
  comparisonEntry,
  historyTypeLabel,
  summarySection,
  versionLabels,
  versionSides,
  type Change,
  type ComparisonResult,
  type VersionSide,
} from '@civicwatch/core/contracts/index.ts';
import { REPORT_FONT, embedReportFont } from './report-font.ts';
import { exportReport, type ExportDependencies, type ReportAssets } from './report-export.ts';
import {
  BODY_PT,
  INK,
  MARGIN,
  MUTED,
  NAVY,
  PRODUCT_NAME,
  VERIFIED_GREEN,
  cleanBlock,
  ensureSpace,
  headerSubtitle,
  lineHeight,
  reportFileName,
  setColor,
  startLayout,
  wrap,
  writeBlock,
  writeFooters,
  writeHeader,
  writeHeading,
  writeLines,
  writeMarker,
  writeOverview,
  writeWarnings,
  type Layout,
} from './report-layout.ts';
import { comparedDocumentFacts } from './comparison-result.ts';
import { ReportText } from './report-text.ts';

export const DEFAULT_COMPARISON_TITLE = 'Version Comparison';

export type ComparisonReport = {
  /** The comparison's title in the history; null where titles are not shown (a shared comparison, ADR 0010). */
  title?: string | null;
  /** When the comparison was made (ISO). */
  createdAt: string;
  result: ComparisonResult;
};

/** "CivicWatch_Comparison_Levy_2020_2026-11-22.pdf". */
export const comparisonPdfFileName = (title: string | null | undefined, date: Date): string => reportFileName('Comparison', title, date);

/** "Earlier version, p. 2, verified: “…”"; a dash when that version does not hold the change. */
export function sideLine(version: VersionSide, side: Change['before']): string {
  if (!side) return `${versionLabels[version]}: \u2014`;
  return `${versionLabels[version]}, p. ${side.page}${side.verified ? ', verified' : ', not verified'}: \u201c${side.quote}\u201d`;
}

/** A change as the report draws it: its kind, its statement, and what each version says, already cleaned. */
type ChangeLines = { label: string; statement: string; sides: Array<{ text: string; verified: boolean }> };

const sideOf = (change: Change, version: VersionSide) => (version === 'earlier' ? change.before : change.after);

/** The changes one under the other, numbered: the kind in small capitals, the statement, then each version's quote and page. */
function writeChanges(layout: Layout, changes: readonly ChangeLines[]) {
  const { doc } = layout;
  const indent = 8;
  const x = MARGIN + indent;
  changes.forEach(({ label, statement, sides }, index) => {
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(BODY_PT);
    const lines = wrap(layout, statement, x);
    // The kind, the statement's first line and its versions' first lines stay together.
    ensureSpace(layout, lineHeight(8.5) + 3 * lineHeight(BODY_PT));
    doc.setFont(REPORT_FONT, 'bold');
    doc.setFontSize(8.5);
    setColor(doc, NAVY);
    writeLines(layout, [label.toUpperCase()], x, 8.5);
    writeMarker(layout, `${index + 1}.`);
    doc.setFont(REPORT_FONT, 'normal');
    setColor(doc, INK);
    writeLines(layout, lines, x, BODY_PT);
    for (const side of sides) {
      doc.setFont(REPORT_FONT, 'italic');
      doc.setFontSize(9);
      setColor(doc, side.verified ? VERIFIED_GREEN : MUTED);
      writeLines(layout, wrap(layout, side.text, x), x, 9);
    }
    layout.y += 3;
  });
}

/** Each version's title (unless hidden) and what was read of it, one after the other. */
function writeCompared(layout: Layout, documents: ReadonlyArray<{ heading: string; facts: string[] }>) {
  const { doc } = layout;
  for (const { heading, facts } of documents) {
    doc.setFont(REPORT_FONT, 'bold');
    doc.setFontSize(BODY_PT);
    setColor(doc, INK);
    writeLines(layout, wrap(layout, heading), MARGIN, BODY_PT);
    writeOverview(layout, facts);
  }
}

/**
 * The report of a comparison, laid out as an analysis's (docs/product/analysis.md "PDF report"): header with title, "Version comparison" and the
 * date; the two documents compared; the warnings and any note on characters the font lacks; the summary; then
 * what changed, each change with its kind, its statement and the quote and page in each version, checked or not;
 * or, when nothing of substance changed, the comparison's honest empty state.
 */
export async function buildComparisonPdf(report: ComparisonReport, options: ReportAssets): Promise<JsPdf> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  const fullTitle = report.title?.trim() || DEFAULT_COMPARISON_TITLE;
  const typeLabel = historyTypeLabel(comparisonEntry.key);
  doc.setProperties({ title: fullTitle, subject: `${typeLabel} by ${PRODUCT_NAME}`, creator: PRODUCT_NAME });

  const text = new ReportText(embedReportFont(doc, options.font));
  const clean = (value: string) => text.clean(value);
  const { result } = report;
  const showTitles = report.title !== null;
  const title = clean(fullTitle);
  const documents = versionSides.map((version) => {
    const compared = result.metadata[version];
    const named = showTitles && compared.title.trim() !== '';
    return {
      heading: clean(named ? `${versionLabels[version]}: ${compared.title}` : versionLabels[version]),
      facts: comparedDocumentFacts(compared).map(({ label, value }) => clean(`${label}: ${value}`)),
    };
  });
  const warnings = result.metadata.warnings.map(clean);
  const summary = cleanBlock({ kind: 'paragraph', text: result.summary || summarySection.empty, citations: [] }, clean);
  const changes: ChangeLines[] = result.changes.map((change) => ({
    label: changeTypeLabels[change.type],
    statement: clean(change.statement),
    sides: versionSides.map((version) => {
      const side = sideOf(change, version);
      return { text: clean(sideLine(version, side)), verified: side?.verified ?? false };
    }),
  }));
  const note = text.note();
  if (note) warnings.push(note);

  const layout = startLayout(doc, title);
  writeHeader(layout, { title, subtitle: headerSubtitle(typeLabel, report.createdAt), logo: options.logo ?? null });
  writeCompared(layout, documents);
  writeWarnings(layout, warnings);
  writeBlock(layout, { kind: 'heading', text: summarySection.reportLabel });
  writeBlock(layout, summary);
  writeHeading(layout, comparisonEntry.changesLabel);
  if (changes.length === 0) writeBlock(layout, { kind: 'paragraph', text: comparisonEntry.empty, citations: [] });
  else writeChanges(layout, changes);
  writeFooters(doc);
  return doc;
}

/** Builds the comparison's report and downloads it; the spec's alert when it cannot (see exportReport). */
export function exportComparisonPdf(report: ComparisonReport, deps: ExportDependencies = {}): Promise<boolean> {
  return exportReport((assets) => buildComparisonPdf(report, assets), (date) => comparisonPdfFileName(report.title, date), deps);
}
