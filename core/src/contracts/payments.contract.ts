import { z } from 'zod';
import { textField } from './fields.ts';
import { normalizePromoCode } from './promo.contract.ts';
import { tierIdSchema } from './tiers.contract.ts';

/** The checkout's only text when this server has no Stripe keys (docs/product/self-hosting.md "Embedded defaults"). */
export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Payments are not configured on this server.';

const wholeDollars = z.number({ error: 'The amount must be a whole number of dollars' }).int({ message: 'The amount must be a whole number of dollars' }).min(0).max(100_000);
const paidTier = z.string({ error: 'Choose a plan' }).transform((v) => v.trim().toLowerCase()).pipe(tierIdSchema.exclude(['citizen'], { message: 'Choose a paid plan: Patriot or Defender' }));
const optionalPromo = textField().optional().nullable().transform((v) => (v ? normalizePromoCode(v) : undefined)).pipe(z.string().max(64).optional());

/**
 * POST /api/create-payment-intent (docs/product/payments.md "Checkout"): the amount the page shows, in whole dollars (the discounted
 * amount when a discount code applies), checked against the server's own price.
 */
export const createPaymentIntentSchema = z.object({
  amount: wholeDollars,
  tier: paidTier,
  promoCode: optionalPromo,
  originalAmount: wholeDollars.optional(),
}).meta({ id: 'CreatePaymentIntent', description: 'A checkout: the tier and the amount the page shows, in whole dollars' });
export type CreatePaymentIntentInput = z.output<typeof createPaymentIntentSchema>;

/**
 * Its answer: `clientSecret` to confirm the card payment, or none when nothing is due (a 100% code), in
 * which case the subscription is already paid and `credits` is the new balance.
 */
export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string().optional(),
  subscriptionId: z.string(),
  amount: z.number().int().nonnegative(),
  paid: z.boolean(),
  credits: z.number().int().nonnegative().optional(),
}).meta({ id: 'CreatePaymentIntentResponse', description: 'The client secret of the first payment, or none when nothing is due' });
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** POST /api/create-subscription (the developer pages): a tier at full price. */
export const createSubscriptionSchema = z.object({ tier: paidTier }).meta({ id: 'CreateSubscription', description: 'A paid tier at full price' });

/** POST /api/payment-success (docs/product/payments.md "Checkout"). */
export const paymentSuccessSchema = z.object({
  payment_intent_id: z.string({ error: 'payment_intent_id is required' }).trim().min(1, { message: 'payment_intent_id is required' }).max(255),
  tier: z.string().optional(),
  promoCode: optionalPromo,
}).meta({ id: 'PaymentSuccess', description: 'A payment the browser confirmed with Stripe' });
export type PaymentSuccessInput = z.output<typeof paymentSuccessSchema>;

/** Its answer: `credits` is the new balance ("You now have {n} credits", docs/product/payments.md "Confirming a payment"). */
export const paymentSuccessResponseSchema = z.object({
  credits: z.number().int().nonnegative(),
  tier: tierIdSchema,
  creditsGranted: z.number().int().nonnegative(),
}).meta({ id: 'PaymentSuccessResponse', description: 'The tier, the credits granted and the new balance' });
export type PaymentSuccessResponse = z.infer<typeof paymentSuccessResponseSchema>;

/** GET /api/subscription: the signed-in user's paid plan, or null on the free tier. */
export const subscriptionViewSchema = z.object({
  tier: tierIdSchema,
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.iso.datetime().nullable(),
}).meta({ id: 'SubscriptionView', description: 'A paid plan and where its period stands' }).nullable();
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;
