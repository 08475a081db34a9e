import { useMutation } from '@tanstack/react-query';
import { promoValidationSchema, type PromoValidation } from '@civicwatch/core/contracts/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A code the server accepted for the checkout, as typed (upper case). */
export type AppliedPromo = PromoValidation & { code: string };

/** POST /api/validate-promo (docs/product/api.md "Endpoints"): checks a code for the checkout without redeeming it. */
export function useValidatePromo(options: { onValid: (promo: AppliedPromo) => void; onFailed: (error: unknown) => void }) {
  return useMutation({
    mutationFn: async (code: string): Promise<AppliedPromo> => ({
      ...promoValidationSchema.parse(await apiRequest('/api/validate-promo', { method: 'POST', json: { code } })),
      code,
    }),
    onSuccess: (promo) => options.onValid(promo),
    onError: (error) => options.onFailed(error),
  });
}
