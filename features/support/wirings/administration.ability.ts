import { parsePromoExpiry, type AdminStats, type PromoCodeView, type RefundResponse, type SettingKey, type SubscriptionTierView, type UserView } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';

/** An account as an administrator names it: the panel by its id, the command line by its e-mail. */
export interface AccountRef {
  id: string;
  email: string;
}

/** An audit log entry as the panel and `civicwatch audit --json` show it. */
export interface AuditEntryView {
  actor: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

/**
 * The promo code form as the administrator fills it in (docs/product/administration.md "Promo codes"), every field as
 * typed; an empty string is a field left empty. Each wiring sends it the way its own front end does.
 */
export interface PromoForm {
  code: string;
  kind: 'credits' | 'discount';
  /** Credits for a credits code, percent off for a discount code. */
  amount: string;
  maxUses: string;
  /** YYYY-MM-DD: the code works through that whole day (UTC). */
  expiryDate: string;
}

/** The fields of a plan an administrator changes; the others stay. */
export interface TierChanges {
  price?: number;
  credits?: number;
}

/**
 * What an administrator can do, whichever way the product is reached: the admin panel's calls (over HTTP
 * with the administrator's session), the use cases with the signed-in administrator as the actor, or the
 * `civicwatch` command line, which acts with the server's own authority. An action a wiring does not offer
 * throws: the scenario must be tagged so that the wiring does not run it.
 */
export interface Administration {
  /** How the audit log names whoever acts through this wiring. */
  actorLabel(): Promise<string>;
  prompts(): Promise<Outcome<Array<{ key: SettingKey; value: string }>>>;
  savePrompt(key: SettingKey, value: string): Promise<Outcome<{ key: SettingKey; value: string }>>;
  users(): Promise<Outcome<UserView[]>>;
  /** The Manage User dialog: the plan, and the balance the account then has. */
  setPlan(account: AccountRef, tier: string, credits: number): Promise<Outcome<UserView>>;
  /** `civicwatch users grant-credits` (no API route): a negative number takes credits. */
  grantCredits(account: AccountRef, credits: number, reason: string): Promise<Outcome<{ balance: number }>>;
  deleteUser(account: AccountRef): Promise<Outcome<null>>;
  /** The administrator vouches for the account's e-mail address (the panel's Mark Verified, `civicwatch users verify`). */
  verifyEmail(account: AccountRef): Promise<Outcome<UserView>>;
  /** Dollars, of the account's latest payment. */
  refund(account: AccountRef, dollars: number, reason: string): Promise<Outcome<RefundResponse>>;
  createPromo(form: PromoForm): Promise<Outcome<PromoCodeView>>;
  promos(): Promise<Outcome<PromoCodeView[]>>;
  deletePromo(code: string): Promise<Outcome<null>>;
  stats(): Promise<Outcome<AdminStats>>;
  changeTier(tier: string, changes: TierChanges): Promise<Outcome<SubscriptionTierView>>;
  /** Newest first. */
  auditLog(): Promise<Outcome<AuditEntryView[]>>;
  /** `civicwatch admin grant|revoke` (no API route). */
  setAdminRole(email: string, role: 'admin' | 'user'): Promise<Outcome<UserView>>;
}

/** docs/product/screens.md "Form checks": the panel reads its numbers as integers, with a default for an empty or unreadable field. */
const integerOr = (text: string, fallback: number): number => {
  const n = Number.parseInt(text, 10);
  return Number.isNaN(n) ? fallback : n;
};

/**
 * The body of POST /api/admin/promo-codes as the panel's form sends it (apps/web promo-code-form.tsx): a
 * date alone goes as the ISO time that day ends. A max uses left empty is left out, so that the server's
 * own default is what the scenario sees.
 */
export const panelPromoRequest = (form: PromoForm): Record<string, unknown> => ({
  code: form.code.trim(),
  type: form.kind,
  credits: form.kind === 'credits' ? integerOr(form.amount, 0) : 0,
  discountPercent: form.kind === 'discount' ? integerOr(form.amount, 0) : 0,
  ...(form.maxUses.trim() ? { maxUses: integerOr(form.maxUses, 1) } : {}),
  expiresAt: form.expiryDate ? (parsePromoExpiry(form.expiryDate)?.toISOString() ?? form.expiryDate) : '',
  isActive: true,
});
