import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { settingListSchema, type settingViewSchema } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, getJson } from '../../../lib/api-client.ts';
import { adminKeys, refreshAdminData } from './admin-cache.ts';

export type PromptKey = z.infer<typeof settingViewSchema>['key'];
export type Prompts = Record<PromptKey, string>;

/** GET /api/admin/settings: the three AI prompts, a missing one read as empty. */
export function usePrompts() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: async (): Promise<Prompts> => {
      const settings = await getJson('/api/admin/settings', settingListSchema);
      const value = (key: PromptKey) => settings.find((setting) => setting.key === key)?.value ?? '';
      return { free_user_prompt: value('free_user_prompt'), paid_user_prompt: value('paid_user_prompt'), summary_prompt: value('summary_prompt') };
    },
  });
}

/**
 * POST /api/admin/settings once per prompt (docs/product/api.md "Endpoints"). The paid prompt goes first: it is the one the
 * server may refuse (it must keep {{STATE}} and {{COUNTRY}}), and a refusal then leaves all three unchanged.
 */
export function useSavePrompts(options: { onSaved: () => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prompts: Prompts) => {
      for (const key of ['paid_user_prompt', 'free_user_prompt', 'summary_prompt'] as const) {
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
