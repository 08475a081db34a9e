import { z } from 'zod';
import { ledgerReasons, type LedgerReason } from '../credits/credit-ledger.port.ts';
import { auditListQuerySchema } from './admin.contract.ts';
import { analysisViewSchema } from './dashboard.contract.ts';
import { currentPasswordField } from './fields.ts';
import { tierIdSchema } from './tiers.contract.ts';
import { userViewSchema } from './user.contract.ts';

/**
 * PUT /api/account/email-preferences and the E-mail preferences section of account settings: the three
 * optional kinds of e-mail, each on or off. Essential account e-mail is not among them: it is always sent.
 */
export const emailPreferencesSchema = z.object({
  productUpdates: z.boolean({ error: 'Choose whether to receive product news' }),
  analysisNotices: z.boolean({ error: 'Choose whether to receive analysis-complete notices' }),
  receipts: z.boolean({ error: 'Choose whether to receive payment receipts' }),
}).meta({ id: 'EmailPreferences', description: 'The three kinds of optional e-mail, each on or off' });
export type EmailPreferencesInput = z.infer<typeof emailPreferencesSchema>;

/** GET /api/credits/history: pages as the other plain-array lists do (page, pageSize; the total in X-Total-Count). */
export const creditHistoryQuerySchema = auditListQuerySchema;
export type CreditHistoryQuery = z.output<typeof creditHistoryQuerySchema>;

/** What each kind of ledger entry reads as in the credit history (account settings, the data export). */
export const ledgerReasonLabels: Record<LedgerReason, string> = {
  signup_grant: 'Welcome credits',
  analysis_debit: 'Analysis',
  analysis_refund: 'Failed analysis refunded',
  promo: 'Promo code',
  payment: 'Plan payment',
  renewal: 'Monthly renewal',
  admin_adjustment: 'Adjusted by an administrator',
  refund: 'Payment refunded',
};

/** One change of the balance, as the user reads it. */
export const creditHistoryEntrySchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  /** Whole credits: positive added, negative spent or taken back. */
  change: z.number().int(),
  reason: z.enum(ledgerReasons),
  /** The reason in words (ledgerReasonLabels). */
  label: z.string(),
  balanceAfter: z.number().int().nonnegative(),
}).meta({ id: 'CreditHistoryEntry', description: 'One change of the credit balance' });
export const creditHistorySchema = z.array(creditHistoryEntrySchema);
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

/** DELETE /api/account and the Delete account section: the account's password, asked again. */
export const deleteAccountSchema = z.object({ password: currentPasswordField })
  .meta({ id: 'DeleteAccount', description: "The account's password, asked again" });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** A paid invoice in the data export; money in dollars, as on the rest of the wire. */
export const exportedPaymentSchema = z.object({
  invoiceId: z.string(),
  tier: tierIdSchema,
  amount: z.number().nonnegative(),
  refunded: z.number().nonnegative(),
  creditsGranted: z.number().int().nonnegative(),
  paidAt: z.iso.datetime(),
});

/**
 * GET /api/account/export (ADR 0009): everything CivicWatch holds about the account, as one JSON file. The
 * credit history is oldest first, like a statement; analyses are newest first, each with its full result.
 */
export const accountExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  profile: userViewSchema,
  analyses: z.array(analysisViewSchema),
  creditHistory: creditHistorySchema,
  payments: z.array(exportedPaymentSchema),
  promoRedemptions: z.array(z.object({ code: z.string(), redeemedAt: z.iso.datetime() })),
}).meta({ id: 'AccountExport', description: 'Everything CivicWatch holds about the account' });
export type AccountExport = z.infer<typeof accountExportSchema>;

/** GET /api/billing: whether the Billing section can open the payment provider's portal for this account. */
export const billingAccountSchema = z.object({
  /** True when payments are configured and the account has a customer at the provider (it paid, or began a checkout). */
  portalAvailable: z.boolean(),
}).meta({ id: 'BillingAccount', description: "Whether the payment provider's portal can be opened for the account" });
export type BillingAccountView = z.infer<typeof billingAccountSchema>;

/** POST /api/billing/portal: the provider's page for invoices and the card; the browser goes there. */
export const billingPortalSchema = z.object({ url: z.url() })
  .meta({ id: 'BillingPortal', description: "The payment provider's page for invoices and the card" });
export type BillingPortalView = z.infer<typeof billingPortalSchema>;
