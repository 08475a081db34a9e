import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { promoCodeViewSchema, type PromoCodeView, type PromoType } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, getJson } from '../../../lib/api-client.ts';
import { adminKeys, refreshAdminData } from './admin-cache.ts';

/** POST /api/admin/promo-codes body (docs/product/api.md "Endpoints"). */
export type NewPromoCode = {
  code: string;
  type: PromoType;
  credits: number;
  discountPercent: number;
  maxUses: number;
  /** ISO date-time. */
  expiresAt: string;
  isActive: true;
};

/** GET /api/admin/promo-codes. */
export function usePromoCodes() {
  return useQuery({
    queryKey: adminKeys.promoCodes,
    queryFn: () => getJson('/api/admin/promo-codes', z.array(promoCodeViewSchema)),
  });
}

export function useCreatePromoCode(options: { onCreated: (code: string) => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promo: NewPromoCode) => apiRequest('/api/admin/promo-codes', { method: 'POST', json: promo }),
    onSuccess: async (_answer, promo) => {
      options.onCreated(promo.code);
      await refreshAdminData(queryClient, ['promoCodes']);
    },
    onError: (error) => options.onFailed(error),
  });
}

/** DELETE /api/admin/promo-codes/{id}. */
export function useDeletePromoCode(options: { onDeleted: (promo: PromoCodeView) => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promo: PromoCodeView) => apiRequest(`/api/admin/promo-codes/${encodeURIComponent(promo.id)}`, { method: 'DELETE' }),
    onSuccess: async (_answer, promo) => {
      options.onDeleted(promo);
      await refreshAdminData(queryClient, ['promoCodes']);
    },
    onError: (error) => options.onFailed(error),
  });
}
