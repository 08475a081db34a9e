import { randomUUID } from 'node:crypto';
import { defaultEmailPreferences, type PendingAnalysis, type User } from '@civicwatch/core';

/** A pending analysis as SubmitAnalysis writes one: pasted text unless `overrides` brings a PDF. */
export const aPendingAnalysis = (userId: string, overrides: Partial<PendingAnalysis> = {}): PendingAnalysis => ({
  id: randomUUID(),
  userId,
  createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
  progressId: null,
  title: 'Pasted text',
  options: { analysisType: 'summary', country: 'US' },
  source: { kind: 'text', text: 'The Council shall meet on the first Monday of each month.' },
  ...overrides,
} as PendingAnalysis);

/** A user as RegisterUser builds one; every test makes its own, so tests share one database safely. */
export const aUser = (overrides: Partial<User> = {}): User => {
  const id = randomUUID();
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  return {
    id,
    email: `user-${id}@example.test`,
    firstName: 'Ada',
    lastName: null,
    state: null,
    country: 'US',
    tierId: 'citizen',
    credits: 0,
    role: 'user',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    emailPreferences: { ...defaultEmailPreferences },
    emailVerifiedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
};
