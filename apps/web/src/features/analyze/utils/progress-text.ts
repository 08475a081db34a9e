import type { AnalysisProgressEvent } from '@civicwatch/core/contracts/index.ts';

/** What the running analysis is doing, in the words shown beside the Processing... button. */
export function describeProgress(event: AnalysisProgressEvent | null): string {
  if (event === null) return 'Uploading your document';
  switch (event.stage) {
    case 'queued':
      return 'Waiting for the analyzer';
    case 'extracting':
      return `Reading page ${event.page} of ${event.pages}`;
    case 'ocr':
      return `Reading scanned page ${event.page} of ${event.pages} (OCR)`;
    case 'analysing':
      return 'Analysing';
    case 'checking_citations':
      return 'Checking citations';
    case 'done':
      return 'Finishing up';
    case 'failed':
      return event.message;
  }
}

/** Share of the reading done, 0..1, while pages are being read; null when there is no page count. */
export function readingFraction(event: AnalysisProgressEvent | null): number | null {
  if (event === null || (event.stage !== 'extracting' && event.stage !== 'ocr') || event.pages <= 0) return null;
  return Math.min(1, Math.max(0, event.page / event.pages));
}
