import { largestAmounts, type ChartedAmount, type Fact } from '@civicwatch/core/contracts/index.ts';
import { REPORT_FONT } from './report-font.ts';
import { INK, MARGIN, MUTED, NAVY, PT_TO_MM, VERIFIED_GREEN, ensureSpace, lineHeight, setColor, wrap, writeHeading, writeLines, type Block, type Layout, type Rgb } from './report-layout.ts';
import { amountsHeading, amountsNote, pageStrip, stripHeading, stripLegend, stripSentence, type PageStrip } from './result-pictures.ts';

/**
 * The result's pictures in the PDF report, as the web draws them: the largest amounts as bars, each with its
 * amount and page, and the page strip. Loaded with jsPDF, when a report is made.
 */

export type ReportPictures = { amounts: ChartedAmount[]; strip: PageStrip | null };

/**
 * What the report draws, its words cleaned with the report's other text: the amounts of the facts, and a strip of
 * the pages that the report's own points quote (Legal Risks, left out of the report, count for nothing in it).
 */
export function reportPictures(facts: readonly Fact[], blocks: readonly Block[], pageCount: number | undefined, clean: (text: string) => string): ReportPictures {
  const amounts = largestAmounts(facts).map((amount) => ({ ...amount, label: clean(amount.label), written: clean(amount.written) }));
  const points = blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.citations] : block.kind === 'list' ? block.points.map((point) => point.citations) : []));
  return { amounts, strip: pageStrip(pageCount, points) };
}

const LABEL_WIDTH = 60;
const LABEL_PT = 9.5;
const BAR_HEIGHT = 3.6;
/** Room kept right of the bars for "p. 12". */
const PAGE_WIDTH = 12;

function writeAmountChart(layout: Layout, amounts: readonly ChartedAmount[]) {
  const { doc } = layout;
  writeHeading(layout, amountsHeading);
  doc.setFont(REPORT_FONT, 'italic');
  doc.setFontSize(9);
  setColor(doc, MUTED);
  writeLines(layout, wrap(layout, amountsNote), MARGIN, 9);
  layout.y += 1.5;

  doc.setFont(REPORT_FONT, 'bold');
  doc.setFontSize(LABEL_PT);
  const amountWidth = Math.max(...amounts.map((amount) => doc.getTextWidth(amount.written)));
  const barStart = MARGIN + LABEL_WIDTH + 3;
  const longest = MARGIN + layout.width - PAGE_WIDTH - amountWidth - 3 - barStart;
  const largest = amounts[0]?.value ?? 0;
  const step = lineHeight(LABEL_PT, 1.25);
  for (const amount of amounts) {
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(LABEL_PT);
    const lines = doc.splitTextToSize(amount.label, LABEL_WIDTH) as string[];
    const height = Math.max(lines.length * step, BAR_HEIGHT + 1.5) + 2.5;
    ensureSpace(layout, height);
    const top = layout.y;
    setColor(doc, INK);
    lines.forEach((line, i) => doc.text(line, MARGIN, top + LABEL_PT * PT_TO_MM + i * step));

    const length = Math.max((amount.value / largest) * longest, 0.6);
    doc.setFillColor(...NAVY);
    doc.rect(barStart, top + 0.6, length, BAR_HEIGHT, 'F');
    doc.setFont(REPORT_FONT, 'bold');
    doc.text(amount.written, barStart + length + 2, top + LABEL_PT * PT_TO_MM);
    doc.setFont(REPORT_FONT, 'normal');
    doc.setFontSize(9);
    setColor(doc, amount.fact.verified ? VERIFIED_GREEN : MUTED);
    doc.text(`p. ${amount.fact.page}`, MARGIN + layout.width, top + LABEL_PT * PT_TO_MM, { align: 'right' });
    layout.y = top + height;
  }
}

const CELL_WIDTH = 6.5;
const CELL_HEIGHT = 8;
const CELL_GAP = 1;
const RULE_GREY: Rgb = [203, 213, 225];

/** A cell's fill and ink by how many points quote it, as on the web; the count drawn in it says the same. */
const shadeOf = (points: number): { fill: Rgb; ink: Rgb } =>
  points >= 4 ? { fill: NAVY, ink: [255, 255, 255] } : points >= 2 ? { fill: [147, 197, 253], ink: [23, 37, 84] } : { fill: [219, 234, 254], ink: [23, 37, 84] };

function writePageStrip(layout: Layout, strip: PageStrip) {
  const { doc } = layout;
  writeHeading(layout, stripHeading);
  doc.setFont(REPORT_FONT, 'normal');
  doc.setFontSize(10);
  setColor(doc, INK);
  writeLines(layout, wrap(layout, stripSentence(strip)), MARGIN, 10);
  layout.y += 1.5;

  const perRow = Math.floor((layout.width + CELL_GAP) / (CELL_WIDTH + CELL_GAP));
  for (let start = 0; start < strip.cells.length; start += perRow) {
    ensureSpace(layout, CELL_HEIGHT + CELL_GAP);
    strip.cells.slice(start, start + perRow).forEach((cell, i) => {
      const x = MARGIN + i * (CELL_WIDTH + CELL_GAP);
      const middle = x + CELL_WIDTH / 2;
      doc.setLineWidth(0.2);
      if (cell.points === 0) {
        doc.setDrawColor(...RULE_GREY);
        doc.rect(x, layout.y, CELL_WIDTH, CELL_HEIGHT, 'S');
        doc.setFont(REPORT_FONT, 'normal');
        doc.setFontSize(6);
        setColor(doc, MUTED);
        doc.text(String(cell.first), middle, layout.y + CELL_HEIGHT / 2 + 1, { align: 'center' });
        return;
      }
      const { fill, ink } = shadeOf(cell.points);
      doc.setFillColor(...fill);
      doc.setDrawColor(...NAVY);
      doc.rect(x, layout.y, CELL_WIDTH, CELL_HEIGHT, 'FD');
      setColor(doc, ink);
      doc.setFont(REPORT_FONT, 'normal');
      doc.setFontSize(6);
      doc.text(String(cell.first), middle, layout.y + 3, { align: 'center' });
      doc.setFont(REPORT_FONT, 'bold');
      doc.setFontSize(7.5);
      doc.text(String(cell.points), middle, layout.y + 6.6, { align: 'center' });
    });
    layout.y += CELL_HEIGHT + CELL_GAP;
  }
  layout.y += 1;
  doc.setFont(REPORT_FONT, 'italic');
  doc.setFontSize(9);
  setColor(doc, MUTED);
  writeLines(layout, wrap(layout, stripLegend(strip)), MARGIN, 9);
  layout.y += 2;
}

/** The chart when the document has several amounts, then the strip when the report's points quote any page. */
export function writePictures(layout: Layout, { amounts, strip }: ReportPictures) {
  if (amounts.length > 0) writeAmountChart(layout, amounts);
  if (strip) writePageStrip(layout, strip);
}
