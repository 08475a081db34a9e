import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { Repositories } from '../shared/unit-of-work.port.ts';
import type { AdminActor, AuditAction } from './audit-log.port.ts';

/** Writes an action's audit entry in the action's own transaction (every admin use case calls this). */
export async function audit(
  repos: Repositories,
  context: { actor: AdminActor; clock: Clock; ids: IdGenerator },
  action: AuditAction,
  target: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await repos.audit.record({
    id: context.ids.next(),
    actorId: context.actor.userId,
    actorLabel: context.actor.label,
    action,
    target,
    before,
    after,
    createdAt: context.clock.now(),
  });
}
