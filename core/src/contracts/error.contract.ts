import { z } from 'zod';

/** Every API error body (DECISIONS "Errors"). */
export const errorBodySchema = z.object({ code: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageSchema = z.object({ message: z.string() });
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
