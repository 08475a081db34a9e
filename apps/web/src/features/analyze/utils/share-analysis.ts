export const SHARE_TITLE = 'Document Analysis Results';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Spec §7: the device's share sheet with the title "Document Analysis Results" and the summary as text;
 * where there is none (or it refuses), the summary goes to the clipboard.
 */
export async function shareAnalysis(summary: string, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title: SHARE_TITLE, text: summary });
      return 'shared';
    } catch (error) {
      // The user closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await nav.clipboard.writeText(summary);
    return 'copied';
  } catch {
    return 'failed';
  }
}
