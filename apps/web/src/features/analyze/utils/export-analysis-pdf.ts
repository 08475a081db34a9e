import { format } from 'date-fns';
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
  type Citation,
  type StoredAnalysisResult,
} from '@civicwatch/core/contracts/index.ts';
import { confidencePercent, sentimentLabel } from './analysis-result.ts';
import { REPORT_FONT, embedReportFont, loadReportFont, type ReportFontFiles } from './report-font.ts';
import { ReportText } from './report-text.ts';

export const PRODUCT_NAME = 'CivicWatch';
export const DEFAULT_REPORT_TITLE = 'Government Document Analysis';
export const EXPORT_FAILED_MESSAGE = 'Failed to export PDF. Please try again.';

export type AnalysisReport = {
  title?: string | null;
  analysisType: AnalysisType;
  /** When the analysis was made (ISO). */
  createdAt: string;
  result: StoredAnalysisResult;
};

// Spec §7: 20-unit margins (mm on A4), a 20 pt title, page breaks 20 units from the bottom.
const MARGIN = 20;
const BOTTOM_GAP = 20;
const TITLE_PT = 20;
const BODY_PT = 11;
const PT_TO_MM = 25.4 / 72;

type Rgb = readonly [number, number, number];
const NAVY: Rgb = [30, 58, 138];
const PALE_BLUE: Rgb = [191, 219, 254];
const ACCENT_RED: Rgb = [185, 28, 28];
const INK: Rgb = [30, 41, 59];
const MUTED: Rgb = [100, 116, 139];
const RULE: Rgb = [226, 232, 240];
const VERIFIED_GREEN: Rgb = [4, 120, 87];
const WARNING_AMBER: Rgb = [146, 64, 14];

/** "CivicWatch_Analysis_City_Budget_2026-11-22.pdf": product, Analysis, sanitized title, date (spec §7). */
export function analysisPdfFileName(title: string | null | undefined, date: Date): string {
  const sanitized =
    (title ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\.pdf$/i, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60)
      .replace(/_+$/, '') || 'Government_Document';
  return `${PRODUCT_NAME}_Analysis_${sanitized}_${format(date, 'yyyy-MM-dd')}.pdf`;
}

/** Where a point or a fact rests: its page, and whether its quote was found there. */
type PageCitation = Pick<Citation, 'page' | 'verified'>;

/** "(p. 2 verified; p. 5)": the pages a point rests on. */
export function citationNote(citations: readonly PageCitation[]): string | null {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const citation of citations) {
    const part = citation.verified ? `p. ${citation.page} verified` : `p. ${citation.page}`;
    if (seen.has(part)) continue;
    seen.add(part);
    parts.push(part);
  }
  return parts.length > 0 ? `(${parts.join('; ')})` : null;
}

type Layout = { doc: JsPdf; y: number; width: number; pageHeight: number; runningTitle: string };

function setColor(doc: JsPdf, [r, g, b]: Rgb) {
  doc.setTextColor(r, g, b);
}

/** Starts a new page when `height` more would cross the line 20 units above the bottom. */
function ensureSpace(layout: Layout, height: number) {
  if (layout.y + height <= layout.pageHeight - BOTTOM_GAP) return;
  const { doc } = layout;
  // The text being written goes on in its own font on the new page.
  const font = doc.getFont();
  const size = doc.getFontSize();
  const color = doc.getTextColor();
  doc.addPage();
  // A quiet running header tells loose pages apart.
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(8);
  setColor(doc, MUTED);
  doc.text(layout.runningTitle, MARGIN, 12);
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.2);
  doc.line(MARGIN, 14, MARGIN + layout.width, 14);
  doc.setFont(font.fontName, font.fontStyle);
  doc.setFontSize(size);
  doc.setTextColor(color);
  layout.y = MARGIN + 2;
}

function lineHeight(pt: number, factor = 1.45) {
  return pt * PT_TO_MM * factor;
}

