import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionView, TierId } from '@civicwatch/core/contracts/index.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { HttpError, isSessionExpired, serverMessage } from '../../../lib/api-client.ts';
import { longDate, tierDisplayName } from '../../../lib/format.ts';
import { subscriptionQuery, useCancelSubscription } from '../api/subscription.ts';

/** docs/product/screens.md "Messages": the answer when this server cannot cancel by itself. */
const contactSupport = { title: 'Cancel Subscription', description: 'Contact support to cancel your subscription.' } as const;

/** "past_due" → "Past due". */
const statusLabel = (status: string) => {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function SubscriptionDetails({ subscription }: { subscription: NonNullable<SubscriptionView> }) {
  const end = subscription.currentPeriodEnd ? longDate(subscription.currentPeriodEnd) : null;
  return (
    <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-500">Status</dt>
        <dd className="text-slate-900">{statusLabel(subscription.status)}</dd>
      </div>
      {end && (
        <div>
          <dt className="font-medium text-slate-500">{subscription.cancelAtPeriodEnd ? 'Cancels on' : 'Renews on'}</dt>
          <dd className="text-slate-900">{end}</dd>
        </div>
      )}
    </dl>
  );
}

/** Cancellation through the server (payments configured): confirm, then cancel at the period's end. */
function StripeSubscription({ tier }: { tier: TierId }) {
  const toast = useToast();
  const subscription = useQuery(subscriptionQuery);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription({
    onCancelled: (answer) => {
      setConfirming(false);
      const end = answer?.currentPeriodEnd ? longDate(answer.currentPeriodEnd) : null;
      toast({
        title: 'Subscription Cancelled',
        description: end ? `Your ${tierDisplayName(tier)} plan stays active until ${end}.` : `Your ${tierDisplayName(tier)} plan stays active until the end of this billing period.`,
        variant: 'success',
      });
    },
    onFailed: (error) => {
      setConfirming(false);
      if (isSessionExpired(error)) return;
      // The server turned out to have no Stripe keys: the spec's answer for that case.
      if (error instanceof HttpError && error.status === 503) toast(contactSupport);
      else toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to cancel subscription. Please try again.', variant: 'destructive' });
    },
  });

  if (subscription.isPending) return <Spinner label="Loading your subscription" />;
  const current = subscription.data ?? null;
  const end = current?.currentPeriodEnd ? longDate(current.currentPeriodEnd) : null;

  return (
    <>
      {current && <SubscriptionDetails subscription={current} />}
      {current?.cancelAtPeriodEnd ? (
        <p className="mt-3 text-sm text-slate-700">{end ? `Your plan ends on ${end} and will not renew.` : 'Your plan ends at the end of this billing period and will not renew.'}</p>
      ) : (
        <Button
          variant="danger"
          size="sm"
          className="mt-3"
          // Without a Stripe subscription (a plan set by an administrator) there is nothing to cancel here.
          onClick={() => (current ? setConfirming(true) : toast(contactSupport))}
        >
          Cancel Subscription
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description={
          end
            ? `Your ${tierDisplayName(tier)} plan stays active until ${end}, and it will not renew after that.`
            : `Your ${tierDisplayName(tier)} plan stays active until the end of this billing period, and it will not renew after that.`
        }
        cancelLabel="Keep Subscription"
        confirmLabel="Confirm Cancellation"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </>
  );
}

/**
 * Manage Subscription of the Profile Settings card (docs/product/screens.md "Profile Settings", docs/product/payments.md "Cancelling a subscription"): with payments
 * configured, Cancel Subscription cancels at the period's end after a confirmation; without, it only
 * says to contact support.
 */
export function ManageSubscription({ tier, paymentsEnabled }: { tier: TierId; paymentsEnabled: boolean }) {
  const toast = useToast();
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-700">
        You are on the <strong>{tierDisplayName(tier)}</strong> plan.
      </p>
      {paymentsEnabled ? (
        <StripeSubscription tier={tier} />
      ) : (
        <Button variant="danger" size="sm" className="mt-3" onClick={() => toast(contactSupport)}>
          Cancel Subscription
        </Button>
      )}
    </div>
  );
}
