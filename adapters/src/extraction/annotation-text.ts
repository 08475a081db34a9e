/**
 * The text drawn inside a page's annotations: e-signature stamps, form fields, stamped case numbers, which
 * `getTextContent` leaves out and `pdftotext` reads. It walks the operator list pdf.js builds with annotations
 * enabled and turns each shown string between `beginAnnotation` and `endAnnotation` into a positioned item for
 * the page's normaliser. Only pages with an annotation that has an appearance pay for the walk: building an
 * operator list may decode the page's images.
 *
 * The annotations are those the page prints. Asked for the annotations it displays, pdf.js also extracts the
 * page's whole text content again for every page with a link or a highlight (the text under it, for screen
 * readers): a second `getTextContent` on every page with a hyperlink, which nearly doubled the time to read a
 * document whose pages all have one (ADR 0014). Stamps, signatures and filled form fields print; what is shown
 * but not printed is a viewer's affordance (a note's icon, a button).
 *
 * Erasable TypeScript only: the extraction worker imports it under Node's own type stripping.
 */
import { AnnotationMode, OPS, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PositionedText } from './page-text.normalizer.ts';

type Matrix = number[];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const times = (a: Matrix, b: Matrix): Matrix => Util.transform(a, b) as Matrix;
/** pdf.js passes a matrix as six numbers or as one array-like argument, depending on the operator. */
const matrixOf = (args: unknown[]): Matrix =>
  (args.length >= 6 && typeof args[0] === 'number' ? args.slice(0, 6) : Array.from(args[0] as ArrayLike<number>)) as Matrix;

interface Glyph {
  unicode?: string;
  width?: number;
}

export async function annotationText(page: PDFPageProxy): Promise<PositionedText[]> {
  const annotations = await page.getAnnotations({ intent: 'print' });
  if (!annotations.some((annotation: { hasAppearance?: boolean }) => annotation.hasAppearance)) return [];
  const list = await page.getOperatorList({ intent: 'print', annotationMode: AnnotationMode.ENABLE });
  const items: PositionedText[] = [];
  const saved: Matrix[] = [];
  let depth = 0;
  let ctm = IDENTITY;
  let lineMatrix = IDENTITY;
  let textMatrix = IDENTITY;
  let size = 0;
  let leading = 0;
  const moveTo = (x: number, y: number): void => {
    lineMatrix = times(lineMatrix, [1, 0, 0, 1, x, y]);
    textMatrix = lineMatrix;
  };
  list.fnArray.forEach((fn, index) => {
    const args = (list.argsArray[index] ?? []) as unknown[];
    if (fn === OPS.beginAnnotation) {
      depth++;
      saved.push(ctm);
      ctm = times(Array.from(args[2] as ArrayLike<number>), Array.from(args[3] as ArrayLike<number>));
      return;
    }
    if (fn === OPS.endAnnotation) {
      depth = Math.max(0, depth - 1);
      ctm = saved.pop() ?? IDENTITY;
      return;
    }
    if (depth === 0) return;
    switch (fn) {
      case OPS.save:
      case OPS.paintFormXObjectBegin:
        saved.push(ctm);
        if (fn === OPS.paintFormXObjectBegin && args[0]) ctm = times(ctm, matrixOf(args));
        break;
      case OPS.restore:
      case OPS.paintFormXObjectEnd:
        ctm = saved.pop() ?? IDENTITY;
        break;
      case OPS.transform:
        ctm = times(ctm, matrixOf(args));
        break;
      case OPS.beginText:
        lineMatrix = textMatrix = IDENTITY;
        break;
      case OPS.setTextMatrix:
        lineMatrix = textMatrix = matrixOf(args);
        break;
      case OPS.moveText:
        moveTo(Number(args[0]), Number(args[1]));
        break;
      case OPS.setLeading:
        leading = Number(args[0]);
        break;
      case OPS.setLeadingMoveText:
        leading = -Number(args[1]);
        moveTo(Number(args[0]), Number(args[1]));
        break;
      case OPS.nextLine:
        moveTo(0, -leading);
        break;
      case OPS.setFont:
        size = Number(args[1]);
        break;
      case OPS.showText:
      case OPS.showSpacedText: {
        let text = '';
        let advance = 0;
        for (const glyph of (args[0] ?? []) as Array<Glyph | number | null>) {
          if (typeof glyph === 'number') advance -= (glyph / 1000) * size;
          else if (glyph) {
            text += glyph.unicode ?? '';
            advance += ((glyph.width ?? 0) / 1000) * size;
          }
        }
        const rendering = times(ctm, times(textMatrix, [size, 0, 0, size, 0, 0]));
        const scale = size === 0 ? 0 : Math.hypot(rendering[0]!, rendering[1]!) / size;
        if (text.trim() !== '') {
          items.push({ str: text, transform: rendering, width: advance * scale, height: Math.hypot(rendering[2]!, rendering[3]!), hasEOL: false });
        }
        textMatrix = times(textMatrix, [1, 0, 0, 1, advance, 0]);
        break;
      }
    }
  });
  return items;
}