function writeLines(layout: Layout, lines: string[], x: number, pt: number) {
  const step = lineHeight(pt);
  for (const line of lines) {
    ensureSpace(layout, step);
    layout.doc.text(line, x, layout.y + pt * PT_TO_MM);
    layout.y += step;
  }
}

function writeCitations(layout: Layout, citations: readonly PageCitation[], x: number) {
  const note = citationNote(citations);
  if (!note) return;
  const { doc } = layout;
  doc.setFont(REPORT_FONT, 'italic');
  doc.setFontSize(9);
  setColor(doc, citations.some((c) => c.verified) ? VERIFIED_GREEN : MUTED);
  writeLines(layout, doc.splitTextToSize(note, layout.width - (x - MARGIN)) as string[], x, 9);
}

function writeHeading(layout: Layout, heading: string) {
  const { doc } = layout;
  // Keep a heading with at least its first lines.
  ensureSpace(layout, 22);
  layout.y += 4;
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(14);
  setColor(doc, NAVY);
  doc.text(heading, MARGIN, layout.y + 14 * PT_TO_MM);
  layout.y += 14 * PT_TO_MM + 2.5;
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.4);
  doc.line(MARGIN, layout.y, MARGIN + layout.width, layout.y);
  layout.y += 4;
}

type Point = { text: string; citations: readonly PageCitation[] };

/** What the report says below its header, in order, before it is laid out. */
type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string; citations: readonly PageCitation[] }
  | { kind: 'list'; marker: 'number' | 'bullet'; points: Point[] };

/**
 * The Executive Summary, the key facts by group (when there are any), then the lists as the catalogue places them
 * in the report: Key Insights, Constitutional Issues and Recommended Citizen Actions, the last two only when
 * present; never Legal Risks.
 */
