import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { settingKeys, settingListSchema, type settingViewSchema } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, getJson } from '../../../lib/api-client.ts';
import { adminKeys, refreshAdminData } from './admin-cache.ts';

export type PromptKey = z.infer<typeof settingViewSchema>['key'];
export type Prompts = Record<PromptKey, string>;

/** GET /api/admin/settings: the AI prompts, a missing one read as empty. */
export function usePrompts() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: async (): Promise<Prompts> => {
      const settings = await getJson('/api/admin/settings', settingListSchema);
      const value = (key: PromptKey) => settings.find((setting) => setting.key === key)?.value ?? '';
      return Object.fromEntries(settingKeys.map((key) => [key, value(key)])) as Prompts;
    },
  });
}

/**
 * POST /api/admin/settings once per prompt (docs/product/api.md "Endpoints"). The paid prompt goes first: it is the one the
 * server may refuse (it must keep {{STATE}} and {{COUNTRY}}), and a refusal then leaves them all unchanged.
 */
export function useSavePrompts(options: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prompts: Prompts) => {
      for (const key of ['paid_user_prompt', ...settingKeys.filter((key) => key !== 'paid_user_prompt')] as const) {
        await apiRequest('/api/admin/settings', { method: 'POST', json: { key, value: prompts[key] } });
      }
    },
    onSuccess: async () => {
      options.onSaved();
      await refreshAdminData(queryClient, ['settings']);
    },
    onError: (error) => options.onFailed(error),
  });
}
