import type { AccountExport, CreditHistoryEntry, EmailPreferencesInput, UserView } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';

/** What a signed-in citizen can do with her own data in account settings, whichever way the product is reached. */
export interface AccountData {
  updateEmailPreferences(preferences: EmailPreferencesInput): Promise<Outcome<UserView>>;
  /** One page of her credit history, newest first, with the number of all its entries. */
  creditHistory(page?: number): Promise<Outcome<{ entries: CreditHistoryEntry[]; total: number }>>;
  exportData(): Promise<Outcome<AccountExport>>;
  /** Deleting the account signs this session out. */
  deleteAccount(password: string): Promise<Outcome<void>>;
}
