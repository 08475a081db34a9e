import type { Font, jsPDF as JsPdf } from 'jspdf';
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import italicUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf?url';
import type { Drawable } from './report-text.ts';

/** The report's typeface (ADR 0020): DejaVu Sans draws Latin, Greek and Cyrillic, among others. */
export const REPORT_FONT = 'DejaVuSans';

export const REPORT_FONT_STYLES = ['normal', 'bold', 'italic'] as const;
export type ReportFontStyle = (typeof REPORT_FONT_STYLES)[number];

/** Where the built app serves each face: Vite copies the files out of the package as fingerprinted assets. */
export const REPORT_FONT_URLS: Readonly<Record<ReportFontStyle, string>> = { normal: regularUrl, bold: boldUrl, italic: italicUrl };

/** The TrueType files of the three faces. */
export type ReportFontFiles = Readonly<Record<ReportFontStyle, Uint8Array>>;

const isTrueType = (bytes: Uint8Array) =>
  bytes.length > 12 && ((bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0) || String.fromCharCode(...bytes.subarray(0, 4)) === 'true');

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Report font ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Fetches the three faces (2.1 MB, 1.1 MB gzipped), which only an export needs; the browser keeps them,
 * as every fingerprinted asset, for a year. A file that is not TrueType (a page served in its place) is refused.
 */
export async function loadReportFont(read: (url: string) => Promise<Uint8Array> = fetchBytes): Promise<ReportFontFiles> {
  const files = await Promise.all(
    REPORT_FONT_STYLES.map(async (style) => {
      const bytes = await read(REPORT_FONT_URLS[style]);
      if (!isTrueType(bytes)) throw new Error(`Report font ${REPORT_FONT_URLS[style]} is not a TrueType file`);
      return [style, bytes] as const;
    }),
  );
  return Object.fromEntries(files) as Record<ReportFontStyle, Uint8Array>;
}

// jsPDF reads a font from its virtual file system as a binary string.
function binaryString(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
}

/** The cmap jsPDF read from a face: code unit to glyph id. jsPDF draws nothing for a code unit it lacks. */
function glyphIds(font: Font): Readonly<Record<number, number>> {
  const codeMap: unknown = (font.metadata as { cmap?: { unicode?: { codeMap?: unknown } } } | undefined)?.cmap?.unicode?.codeMap;
  if (!codeMap || typeof codeMap !== 'object') throw new Error(`jsPDF read no Unicode cmap from ${font.fontName} ${font.fontStyle}`);
  return codeMap as Record<number, number>;
}

/**
 * Embeds the faces in `doc` and answers which code points all three can draw, by the cmaps jsPDF itself reads
 * from the files. A report's strings move between faces (a title in bold, a note in italic), so a character
 * counts only when every face has it; jsPDF looks glyphs up by UTF-16 code unit, so none above U+FFFF counts.
 */
export function embedReportFont(doc: JsPdf, files: ReportFontFiles): Drawable {
  const faces = REPORT_FONT_STYLES.map((style) => {
    const file = `${REPORT_FONT}-${style}.ttf`;
    doc.addFileToVFS(file, binaryString(files[style]));
    doc.addFont(file, REPORT_FONT, style);
    doc.setFont(REPORT_FONT, style);
    return glyphIds(doc.getFont());
  });
  return (codePoint) => codePoint <= 0xffff && faces.every((face) => (face[codePoint] ?? 0) > 0);
}
