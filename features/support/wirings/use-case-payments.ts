import {
  CancelSubscription, ConfirmPayment, GetSubscription, HandlePaymentEvent, ListSubscriptionTiers, StartCheckout,
  createPaymentIntentSchema, paymentSuccessSchema, toTierView, type DomainError, type Result,
} from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { Outcome } from './accounts.ability.ts';
import type { PaymentServer } from './payments.ability.ts';
import type { UseCaseSession } from './use-case-accounts.ts';

const toOutcome = <T>(result: Result<T, DomainError>): Outcome<T> =>
  result.ok ? result : { ok: false, code: result.error.code, message: result.error.message };
const unauthorized: Outcome<never> = { ok: false, code: 'auth.unauthorized', message: 'Unauthorized' };

/** Parses with the contracts the API uses, then calls the payment use cases as the session's user. */
export function useCasePayments(runtime: Runtime, session: UseCaseSession): PaymentServer {
  const get = <T>(token: unknown) => runtime.container.get<T>(token as never);

  return {
    plans: async () => (await get<ListSubscriptionTiers>(ListSubscriptionTiers).execute()).map(toTierView),
    paymentsEnabled: async () => runtime.config.stripe !== null,
    verifiedEmailRequired: async () => runtime.config.verifiedEmailRequired,
    async startCheckout(request) {
      const parsed = createPaymentIntentSchema.safeParse(request);
      if (!parsed.success) return { ok: false, code: 'validation.invalid', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
      if (!session.userId) return unauthorized;
      return toOutcome(await get<StartCheckout>(StartCheckout).execute(session.userId, parsed.data));
    },
    async reportPaymentSuccess(paymentIntentId, details = {}) {
      const parsed = paymentSuccessSchema.safeParse({ payment_intent_id: paymentIntentId, ...details });
      if (!parsed.success) return { ok: false, code: 'validation.invalid', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
      if (!session.userId) return unauthorized;
      return toOutcome(await get<ConfirmPayment>(ConfirmPayment).execute(session.userId, parsed.data.payment_intent_id));
    },
    async subscription() {
      if (!session.userId) return unauthorized;
      return { ok: true, value: await get<GetSubscription>(GetSubscription).execute(session.userId) };
    },
    async cancelSubscription() {
      if (!session.userId) return unauthorized;
      return toOutcome(await get<CancelSubscription>(CancelSubscription).execute(session.userId));
    },
    receiveWebhook: async ({ body, signature }) =>
      toOutcome(await get<HandlePaymentEvent>(HandlePaymentEvent).execute(Buffer.from(body, 'utf8'), signature)),
  };
}
