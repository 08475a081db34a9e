import { z } from 'zod';
import { messageKinds } from '../notifications/outbox.port.ts';
import { auditListQuerySchema } from './admin.contract.ts';

/** The largest page of the outbox: each message carries its whole text. */
export const OUTBOX_PAGE_LIMIT = 100;

const pageSizeMessage = `pageSize must be between 1 and ${OUTBOX_PAGE_LIMIT}`;

/**
 * GET /api/admin/outbox and `civicwatch outbox`: a page of the outbox. Pages as the other admin lists do,
 * but at most OUTBOX_PAGE_LIMIT to a page (a message carries its whole text), so a larger page is refused
 * rather than cut short in silence.
 */
export const outboxListQuerySchema = z.object({
  page: auditListQuerySchema.shape.page,
  pageSize: z.coerce.number().int({ message: 'pageSize must be a whole number' })
    .min(1, { message: pageSizeMessage }).max(OUTBOX_PAGE_LIMIT, { message: pageSizeMessage }).default(20),
});
export type OutboxListQuery = z.output<typeof outboxListQuerySchema>;

/**
 * Where a message stands: `sent` once a mail server accepted it; `failed` when delivery gave up (its last
 * error says why); `pending` while it waits, for a first attempt (always, without SMTP_URL) or for a retry.
 */
export const outboxStatuses = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** One outbox message as administrators read it (docs/product/self-hosting.md "Embedded defaults": the outbox administrators can read). */
export const outboxMessageViewSchema = z.object({
  id: z.string(),
  /** The account it was written for; a deleted account's messages go with it (ADR 0009). */
  userId: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  kind: z.enum(messageKinds),
  /** The whole plain-text body, as sent (or to be sent). */
  text: z.string(),
  status: z.enum(outboxStatuses),
  /** Delivery attempts so far. */
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  /** When delivery gave up, its last attempt failed (status `failed`); null otherwise. */
  givenUpAt: z.iso.datetime().nullable(),
}).meta({ id: 'OutboxMessageView', description: 'One e-mail of the outbox, whole, with its delivery state' });
export type OutboxMessageView = z.infer<typeof outboxMessageViewSchema>;
export const outboxMessageListSchema = z.array(outboxMessageViewSchema);
