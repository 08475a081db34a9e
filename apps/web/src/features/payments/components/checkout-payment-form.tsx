import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import { PAYMENTS_NOT_CONFIGURED_MESSAGE, type UserView } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { dollars } from '../../../lib/format.ts';
import { setupFailureMessage } from '../api/create-payment-intent.ts';
import { usePayForTier, type PaymentOutcome } from '../api/pay-for-tier.ts';
import { billingCountries, billingDetailsSchema } from '../utils/billing-details.ts';
import type { Order } from '../utils/order.ts';
import { CardField } from './stripe-elements.tsx';

/** docs/product/payments.md "Checkout", docs/product/credits-and-tiers.md "Tiers": the success toast stays 1.5 s before the confirmation page, the "processed" one 1 s. */
export const PAID_REDIRECT_MS = 1500;
export const PROCESSED_REDIRECT_MS = 1000;

const countryOptions = billingCountries.map(([value, label]) => ({ value, label }));

/**
 * The billing form, the card input and the submit button of /checkout (docs/product/screens.md "Checkout", docs/product/payments.md "Checkout", docs/product/screens.md "Form checks").
 * When nothing is due (a 100% code) neither billing details nor a card are asked for. Call inside
 * <StripeElements>.
 */
export function CheckoutPaymentForm({ order, user }: { order: Order; user: UserView }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  const needsCard = order.amount > 0;

  const form = useForm({
    resolver: zodResolver(billingDetailsSchema),
    defaultValues: {
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      email: user.email,
      phone: '',
      address: { line1: '', city: '', state: '', postal_code: '', country: 'US' as const },
    },
  });
  const { errors } = form.formState;

  const goToConfirmation = (upgraded: boolean, afterMs: number) => {
    setRedirecting(true);
    redirectTimer.current = setTimeout(
      () => void navigate({ to: '/payment-success', search: upgraded ? { tier: order.tier, upgraded: true } : { tier: order.tier } }),
      afterMs,
    );
  };

  const onOutcome = (outcome: PaymentOutcome) => {
    switch (outcome.kind) {
      case 'card-failed':
        toast({ title: 'Payment Failed', description: outcome.message, variant: 'destructive' });
        return;
      case 'paid': {
        const welcome = `Welcome to the ${order.tierName} tier!`;
        const description = outcome.credits === undefined ? welcome : `${welcome} You now have ${outcome.credits} credits.`;
        toast({ title: 'Payment Successful', description, variant: 'success' });
        // Nothing was charged, so there is no payment to wait for: straight to the confirmation (docs/product).
        goToConfirmation(true, outcome.withoutCard ? 0 : PAID_REDIRECT_MS);
        return;
      }
      case 'confirm-failed':
        toast({ title: 'Payment Processed' });
        goToConfirmation(false, PROCESSED_REDIRECT_MS);
    }
  };

  const payment = usePayForTier({
    onOutcome,
    onSetupFailed: (error) =>
      toast({
        title: 'Payment Setup Failed',
        description: setupFailureMessage(error),
        variant: 'destructive',
      }),
  });
  const processing = payment.isPending || redirecting;

  const submit = needsCard
    ? form.handleSubmit((billing) => payment.pay({ order, billing }))
    : (event: FormEvent) => {
        event.preventDefault();
        payment.pay({ order, billing: null });
      };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6" aria-label="Payment">
      {needsCard && (
        <>
          <fieldset className="space-y-4" disabled={processing}>
            <legend className="mb-2 text-base font-semibold text-slate-900">Billing Information</legend>
            <TextField label="Full Name" autoComplete="name" required error={errors.name?.message} {...form.register('name')} />
            <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
            <TextField label="Phone (optional)" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
            <TextField
              label="Address"
              autoComplete="address-line1"
              required
              error={errors.address?.line1?.message}
              {...form.register('address.line1')}
            />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField label="City" autoComplete="address-level2" required error={errors.address?.city?.message} {...form.register('address.city')} />
              <TextField
                label="State"
                autoComplete="address-level1"
                required
                error={errors.address?.state?.message}
                {...form.register('address.state')}
              />
              <TextField
                label="ZIP Code"
                autoComplete="postal-code"
                required
                error={errors.address?.postal_code?.message}
                {...form.register('address.postal_code')}
              />
              <SelectField
                label="Country"
                autoComplete="country"
                options={countryOptions}
                error={errors.address?.country?.message}
                {...form.register('address.country')}
              />
            </div>
          </fieldset>
          <CardField />
        </>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={processing || (needsCard && !payment.cardReady)}>
        {processing ? (
          <>
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Processing...
          </>
        ) : needsCard ? (
          `Subscribe for ${dollars(order.amount)}`
        ) : (
          'Start Subscription'
        )}
      </Button>
    </form>
  );
}

/** What /checkout shows in place of the payment form on a server without Stripe keys (docs/product). */
export function PaymentsNotConfigured() {
  return (
    <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm font-medium text-amber-950">
      {PAYMENTS_NOT_CONFIGURED_MESSAGE}
    </p>
  );
}
