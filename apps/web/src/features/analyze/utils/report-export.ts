import type { jsPDF as JsPdf } from 'jspdf';
import { loadReportFont, type ReportFontFiles } from './report-font.ts';

export const EXPORT_FAILED_MESSAGE = 'Failed to export PDF. Please try again.';

/** What a report is drawn with: the embedded font's files, and the product mark when it could be loaded. */
export type ReportAssets = { font: ReportFontFiles; logo?: string | null };

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
 * Builds a report and downloads it under `fileName(today)`. A logo that fails to load is left out; any other
 * failure (the font among them, without which the report would lose characters) tells the user with the spec's
 * alert. Resolves to whether the file was handed over.
 */
export async function exportReport(
  build: (assets: ReportAssets) => Promise<JsPdf>,
  fileName: (date: Date) => string,
  deps: ExportDependencies = {},
): Promise<boolean> {
  const { download = (doc, name) => doc.save(name), now = () => new Date(), alert = (m) => window.alert(m) } = deps;
  try {
    // jsPDF's chunk is fetched alongside the font, not after it; the build then finds it loaded.
    const [logo, font] = await Promise.all([(deps.loadLogo ?? loadLogo)().catch(() => null), (deps.loadFont ?? loadReportFont)(), import('jspdf')]);
    const doc = await build({ font, logo });
    download(doc, fileName(now()));
    return true;
  } catch (error) {
    console.error('PDF export failed', error);
    alert(EXPORT_FAILED_MESSAGE);
    return false;
  }
}