function reportBlocks(result: StoredAnalysisResult): Block[] {
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

function cleanBlock(block: Block, clean: (text: string) => string): Block {
  if (block.kind === 'list') return { ...block, points: block.points.map((point) => ({ ...point, text: clean(point.text) })) };
  return { ...block, text: clean(block.text) };
}

function writeParagraph(layout: Layout, text: string, citations: readonly PageCitation[]) {
  const { doc } = layout;
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(BODY_PT);
  setColor(doc, INK);
  writeLines(layout, doc.splitTextToSize(text, layout.width) as string[], MARGIN, BODY_PT);
  writeCitations(layout, citations, MARGIN);
  layout.y += 2;
}

/** Points one under the other, numbered or bulleted, each followed by the pages it rests on. */
function writeList(layout: Layout, points: readonly Point[], marker: 'number' | 'bullet') {
  const { doc } = layout;
  const indent = marker === 'number' ? 8 : 5;
  points.forEach(({ text, citations }, index) => {
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(BODY_PT);
    const lines = doc.splitTextToSize(text, layout.width - indent) as string[];
    ensureSpace(layout, lineHeight(BODY_PT));
    doc.setFont(REPORT_FONT, 'bold');
    setColor(doc, NAVY);
    doc.text(marker === 'number' ? `${index + 1}.` : '\u2022', MARGIN, layout.y + BODY_PT * PT_TO_MM);
    doc.setFont(REPORT_FONT, 'normal');
    setColor(doc, INK);
    writeLines(layout, lines, MARGIN + indent, BODY_PT);
    writeCitations(layout, citations, MARGIN + indent);
    layout.y += 2.5;
  });
}

/** A group's name within a section, kept with at least its first point. */
function writeSubheading(layout: Layout, text: string) {
  const { doc } = layout;
  ensureSpace(layout, 16);
  layout.y += 1;
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(10.5);
  setColor(doc, NAVY);
  doc.text(text, MARGIN, layout.y + 10.5 * PT_TO_MM);
  layout.y += lineHeight(10.5) + 1;
}

function writeBlock(layout: Layout, block: Block) {
  switch (block.kind) {
    case 'heading':
      return writeHeading(layout, block.text);
    case 'subheading':
      return writeSubheading(layout, block.text);
    case 'paragraph':
      return writeParagraph(layout, block.text, block.citations);
    case 'list':
      return writeList(layout, block.points, block.marker);
  }
}

/** The band at the top of the first page: mark, title, analysis type and date. */
function writeHeader(layout: Layout, report: AnalysisReport, title: string, logo: string | null) {
  const { doc } = layout;
  const pageWidth = doc.internal.pageSize.getWidth();
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(TITLE_PT);
  const titleLines = doc.splitTextToSize(title, layout.width) as string[];
  const titleStep = lineHeight(TITLE_PT, 1.2);
  const bandHeight = 34 + titleLines.length * titleStep;

  doc.setFillColor(...NAVY);
  doc.rect(0, 0, pageWidth, bandHeight, 'F');
  doc.setFillColor(...ACCENT_RED);
  doc.rect(0, bandHeight, pageWidth, 1.2, 'F');

  let brandX = MARGIN;
  if (logo) {
    try {
      doc.addImage(logo, 'PNG', MARGIN, 10, 9, 9);
      brandX += 12;
    } catch {
      // A logo that cannot be drawn is left out; the report goes on without it (spec §7).
    }
  }
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(9);
  setColor(doc, PALE_BLUE);
  doc.text(`${PRODUCT_NAME.toUpperCase()}  |  CITIZEN WATCHDOG REPORT`, brandX, 16);

  let y = 24;
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(TITLE_PT);
  doc.setTextColor(255, 255, 255);
  for (const line of titleLines) {
    doc.text(line, MARGIN, y + TITLE_PT * PT_TO_MM * 0.8);
    y += titleStep;
  }
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(10);
  setColor(doc, PALE_BLUE);
  const date = format(new Date(report.createdAt), 'MMMM d, yyyy');
  doc.text(`${analysisTypeOf(report.analysisType).label}  |  ${date}`, MARGIN, y + 5);
  layout.y = bandHeight + 10;
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

function writeOverview(layout: Layout, items: readonly string[]) {
  if (items.length === 0) return;
  const { doc } = layout;
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(9.5);
  setColor(doc, MUTED);
  // Lines break between the items, never inside one: "Document kind:" stays with its kind.
  const lines: string[] = [];
  for (const item of items) {
    const joined = lines.length > 0 ? `${lines.at(-1)}    ${item}` : item;
    if (lines.length > 0 && doc.getTextWidth(joined) <= layout.width) lines[lines.length - 1] = joined;
    else lines.push(item);
  }
  writeLines(layout, lines, MARGIN, 9.5);
  layout.y += 2;
}

/** Caveats ahead of the findings they qualify: the analyzer's own (a language it handles less well), and the report's. */
function writeWarnings(layout: Layout, warnings: readonly string[]) {
  const { doc } = layout;
  for (const warning of warnings) {
    doc.setFont(REPORT_FONT, 'italic');
    doc.setFontSize(10);
    setColor(doc, WARNING_AMBER);
    writeLines(layout, doc.splitTextToSize(warning, layout.width) as string[], MARGIN, 10);
    layout.y += 2;
  }
}

function writeFooters(doc: JsPdf) {
  const pages = doc.getNumberOfPages();
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setDrawColor(...RULE);
    doc.setLineWidth(0.2);
    doc.line(MARGIN, height - 14, width - MARGIN, height - 14);
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(8);
    setColor(doc, MUTED);
    doc.text(`Confidential - prepared with ${PRODUCT_NAME} for civic review. Check findings against the original document.`, MARGIN, height - 9);
    doc.text(`Page ${page} of ${pages}`, width - MARGIN, height - 9, { align: 'right' });
  }
}

/**
 * Lays out the report of spec §7: header with title, analysis type and date; an overview line (the document's
 * language and kind among it), any warning of the analyzer and, when some characters could not be drawn, a note
 * that says so; the sections of `reportBlocks`, each point followed by its page citations; "Page x of y" and a
 * confidentiality line. Every character of the analysis is drawn in the report's font or marked visibly.
 * jsPDF is loaded here, on first use, so it never weighs on the first page load.
 */
export async function buildAnalysisPdf(report: AnalysisReport, options: { font: ReportFontFiles; logo?: string | null }): Promise<JsPdf> {
  const { jsPDF } = await import('jspdf');
  // Compressed, the three embedded faces weigh about 140 KB in the file rather than 400 KB.
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  const fullTitle = report.title?.trim() || DEFAULT_REPORT_TITLE;
  // The document's properties are no drawing: they keep the title whole.
  doc.setProperties({ title: fullTitle, subject: `${analysisTypeOf(report.analysisType).label} by ${PRODUCT_NAME}`, creator: PRODUCT_NAME });

  // Every string drawn from the analysis is cleaned before anything is laid out, so that the note on what
  // could not be drawn stands at the top.
  const text = new ReportText(embedReportFont(doc, options.font));
  const clean = (value: string) => text.clean(value);
  const { result } = report;
  const title = clean(fullTitle);
  const overview = overviewItems(result).map(clean);
  const warnings = (result.metadata.warnings ?? []).map(clean);
  const blocks = reportBlocks(result).map((block) => cleanBlock(block, clean));
  const note = text.note();
  if (note) warnings.push(note);

  const layout: Layout = {
    doc,
    y: MARGIN,
    width: doc.internal.pageSize.getWidth() - 2 * MARGIN,
    pageHeight: doc.internal.pageSize.getHeight(),
    runningTitle: `${PRODUCT_NAME}  |  ${title.length > 90 ? `${title.slice(0, 89)}\u2026` : title}`,
  };
  writeHeader(layout, report, title, options.logo ?? null);
  writeOverview(layout, overview);
  writeWarnings(layout, warnings);
  for (const block of blocks) writeBlock(layout, block);
  writeFooters(doc);
  return doc;
}

/** The product mark as a PNG data URL, or null when it cannot be loaded in time. */
export function loadLogo(src = '/favicon.svg', timeoutMs = 1500): Promise<string | null> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    image.onload = () => {
      clearTimeout(timer);
      try {
        const canvas = document.createElement('canvas');
        canvas.width = 128;
        canvas.height = 128;
        const context = canvas.getContext('2d');
        if (!context) return resolve(null);
        context.drawImage(image, 0, 0, 128, 128);
        resolve(canvas.toDataURL('image/png'));
      } catch {
        resolve(null);
      }
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    image.src = src;
  });
}

