import { z } from 'zod';
import { LATEST_INPUT_DATE, storableText, textField } from './fields.ts';

export const promoTypes = ['credits', 'discount'] as const;
export const promoTypeSchema = z.enum(promoTypes);
export type PromoType = z.infer<typeof promoTypeSchema>;

export const MISSING_PROMO_CODE_MESSAGE = 'Please enter a promo code';
/** docs/product/administration.md "Promo codes": the panel's alert, and the CLI's message, for a missing code or expiry. */
export const PROMO_REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields (code and expiry date)';

/** Codes are matched trimmed and upper-cased, as the checkout and redeem inputs type them (docs/product/screens.md "Form checks"). */
export const normalizePromoCode = (raw: string): string => storableText(raw).trim().toUpperCase();

/** POST /api/validate-promo and POST /api/redeem-promo: `{ code }`, non-empty after trimming. */
export const promoCodeInputSchema = z.object({
  code: textField(MISSING_PROMO_CODE_MESSAGE)
    .transform(normalizePromoCode)
    .pipe(z.string().min(1, { message: MISSING_PROMO_CODE_MESSAGE }).max(64, { message: 'A promo code has at most 64 characters' })),
}).meta({ id: 'PromoCode', description: 'A promo code as typed; matched trimmed and upper-cased' });
export type PromoCodeInput = z.infer<typeof promoCodeInputSchema>;

/** POST /api/validate-promo answer (docs/product/api.md "Endpoints"). */
export const promoValidationSchema = z.object({
  type: promoTypeSchema,
  credits: z.number().int().nonnegative(),
  discountPercent: z.number().int().min(0).max(100),
}).meta({ id: 'PromoValidation', description: 'What a promo code would give' });
export type PromoValidation = z.infer<typeof promoValidationSchema>;

/** POST /api/redeem-promo answer: the credits granted and the new balance (docs/product/credits-and-tiers.md "Promo codes"). */
export const redeemPromoResponseSchema = z.object({
  credits: z.number().int().positive(),
  balance: z.number().int().nonnegative(),
}).meta({ id: 'RedeemPromoResponse', description: 'The credits granted and the new balance' });
export type RedeemPromoResponse = z.infer<typeof redeemPromoResponseSchema>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An expiry as the admin panel sends it (an ISO date-time) or as typed on the command line (YYYY-MM-DD).
 * A date alone means the code works through that whole day (UTC), so it expires at the next midnight.
 */
export const parsePromoExpiry = (raw: string): Date | null => {
  const text = raw.trim();
  if (DATE_ONLY.test(text)) {
    const day = new Date(`${text}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) return null;
    return new Date(day.getTime() + 24 * 60 * 60 * 1000);
  }
  const parsed = z.iso.datetime({ offset: true }).safeParse(text);
  return parsed.success ? new Date(parsed.data) : null;
};

/** Uses a code may have: more than any campaign needs, far inside the database's integer. */
export const MAX_PROMO_USES = 1_000_000;

const wholeNumber = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: message }).int({ message }));

/**
 * Creating a promo code: the admin panel's form and POST /api/admin/promo-codes, and `civicwatch promo
 * create` (docs/product/administration.md "Promo codes"). Numbers are whole; credits and discount
 * default to 0 and max uses to 1; a credits code grants at least 1 credit, a discount is 1 to 100 percent.
 * The expiry must lie in the future when the schema is checked; CreatePromo checks it again by its clock.
 */
export const createPromoSchema = z
  .object({
    code: textField(PROMO_REQUIRED_FIELDS_MESSAGE)
      .transform(normalizePromoCode)
      .pipe(z.string()
        // abort: an empty code gets the one message the panel's alert shows, not the character rule too.
        .min(1, { message: PROMO_REQUIRED_FIELDS_MESSAGE, abort: true })
        .max(64, { message: 'A promo code has at most 64 characters' })
        .regex(/^[A-Z0-9_-]+$/, { message: 'A promo code may hold only letters, digits, - and _' })),
    type: promoTypeSchema.default('credits'),
    credits: wholeNumber('Credits must be a whole number').pipe(z.number().min(0, { message: 'Credits cannot be negative' }).max(100_000, { message: 'Credits must be at most 100000' })).default(0),
    discountPercent: wholeNumber('The discount must be a whole number of percent').default(0),
    maxUses: wholeNumber('Max uses must be a whole number')
      .pipe(z.number().min(1, { message: 'Max uses must be at least 1' }).max(MAX_PROMO_USES, { message: `Max uses must be at most ${MAX_PROMO_USES}` }))
      .default(1),
    expiresAt: z
      .string({ error: PROMO_REQUIRED_FIELDS_MESSAGE })
      .refine((v) => v.trim() !== '', { message: PROMO_REQUIRED_FIELDS_MESSAGE })
      .transform((v, ctx) => {
        const date = parsePromoExpiry(v);
        if (!date) {
          ctx.addIssue({ code: 'custom', message: 'The expiry date must be a date (YYYY-MM-DD) or an ISO date-time' });
          return z.NEVER;
        }
        return date;
      })
      .refine((d) => d.getTime() > Date.now(), { message: 'The expiry date must be in the future' })
      .refine((d) => d.getTime() <= LATEST_INPUT_DATE.getTime(), { message: 'The expiry date must be 2099-12-31 or earlier' }),
    isActive: z.boolean().default(true),
  })
  .superRefine((promo, ctx) => {
    if (promo.type === 'credits' && promo.credits < 1) {
      ctx.addIssue({ code: 'custom', path: ['credits'], message: 'A credits code must grant at least 1 credit' });
    }
    if (promo.type === 'discount' && (promo.discountPercent < 1 || promo.discountPercent > 100)) {
      ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: 'The discount must be between 1 and 100 percent' });
    }
  })
  .meta({ id: 'CreatePromo', description: 'A new promo code: credits, or a first-month discount' });
export type CreatePromoInput = z.output<typeof createPromoSchema>;

/** A promo code as administrators see it (docs/product/credits-and-tiers.md "Promo codes"). */
export const promoCodeViewSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  type: promoTypeSchema,
  credits: z.number().int().nonnegative(),
  discountPercent: z.number().int().min(0).max(100),
  maxUses: z.number().int().positive(),
  currentUses: z.number().int().nonnegative(),
  expiresAt: z.iso.datetime(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
}).meta({ id: 'PromoCodeView', description: 'A promo code as administrators see it' });
export type PromoCodeView = z.infer<typeof promoCodeViewSchema>;
