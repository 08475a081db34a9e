import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useBillingAccount, useOpenBillingPortal } from '../api/billing.ts';
import { FormOutcomeMessage, type FormOutcome } from './form-outcome.tsx';
import { SettingsSection } from './settings-section.tsx';

const NO_BILLING_YET = 'You have no invoices or saved card yet. They appear here after your first payment for a paid plan.';
const PORTAL_FAILED_MESSAGE = 'Failed to open the billing page. Please try again.';

/** Where the browser goes: the provider's page, in this tab, as Stripe's portal expects (it comes back here). */
const goTo = (url: string) => window.location.assign(url);

/**
 * The Billing section of account settings: invoices and the card are kept by Stripe, whose customer portal
 * opens for an account that has paid (or started a checkout). Without payments on this server, or before a
 * first payment, a sentence says why there is nothing to see.
 */
export function BillingSection({ paymentsEnabled }: { paymentsEnabled: boolean }) {
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const account = useBillingAccount(paymentsEnabled);
  const portal = useOpenBillingPortal({
    onOpened: goTo,
    onFailed: (error) => setOutcome({ kind: 'error', message: serverMessage(error) ?? PORTAL_FAILED_MESSAGE }),
  });

  return (
    <SettingsSection title="Billing" description="Your invoices and the card your plan is paid with.">
      {!paymentsEnabled ? (
        <p className="text-sm text-slate-600">{PAYMENTS_NOT_CONFIGURED_MESSAGE}</p>
      ) : account.isPending ? (
        <Spinner label="Loading your billing details" />
      ) : account.isError ? (
        <p role="alert" className="text-sm text-red-700">Failed to load your billing details. Please try again later.</p>
      ) : !account.data.portalAvailable ? (
        <p className="text-sm text-slate-600">{NO_BILLING_YET}</p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">Stripe, our payment provider, shows your invoices and lets you change your card, then brings you back here.</p>
          <FormOutcomeMessage outcome={outcome} />
          <Button
            variant="outline"
            disabled={portal.isPending}
            onClick={() => {
              setOutcome(null);
              portal.mutate();
            }}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {portal.isPending ? 'Opening...' : 'Manage Billing'}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
