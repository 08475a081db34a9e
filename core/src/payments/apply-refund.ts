import type { Repositories } from '../shared/unit-of-work.port.ts';
import type { StoredPayment } from './billing-repository.port.ts';

/**
 * Records a payment's refunded total, whoever reports it first: the administrator's refund or Stripe's
 * `charge.refunded`. When the total reaches the whole payment, the credits it granted are taken back, as
 * far as the balance allows (never below zero), once: the ledger entry is keyed by the invoice. A report
 * of a total already recorded changes nothing.
 */
export async function applyRefund(repos: Repositories, payment: StoredPayment, refundedTotalCents: number): Promise<void> {
  if (refundedTotalCents <= payment.refundedCents) return;
  await repos.billing.setRefunded(payment.invoiceId, Math.min(refundedTotalCents, payment.amountCents));
  // A payment of a deleted account (ADR 0009) has no balance left to take credits from.
  if (refundedTotalCents < payment.amountCents || payment.creditsGranted <= 0 || payment.userId === null) return;
  const user = await repos.users.findById(payment.userId);
  const takeBack = Math.min(payment.creditsGranted, user?.credits ?? 0);
  if (takeBack <= 0) return;
  const posted = await repos.ledger.post({ userId: payment.userId, delta: -takeBack, reason: 'refund', reference: `invoice:${payment.invoiceId}` });
  if (!posted.ok) throw new Error(`Taking back the credits of refunded invoice ${payment.invoiceId} failed: ${posted.error.message}`);
}
