import { z } from 'zod';

/** docs/product/screens.md "Form checks": a link without a token; also the answer for a token that is not ours. */
export const INVALID_UNSUBSCRIBE_LINK_MESSAGE = 'Invalid unsubscribe link';
/** docs/product/screens.md "Messages": the page's error when the server gave no message of its own. */
export const UNSUBSCRIBE_FAILED_MESSAGE = 'Failed to process unsubscribe request.';

/** GET /api/unsubscribe?token= (docs/product/api.md "Endpoints"). */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: INVALID_UNSUBSCRIBE_LINK_MESSAGE })
    .trim()
    .min(1, { message: INVALID_UNSUBSCRIBE_LINK_MESSAGE })
    .max(512, { message: INVALID_UNSUBSCRIBE_LINK_MESSAGE }),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** Its answer (docs/product/api.md "Endpoints"). */
export const unsubscribeResponseSchema = z.object({ message: z.string().min(1) })
  .meta({ id: 'UnsubscribeResponse', description: 'What the unsubscribe page shows' });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
