import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Copy, Link2, Link2Off, Share2, X } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useShareLink, useShareUrl } from '../api/share-link.ts';
import { canShareFromDevice, copyToClipboard, shareAnalysis } from '../utils/share-analysis.ts';

const WHAT_A_LINK_SHOWS = 'It shows the results only: not your name, your e-mail or the document\'s title.';
const SUMMARY_COPIED = { title: 'Copied to Clipboard', description: 'The analysis summary has been copied to your clipboard.', variant: 'success' } as const;

/** Mounted while the dialog is open: asks the server whether the analysis is shared, then offers its link. */
function PublicLink({ analysisId }: { analysisId: string }) {
  const toast = useToast();
  const shareUrl = useShareUrl(analysisId);
  const { share, unshare } = useShareLink(analysisId, {
    onShared: () => toast({ title: 'Public Link Created', description: 'Anyone with the link can now read this analysis.', variant: 'success' }),
    onUnshared: () => toast({ title: 'Sharing Stopped', description: 'The link no longer opens this analysis.', variant: 'success' }),
    onFailed: (action, error) =>
      toast(action === 'share'
        ? { title: 'Share Failed', description: serverMessage(error) ?? 'The public link could not be created. Please try again.', variant: 'destructive' }
        : { title: 'Stop Sharing Failed', description: serverMessage(error) ?? 'Sharing could not be stopped. Please try again.', variant: 'destructive' }),
  });

  async function onCopyLink(url: string) {
    if (await copyToClipboard(url)) {
      toast({ title: 'Link Copied', description: 'Anyone with this link can read the analysis.', variant: 'success' });
    } else {
      toast({ title: 'Copy Failed', description: 'The link could not be copied. Please select it and copy it by hand.', variant: 'destructive' });
    }
  }

  if (shareUrl.isPending) return <Spinner label="Checking whether this analysis is shared" />;
  if (shareUrl.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        Whether this analysis is shared could not be checked. Please close this window and try again.
      </p>
    );
  }
  const url = shareUrl.data;
  if (!url) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          Anyone with the link will be able to read these results without signing in. {WHAT_A_LINK_SHOWS} You can stop sharing at any time.
        </p>
        <Button variant="primary" onClick={() => share.mutate()} disabled={share.isPending}>
          <Link2 className="size-4" aria-hidden="true" />
          {share.isPending ? 'Creating Link...' : 'Create Public Link'}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <TextField label="Public link" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <p className="text-sm text-slate-600">Anyone with this link can read these results without signing in. {WHAT_A_LINK_SHOWS}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => void onCopyLink(url)}>
          <Copy className="size-4" aria-hidden="true" />
          Copy Link
        </Button>
        <Button variant="danger" onClick={() => unshare.mutate()} disabled={unshare.isPending}>
          <Link2Off className="size-4" aria-hidden="true" />
          {unshare.isPending ? 'Stopping...' : 'Stop Sharing'}
        </Button>
      </div>
    </div>
  );
}

/**
 * Share Analysis: a public link to the full results (create, copy, stop sharing; ADR 0010), beside the
 * spec's sharing of the summary (§7): the device's share sheet where there is one, and a copy.
 */
export function ShareAnalysisDialog({ analysisId, summary }: { analysisId: string; summary: string }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const headings = useId();

  async function onShareSummary() {
    const outcome = await shareAnalysis(summary);
    if (outcome === 'copied') {
      toast(SUMMARY_COPIED);
    } else if (outcome === 'failed') {
      toast({ title: 'Share Failed', description: 'The summary could not be shared or copied. Please copy it by hand.', variant: 'destructive' });
    }
  }

  async function onCopySummary() {
    if (await copyToClipboard(summary)) {
      toast(SUMMARY_COPIED);
    } else {
      toast({ title: 'Copy Failed', description: 'The summary could not be copied. Please copy it by hand.', variant: 'destructive' });
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClasses('outline')}>
        <Share2 className="size-4" aria-hidden="true" />
        Share Analysis
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">Share Analysis</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                Give anyone a link to the full results, or send the summary.
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className={buttonClasses('ghost', 'sm')}>
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <section aria-labelledby={`${headings}-link`} className="mt-6 space-y-3">
            <h3 id={`${headings}-link`} className="font-semibold text-slate-900">Full results</h3>
            <PublicLink analysisId={analysisId} />
          </section>

          <section aria-labelledby={`${headings}-summary`} className="mt-6 space-y-3 border-t border-slate-200 pt-6">
            <h3 id={`${headings}-summary`} className="font-semibold text-slate-900">Summary</h3>
            <div className="flex flex-wrap gap-2">
              {canShareFromDevice() && (
                <Button variant="outline" onClick={() => void onShareSummary()}>
                  <Share2 className="size-4" aria-hidden="true" />
                  Share Summary
                </Button>
              )}
              <Button variant="outline" onClick={() => void onCopySummary()}>
                <Copy className="size-4" aria-hidden="true" />
                Copy Summary
              </Button>
            </div>
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
