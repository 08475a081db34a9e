import type { LedgerRow, UserView } from '@civicwatch/core';

/** What the product answered. `status` is the HTTP status of a refusal, where the product was reached over HTTP. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string; status?: number };

/** What a citizen can do with her account, whichever way the product is reached. */
export interface Accounts {
  register(input: { firstName: string; email: string; password: string }): Promise<Outcome<UserView>>;
  signIn(email: string, password: string): Promise<Outcome<UserView>>;
  signOut(): Promise<void>;
  /** Null when signed out. */
  currentUser(): Promise<UserView | null>;
  updateProfile(fields: Record<string, string>): Promise<Outcome<UserView>>;
  /** The ledger rows of an account, read from the database: there is no screen for it yet. */
  creditHistory(userId: string): Promise<LedgerRow[]>;
}
