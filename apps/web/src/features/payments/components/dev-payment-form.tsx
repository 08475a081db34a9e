import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { CreatePaymentIntentResponse } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { HttpError, serverMessage } from '../../../lib/api-client.ts';
import { useCardConfirmation } from '../api/confirm-card-payment.ts';
import { reportPaymentSuccess } from '../api/payment-success.ts';
import type { PaidTierId } from '../utils/order.ts';
import { CardField } from './stripe-elements.tsx';

type Status = { tone: 'info' | 'ok' | 'error'; text: string };

const toneClasses: Record<Status['tone'], string> = {
  info: 'border-slate-200 bg-slate-50 text-slate-800',
  ok: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  error: 'border-red-200 bg-red-50 text-red-950',
};

/**
 * The developer pages' payment (docs/product/screens.md "Developer pages"): `start` sets the payment up on the server,
 * the card typed here pays it, and the server is told. A 401 goes to /login. Call inside <StripeElements>.
 */
export function DevPaymentForm({ tier, label, start }: { tier: PaidTierId; label: string; start: () => Promise<CreatePaymentIntentResponse> }) {
  const navigate = useNavigate();
  const card = useCardConfirmation();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  const run = async () => {
    setBusy(true);
    setStatus({ tone: 'info', text: 'Setting up the payment...' });
    try {
      let intent: CreatePaymentIntentResponse;
      try {
        intent = await start();
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) {
          void navigate({ to: '/login' });
          return;
        }
        setStatus({ tone: 'error', text: `Setup failed: ${serverMessage(error) ?? (error instanceof Error ? error.message : String(error))}` });
        return;
      }
      if (!intent.clientSecret) {
        setStatus({ tone: intent.paid ? 'ok' : 'error', text: intent.paid ? `Paid without a card (subscription ${intent.subscriptionId}).` : 'The server answered no client secret.' });
        return;
      }
      setStatus({ tone: 'info', text: 'Confirming the card payment...' });
      const confirmation = await card.confirm(intent.clientSecret);
      if (!confirmation.ok) {
        setStatus({ tone: 'error', text: `Payment failed: ${confirmation.message}` });
        return;
      }
      try {
        const answer = await reportPaymentSuccess({ paymentIntentId: confirmation.paymentIntentId, tier });
        setStatus({ tone: 'ok', text: `Payment ${confirmation.paymentIntentId} succeeded: ${answer.creditsGranted} credits granted, balance ${answer.credits}.` });
      } catch (error) {
        setStatus({ tone: 'error', text: `Payment ${confirmation.paymentIntentId} succeeded, but the server did not confirm it: ${serverMessage(error) ?? String(error)}` });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <CardField />
      <Button className="w-full" onClick={() => void run()} disabled={busy || !card.ready}>
        {busy ? 'Processing...' : label}
      </Button>
      {status && (
        <p role="status" className={`rounded-md border p-3 text-sm ${toneClasses[status.tone]}`}>
          {status.text}
        </p>
      )}
    </div>
  );
}
