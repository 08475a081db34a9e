import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userViewSchema, type RegisterInput, type UserView } from '@civicwatch/core/contracts/index.ts';
import { HttpError, RequestTimeoutError, apiRequest, serverMessage } from '../../../lib/api-client.ts';
import { currentUserKey } from '../../../lib/query-client.ts';

/** docs/product/credits-and-tiers.md "Tiers": registration gives up after 10 s. */
export const REGISTER_TIMEOUT_MS = 10_000;

/**
 * POST /api/register. The server signs the new account in (docs/product), so its answer becomes the cached
 * current user whichever form registered.
 */
export function useRegister(options: { onSuccess: (user: UserView) => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      userViewSchema.parse(await apiRequest('/api/register', { method: 'POST', json: input, timeoutMs: REGISTER_TIMEOUT_MS })),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      options.onSuccess(user);
    },
    onError: options.onError,
  });
}

/**
 * docs/product/screens.md "Messages". The standalone page explains network errors with the error's own
 * message; the login page's inline form says Network error. Please try again.
 */
export function registrationFailureMessage(error: unknown, form: 'signup-page' | 'login-page'): string {
  if (error instanceof HttpError) {
    if (error.body() === null) return 'Registration failed.';
    return serverMessage(error) ?? 'Failed to create account';
  }
  if (error instanceof RequestTimeoutError) return 'Registration timed out. Please try again.';
  if (form === 'login-page') return 'Network error. Please try again.';
  return (error instanceof Error && error.message) || 'Unable to connect to server. Please try again.';
}
