import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { PromoCodeView } from '@civicwatch/core/contracts/index.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useDeletePromoCode, usePromoCodes } from '../api/promo-codes.ts';
import { SectionStatus } from './admin-section.tsx';

const value = (promo: PromoCodeView) => (promo.type === 'credits' ? `${promo.credits} credits` : `${promo.discountPercent}% off`);
const status = (promo: PromoCodeView, now: number) =>
  !promo.isActive ? 'Inactive' : Date.parse(promo.expiresAt) <= now ? 'Expired' : promo.currentUses >= promo.maxUses ? 'Used up' : 'Active';
/**
 * A code given a date works through that whole day (UTC), so it is stored as the next midnight: show the day
 * it was given. Any other instant is shown as it is.
 */
const expiry = (iso: string) => {
  const at = new Date(iso);
  if (at.getTime() % 86_400_000 === 0) {
    return `Through ${new Date(at.getTime() - 1).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })}`;
  }
  return `Until ${at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`;
};

/** The promo codes, each with its delete (after a confirmation). */
export function PromoCodeList() {
  const toast = useToast();
  const promos = usePromoCodes();
  const [deleting, setDeleting] = useState<PromoCodeView | null>(null);
  const remove = useDeletePromoCode({
    onDeleted: (promo) => {
      setDeleting(null);
      toast({ title: 'Promo Code Deleted', description: `${promo.code} can no longer be redeemed.`, variant: 'success' });
    },
    onFailed: (error) => {
      setDeleting(null);
      toast({ title: 'Failed to delete promo code', description: serverMessage(error), variant: 'destructive' });
    },
  });

  if (!promos.data) return <SectionStatus isError={promos.isError} what="promo codes" />;
  if (promos.data.length === 0) return <p className="text-sm text-slate-600">No promo codes yet.</p>;
  const now = Date.now();
  return (
    <>
      <DataTable
        rows={promos.data}
        rowKey={(promo) => promo.id}
        columns={[
          { header: 'Code', cell: (promo) => promo.code, className: 'font-mono text-slate-900' },
          { header: 'Type', cell: (promo) => (promo.type === 'credits' ? 'Credits' : 'Discount'), className: 'text-slate-700' },
          { header: 'Value', cell: value, className: 'text-slate-700' },
          { header: 'Uses', cell: (promo) => `${promo.currentUses} / ${promo.maxUses}`, className: 'tabular-nums text-slate-700' },
          { header: 'Expires', cell: (promo) => <time dateTime={promo.expiresAt}>{expiry(promo.expiresAt)}</time>, className: 'text-slate-700' },
          { header: 'Status', cell: (promo) => status(promo, now), className: 'text-slate-700' },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (promo) => (
              <Button variant="ghost" size="sm" className="text-red-700" aria-label={`Delete ${promo.code}`} onClick={() => setDeleting(promo)}>
                <Trash2 className="size-4" aria-hidden="true" />
                Delete
              </Button>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this promo code?"
        description={`${deleting?.code ?? ''} will no longer be redeemable. Credits already granted with it stay.`}
        confirmLabel="Delete Code"
        pendingLabel="Deleting..."
        cancelLabel="Keep Code"
        onConfirm={() => deleting && remove.mutate(deleting)}
        pending={remove.isPending}
      />
    </>
  );
}
