/** Who did an administrative action: a signed-in administrator, or the command line. */
export interface AdminActor {
  /** The administrator's user id; null for the command line, which acts with the server's own authority. */
  userId: string | null;
  /** What the log shows: the administrator's e-mail, or `cli` with the system user when known. */
  label: string;
}

export const auditActions = [
  'prompt.update',
  'user.delete',
  'user.tier',
  'user.credits',
  'user.refund',
  'user.verify',
  'admin.grant',
  'admin.revoke',
  'promo.create',
  'promo.delete',
  'tier.update',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditEntry {
  id: string;
  actorId: string | null;
  actorLabel: string;
  action: AuditAction;
  /** What it acted on, as people read it: a user's e-mail, a promo code, a tier id, a prompt key. */
  target: string;
  /** The values the action replaced (null when it created something). */
  before: Record<string, unknown> | null;
  /** The values it wrote (null when it deleted something). */
  after: Record<string, unknown> | null;
  createdAt: Date;
}

export interface AuditLogRepository {
  /** Written in the transaction of the action itself: no action without its entry, no entry without its action. */
  record(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  list(query: { offset: number; limit: number }): Promise<{ entries: AuditEntry[]; total: number }>;
}
