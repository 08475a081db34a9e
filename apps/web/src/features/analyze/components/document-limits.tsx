import { Info } from 'lucide-react';
import type { SubscriptionTierView } from '@civicwatch/core/contracts/index.ts';

const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * Document Limits (docs/product/screens.md "Routes"): the user's own tier's, as the server defines them (docs/product), never constants; held to
 * each `per` (a document, or each version of a comparison), with what the upload costs beneath.
 */
export function DocumentLimits({ tier, per, cost }: { tier: SubscriptionTierView | undefined; per: 'document' | 'version'; cost: string }) {
  return (
    <aside aria-label="Document Limits" className="rounded-lg border border-blue-100 bg-blue-50/60 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-blue-950">
        <Info className="size-4" aria-hidden="true" />
        Document Limits
      </p>
      {tier ? (
        <p className="mt-1 text-slate-700">
          {tier.name} plan: {formatCount(tier.maxPages)} PDF {tier.maxPages === 1 ? 'page' : 'pages'} or {formatCount(tier.maxCharacters)} characters per{' '}
          {per}
        </p>
      ) : (
        <p className="mt-1 text-slate-500">Loading your plan&apos;s limits...</p>
      )}
      <p className="mt-1 text-slate-600">{cost}</p>
    </aside>
  );
}
