import { Layers } from 'lucide-react';
import { useAdminTiers } from '../api/tiers.ts';
import { AdminSection, SectionStatus } from './admin-section.tsx';
import { TierForm } from './tier-form.tsx';

/** Tier editing: price, monthly credits, limits, features, Stripe price and whether a tier is offered. */
export function TierEditor() {
  const tiers = useAdminTiers();
  return (
    <AdminSection id="admin-tiers" title="Subscription Tiers" description="Plans, their prices, credits and document limits." icon={Layers}>
      {tiers.data ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
          {tiers.data.map((tier) => (
            <TierForm key={tier.id} tier={tier} />
          ))}
        </div>
      ) : (
        <SectionStatus isError={tiers.isError} what="tiers" />
      )}
    </AdminSection>
  );
}
