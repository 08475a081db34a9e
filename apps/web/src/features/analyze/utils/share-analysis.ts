export const SHARE_TITLE = 'Document Analysis Results';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** Puts `text` on the clipboard; false where the browser refuses (no permission, an insecure page). */
export async function copyToClipboard(text: string, nav: Navigator = navigator): Promise<boolean> {
  try {
    await nav.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether the device has a share sheet (phones, some desktops). */
export const canShareFromDevice = (nav: Navigator = navigator): boolean => typeof nav.share === 'function';

/**
 * docs/product/analysis.md "Sharing": the device's share sheet with the title "Document Analysis Results" and the summary as text;
 * where there is none (or it refuses), the summary goes to the clipboard.
 */
export async function shareAnalysis(summary: string, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (canShareFromDevice(nav)) {
    try {
      await nav.share({ title: SHARE_TITLE, text: summary });
      return 'shared';
    } catch (error) {
      // The user closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyToClipboard(summary, nav)) ? 'copied' : 'failed';
}
