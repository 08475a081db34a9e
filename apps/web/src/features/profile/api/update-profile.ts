import type { ProfileUpdateInput } from '@civicwatch/core/contracts/index.ts';
import { useUserUpdate } from '../../../lib/use-user-update.ts';

/** PATCH /api/profile. Success refreshes the user and dashboard data (docs/product/api.md "Endpoints"). */
export const useUpdateProfile = (options: { onSaved: () => void; onFailed: () => void }) =>
  useUserUpdate<ProfileUpdateInput>({ path: '/api/profile', method: 'PATCH' }, options);
