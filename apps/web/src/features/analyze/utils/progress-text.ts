import { versionLabels, type AnalysisProgressEvent } from '@civicwatch/core/contracts/index.ts';

type ReadingEvent = Extract<AnalysisProgressEvent, { stage: 'extracting' | 'ocr' }>;

/** "Reading page 2 of 5"; a comparison reads two documents and says whose page it is: "Earlier version: reading page 2 of 5". */
function readingText({ stage, page, pages, version }: ReadingEvent): string {
  const what = stage === 'ocr' ? `scanned page ${page} of ${pages} (OCR)` : `page ${page} of ${pages}`;
  return version ? `${versionLabels[version]}: reading ${what}` : `Reading ${what}`;
}

/** "about 3 minutes", from the server's estimate in seconds; "less than a minute" below one. */
function waitText(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** "Waiting for the analyzer: 2 analyses ahead of yours, about 3 minutes", as much of it as the server knows. */
function queuedText({ ahead, estimatedSeconds }: Extract<AnalysisProgressEvent, { stage: 'queued' }>): string {
  if (ahead === undefined) return 'Waiting for the analyzer';
  const place = ahead === 0 ? 'yours is next' : `${ahead} ${ahead === 1 ? 'analysis' : 'analyses'} ahead of yours`;
  return `Waiting for the analyzer: ${place}${estimatedSeconds ? `, ${waitText(estimatedSeconds)}` : ''}`;
}

/** What the running analysis or comparison is doing, in the words shown beside the Processing... button. */
export function describeProgress(event: AnalysisProgressEvent | null): string {
  if (event === null) return 'Uploading your document';
  switch (event.stage) {
    case 'queued':
      return queuedText(event);
    case 'extracting':
    case 'ocr':
      return readingText(event);
    case 'analysing':
      return event.part && event.parts ? `Analysing part ${event.part} of ${event.parts}` : 'Analysing';
    case 'comparing':
      return 'Comparing the versions';
    case 'checking_citations':
      return 'Checking citations';
    case 'done':
      return 'Finishing up';
    case 'failed':
    case 'cancelled':
      return event.message;
  }
}

/** Share of the reading done, 0..1, while pages are being read; null when there is no page count. */
export function readingFraction(event: AnalysisProgressEvent | null): number | null {
  if (event === null || (event.stage !== 'extracting' && event.stage !== 'ocr') || event.pages <= 0) return null;
  return Math.min(1, Math.max(0, event.page / event.pages));
}
