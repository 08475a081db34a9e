/** The audit log's actions in plain words; an action this client does not know shows as the server names it. */
const actionLabels: Record<string, string> = {
  'prompt.update': 'Prompt updated',
  'user.delete': 'User deleted',
  'user.tier': 'Tier changed',
  'user.credits': 'Credits changed',
  'user.refund': 'Refund',
  'user.verify': 'E-mail verified',
  'admin.grant': 'Admin granted',
  'admin.revoke': 'Admin revoked',
  'promo.create': 'Promo code created',
  'promo.delete': 'Promo code deleted',
  'tier.update': 'Tier edited',
};

export function auditActionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

/** Long values (a prompt is thousands of characters) are cut to this many characters. */
const MAX_VALUE_LENGTH = 40;

function shortValue(value: unknown): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/**
 * One line per changed field, "field: before → after"; a side that did not exist (a creation, a deletion)
 * shows as "—".
 */
export function describeAuditChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => `${key}: ${shortValue(before?.[key])} → ${shortValue(after?.[key])}`);
}
