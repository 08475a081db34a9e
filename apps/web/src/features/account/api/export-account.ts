import { useMutation } from '@tanstack/react-query';
import { accountExportSchema, type AccountExport } from '@civicwatch/core/contracts/index.ts';
import { apiRequestWithHeaders, isSessionExpired } from '../../../lib/api-client.ts';

/** The server's file name from `Content-Disposition: attachment; filename="…"`. */
const fileNameOf = (headers: Headers): string =>
  /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '')?.[1] ?? 'civicwatch-export.json';

/** Saves the export as the browser saves a download: a file link clicked once, then let go. */
function saveFile(file: AccountExport, fileName: string): void {
  // Indented: the file is for people to read as well as for programs.
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Once the browser has taken the file: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * GET /api/account/export, saved as the JSON file the server names. Fetched rather than followed as a link,
 * so that a failure is told on the page instead of being saved as the file.
 */
export function useExportAccount(options: { onSaved: (fileName: string) => void; onFailed: (error: unknown) => void }) {
  return useMutation({
    mutationFn: async () => {
      const { body, headers } = await apiRequestWithHeaders('/api/account/export');
      const fileName = fileNameOf(headers);
      saveFile(accountExportSchema.parse(body), fileName);
      return fileName;
    },
    meta: { sessionExpiredNotice: true },
    onSuccess: (fileName) => options.onSaved(fileName),
    onError: (error) => {
      if (!isSessionExpired(error)) options.onFailed(error);
    },
  });
}
