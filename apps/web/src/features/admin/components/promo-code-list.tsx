import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { PromoCodeView } from '@civicwatch/core/contracts/index.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TableScroller } from '../../../components/ui/table-scroller.tsx';
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
      <TableScroller>
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Code</th>
              <th scope="col" className="py-2 pr-4 font-medium">Type</th>
              <th scope="col" className="py-2 pr-4 font-medium">Value</th>
              <th scope="col" className="py-2 pr-4 font-medium">Uses</th>
              <th scope="col" className="py-2 pr-4 font-medium">Expires</th>
              <th scope="col" className="py-2 pr-4 font-medium">Status</th>
              <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {promos.data.map((promo) => (
              <tr key={promo.id}>
                <td className="py-2 pr-4 font-mono text-slate-900">{promo.code}</td>
                <td className="py-2 pr-4 text-slate-700">{promo.type === 'credits' ? 'Credits' : 'Discount'}</td>
                <td className="py-2 pr-4 text-slate-700">{value(promo)}</td>
                <td className="py-2 pr-4 tabular-nums text-slate-700">
                  {promo.currentUses} / {promo.maxUses}
                </td>
                <td className="py-2 pr-4 text-slate-700">
                  <time dateTime={promo.expiresAt}>{expiry(promo.expiresAt)}</time>
                </td>
                <td className="py-2 pr-4 text-slate-700">{status(promo, now)}</td>
                <td className="py-2 text-right">
                  <Button variant="ghost" size="sm" className="text-red-700" aria-label={`Delete ${promo.code}`} onClick={() => setDeleting(promo)}>
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
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
