import { format } from 'date-fns';
import type { jsPDF as JsPdf } from 'jspdf';
import type { Citation } from '@civicwatch/core/contracts/index.ts';
import { REPORT_FONT } from './report-font.ts';

/**
 * The pieces every PDF report is laid out with (an analysis's, a comparison's): the header band, headings,
 * paragraphs, lists with the pages each point rests on, warnings, page breaks and footers. docs/product/analysis.md "PDF report": 20-unit
 * margins (mm on A4), a 20 pt title, page breaks 20 units from the bottom.
 */

export const PRODUCT_NAME = 'CivicWatch';

export const MARGIN = 20;
const BOTTOM_GAP = 20;
const TITLE_PT = 20;
export const BODY_PT = 11;
export const PT_TO_MM = 25.4 / 72;

export type Rgb = readonly [number, number, number];
export const NAVY: Rgb = [30, 58, 138];
const PALE_BLUE: Rgb = [191, 219, 254];
const ACCENT_RED: Rgb = [185, 28, 28];
export const INK: Rgb = [30, 41, 59];
export const MUTED: Rgb = [100, 116, 139];
const RULE: Rgb = [226, 232, 240];
export const VERIFIED_GREEN: Rgb = [4, 120, 87];
const WARNING_AMBER: Rgb = [146, 64, 14];

/** "CivicWatch_Analysis_City_Budget_2026-11-22.pdf": product, what the report is, sanitized title, date (docs/product/analysis.md "PDF report"). */
export function reportFileName(kind: 'Analysis' | 'Comparison', title: string | null | undefined, date: Date): string {
  const sanitized =
    (title ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\.pdf$/i, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60)
      .replace(/_+$/, '') || 'Government_Document';
  return `${PRODUCT_NAME}_${kind}_${sanitized}_${format(date, 'yyyy-MM-dd')}.pdf`;
}

/** Where a point or a fact rests: its page, and whether its quote was found there. */
export type PageCitation = Pick<Citation, 'page' | 'verified'>;

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

export type Layout = { doc: JsPdf; y: number; width: number; pageHeight: number; runningTitle: string };

/** A layout at the top of the document's first page; `title` heads every further page. */
export function startLayout(doc: JsPdf, title: string): Layout {
  return {
    doc,
    y: MARGIN,
    width: doc.internal.pageSize.getWidth() - 2 * MARGIN,
    pageHeight: doc.internal.pageSize.getHeight(),
    runningTitle: `${PRODUCT_NAME}  |  ${title.length > 90 ? `${title.slice(0, 89)}\u2026` : title}`,
  };
}

export function setColor(doc: JsPdf, [r, g, b]: Rgb) {
  doc.setTextColor(r, g, b);
}

/** Starts a new page when `height` more would cross the line 20 units above the bottom. */
export function ensureSpace(layout: Layout, height: number) {
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

export function lineHeight(pt: number, factor = 1.45) {
  return pt * PT_TO_MM * factor;
}

export function writeLines(layout: Layout, lines: string[], x: number, pt: number) {
  const step = lineHeight(pt);
  for (const line of lines) {
    ensureSpace(layout, step);
    layout.doc.text(line, x, layout.y + pt * PT_TO_MM);
    layout.y += step;
  }
}

/** `text` wrapped within the width left right of `x`, in the font and size set. */
export const wrap = (layout: Layout, text: string, x = MARGIN) => layout.doc.splitTextToSize(text, layout.width - (x - MARGIN)) as string[];

function writeCitations(layout: Layout, citations: readonly PageCitation[], x: number) {
  const note = citationNote(citations);
  if (!note) return;
  const { doc } = layout;
  doc.setFont(REPORT_FONT, 'italic');
  doc.setFontSize(9);
  setColor(doc, citations.some((c) => c.verified) ? VERIFIED_GREEN : MUTED);
  writeLines(layout, wrap(layout, note, x), x, 9);
}

export function writeHeading(layout: Layout, heading: string) {
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

export type Point = { text: string; citations: readonly PageCitation[] };

/** What a report says below its header, in order, before it is laid out. */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string; citations: readonly PageCitation[] }
  | { kind: 'list'; marker: 'number' | 'bullet'; points: Point[] };

export function cleanBlock(block: Block, clean: (text: string) => string): Block {
  if (block.kind === 'list') return { ...block, points: block.points.map((point) => ({ ...point, text: clean(point.text) })) };
  return { ...block, text: clean(block.text) };
}

function writeParagraph(layout: Layout, text: string, citations: readonly PageCitation[]) {
  const { doc } = layout;
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(BODY_PT);
  setColor(doc, INK);
  writeLines(layout, wrap(layout, text), MARGIN, BODY_PT);
  writeCitations(layout, citations, MARGIN);
  layout.y += 2;
}

/** The number or bullet of a list's point, on the line its text starts on. */
export function writeMarker(layout: Layout, marker: string) {
  const { doc } = layout;
  ensureSpace(layout, lineHeight(BODY_PT));
  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(BODY_PT);
  setColor(doc, NAVY);
  doc.text(marker, MARGIN, layout.y + BODY_PT * PT_TO_MM);
}

/** Points one under the other, numbered or bulleted, each followed by the pages it rests on. */
function writeList(layout: Layout, points: readonly Point[], marker: 'number' | 'bullet') {
  const { doc } = layout;
  const indent = marker === 'number' ? 8 : 5;
  points.forEach(({ text, citations }, index) => {
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(BODY_PT);
    const lines = wrap(layout, text, MARGIN + indent);
    writeMarker(layout, marker === 'number' ? `${index + 1}.` : '\u2022');
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

export function writeBlock(layout: Layout, block: Block) {
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

/** The band at the top of the first page: mark, title, and the line under it (what the report is, and its date). */
export function writeHeader(layout: Layout, { title, subtitle, logo }: { title: string; subtitle: string; logo: string | null }) {
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
      // A logo that cannot be drawn is left out; the report goes on without it (docs/product/analysis.md "PDF report").
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
  doc.text(subtitle, MARGIN, y + 5);
  layout.y = bandHeight + 10;
}

/** "Constitutional Check  |  November 22, 2026": the header's line under the title. */
export const headerSubtitle = (what: string, createdAt: string) => `${what}  |  ${format(new Date(createdAt), 'MMMM d, yyyy')}`;

/** One muted line of facts about the document, broken between the items, never inside one. */
export function writeOverview(layout: Layout, items: readonly string[]) {
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
export function writeWarnings(layout: Layout, warnings: readonly string[]) {
  const { doc } = layout;
  for (const warning of warnings) {
    doc.setFont(REPORT_FONT, 'italic');
    doc.setFontSize(10);
    setColor(doc, WARNING_AMBER);
    writeLines(layout, wrap(layout, warning), MARGIN, 10);
    layout.y += 2;
  }
}

/** "Page x of y" and the confidentiality line on every page, once all pages exist. */
export function writeFooters(doc: JsPdf) {
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
