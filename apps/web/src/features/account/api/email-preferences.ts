import type { EmailPreferencesInput } from '@civicwatch/core/contracts/index.ts';
import { useUserUpdate } from '../../../lib/use-user-update.ts';

/** PUT /api/account/email-preferences: the three optional kinds of e-mail; answers the updated user. */
export const useUpdateEmailPreferences = (options: { onSaved: () => void; onFailed: (error: unknown) => void }) =>
  useUserUpdate<EmailPreferencesInput>({ path: '/api/account/email-preferences', method: 'PUT' }, options);