export type ExportDependencies = {
  loadLogo?: () => Promise<string | null>;
  /** The report font's files; the default fetches them from the app's assets. */
  loadFont?: () => Promise<ReportFontFiles>;
  /** Hands the finished document to the user; the default downloads it. */
  download?: (doc: JsPdf, fileName: string) => void;
  now?: () => Date;
  alert?: (message: string) => void;
};

/**
 * Builds the report and downloads it. A logo that fails to load is left out; any other failure (the font
 * among them, without which the report would lose characters) tells the user with the spec's alert. Resolves to whether the file was handed over.
 */
export async function exportAnalysisPdf(report: AnalysisReport, deps: ExportDependencies = {}): Promise<boolean> {
  const { download = (doc, fileName) => doc.save(fileName), now = () => new Date(), alert = (m) => window.alert(m) } = deps;
  try {
    // jsPDF's chunk is fetched alongside the font, not after it; buildAnalysisPdf then finds it loaded.
    const [logo, font] = await Promise.all([(deps.loadLogo ?? loadLogo)().catch(() => null), (deps.loadFont ?? loadReportFont)(), import('jspdf')]);
    const doc = await buildAnalysisPdf(report, { font, logo });
    download(doc, analysisPdfFileName(report.title, now()));
    return true;
  } catch (error) {
    console.error('PDF export failed', error);
    alert(EXPORT_FAILED_MESSAGE);
    return false;
  }
}
