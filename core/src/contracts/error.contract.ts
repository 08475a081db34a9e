import { z } from 'zod';

/** Every API error body (docs/product/api.md "Errors"). */
export const errorBodySchema = z.object({
  code: z.string().describe('Stable, for programs: `credits.insufficient`, `validation.invalid`, …'),
  message: z.string().describe('What to tell the person, in their words'),
}).meta({ id: 'ErrorBody', description: 'Every error answer: a stable `code` and the `message` to show' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message', description: 'A message to show the user' });
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') })
  .meta({ id: 'Health', description: 'The server answers and reaches its database' });
