import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_NOT_CONFIGURED_MESSAGE, SetTierPriceIds } from '@civicwatch/core';
import { paymentIntentIdOf, startFakeStripe, stripeEnvironment, type FakeStripe } from '@civicwatch/adapters/payments/stripe/testing/fake-stripe-server.ts';
import { cliActor } from '../cli-actor.ts';
import { verifyEmail } from '@civicwatch/api/testing/test-app.ts';
import { startCliTestServer, type CliTestServer } from '../testing/cli-test-server.ts';
import { auditCommand } from './audit.command.ts';
import { parseRefundOptions, refundCommand } from './refund.command.ts';

// The server and the command both talk to the local fake Stripe server, as they would to Stripe.
let fake: FakeStripe;
let t: CliTestServer;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startCliTestServer({
    ...stripeEnvironment(fake),
  });
  await t.server.runtime.container.get(SetTierPriceIds).execute({
    patriot: fake.createPrice({ unitAmountCents: 2900 }),
    defender: fake.createPrice({ unitAmountCents: 9900 }),
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const refund = (who: string, amount: string, options: { reason?: string; json?: boolean }) => t.run((r) => refundCommand(r, who, amount, options));
const refusal = (amount: string, reason?: string) => {
  const parsed = parseRefundOptions(amount, { reason });
  return parsed.ok ? parsed : parsed.outcome;
};

/** A Patriot who paid $29 for the first month through the server's checkout. */
const paidPatriot = async (email: string) => {
  const { cookie } = await t.register(email);
  await verifyEmail(t.server, email);
  const post = (url: string, payload: Record<string, unknown>) => t.server.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const { clientSecret } = (await post('/api/create-payment-intent', { amount: 29, tier: 'patriot' })).json<{ clientSecret: string }>();
  const paymentId = fake.confirmPayment(paymentIntentIdOf(clientSecret), 'pm_card_visa').paymentIntentId;
  expect((await post('/api/payment-success', { payment_intent_id: paymentId, tier: 'patriot' })).statusCode).toBe(200);
  return paymentId;
};

describe('civicwatch refund', () => {
  it('refunds part of the latest payment through Stripe with the reason, then never more than is left', async () => {
    const paymentId = await paidPatriot('payer@example.org');
    const partial = await refund('payer@example.org', '10', { reason: 'service outage' });
    expect(partial.exitCode).toBe(0);
    expect(partial.stdout).toMatch(/^Refunded \$10\.00 to payer@example\.org on invoice in_\S+ \(refund re_\S+\)\n$/);
    const refunds = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds.at(-1)).toMatchObject({ status: 200, params: expect.objectContaining({ payment_intent: paymentId, amount: '1000' }) });

    expect(await refund('payer@example.org', '20', { reason: 'again' })).toEqual({
      exitCode: 65, stdout: '',
      stderr: 'civicwatch refund: A refund cannot be more than was paid: at most $19.00 can be refunded on this user\'s latest payment (validation.invalid)\n',
    });
    const rest = JSON.parse((await refund('payer@example.org', '19', { reason: 'cancelled', json: true })).stdout);
    expect(rest).toEqual({ refundId: expect.stringMatching(/^re_/), amount: 19, invoiceId: expect.stringMatching(/^in_/) });

    const log = JSON.parse((await t.run((r) => auditCommand(r, { json: true, pageSize: '1' }))).stdout) as { entries: unknown[] };
    expect(log.entries).toEqual([expect.objectContaining({
      actor: cliActor().label, action: 'user.refund', after: expect.objectContaining({ amountCents: 1900, reason: 'cancelled' }),
    })]);
  });

  it('refuses an account without a payment (65), an unknown account (67), and a bad amount or no reason before opening the database (65)', async () => {
    await t.register('never-paid@example.org');
    expect(await refund('never-paid@example.org', '5', { reason: 'x' })).toMatchObject({
      exitCode: 65, stderr: 'civicwatch refund: This user has no payment to refund (validation.invalid)\n',
    });
    expect(await refund('ghost@example.org', '5', { reason: 'x' })).toMatchObject({ exitCode: 67, stderr: 'civicwatch refund: No such user (user.not_found)\n' });
    expect(refusal('0', 'x')).toMatchObject({ exitCode: 65, stderr: 'civicwatch refund: The amount must be more than 0 (validation.invalid)\n' });
    expect(refusal('1.234', 'x')).toMatchObject({ exitCode: 65, stderr: expect.stringContaining('The amount has at most two decimals') });
    expect(refusal('5', '  ')).toMatchObject({ exitCode: 65, stderr: 'civicwatch refund: A reason is required (validation.invalid)\n' });
  });

  it('says that payments are not configured when the command runs without Stripe keys (69)', async () => {
    const keys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;
    const saved = keys.map((k) => [k, t.env[k]] as const);
    for (const k of keys) delete t.env[k];
    try {
      expect(await refund('payer@example.org', '1', { reason: 'x' })).toEqual({
        exitCode: 69, stdout: '', stderr: `civicwatch refund: ${PAYMENTS_NOT_CONFIGURED_MESSAGE} (payments.not_configured)\n`,
      });
    } finally {
      for (const [k, v] of saved) t.env[k] = v;
    }
  });
});
