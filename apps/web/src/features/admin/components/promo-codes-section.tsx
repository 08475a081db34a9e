import { Ticket } from 'lucide-react';
import { AdminSection } from './admin-section.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';
import { PromoCodeList } from './promo-code-list.tsx';

/** Promo code management (docs/product/administration.md "Admin panel"): create and delete. */
export function PromoCodesSection() {
  return (
    <AdminSection id="admin-promo-codes" title="Promo Codes" description="Codes that grant free credits or a first-month discount." icon={Ticket}>
      <div className="space-y-8">
        <PromoCodeForm />
        <PromoCodeList />
      </div>
    </AdminSection>
  );
}
