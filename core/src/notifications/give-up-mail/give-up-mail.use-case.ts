import type { Clock } from '../../shared/clock.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';

/**
 * A message whose every delivery attempt failed (its job dead-lettered, ADR 0028): it stays in the outbox,
 * unsent, shown to administrators as failed with its last error.
 */
export class GiveUpMail {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(messageId: string): Promise<void> {
    await this.uow.run(({ outbox }) => outbox.markGivenUp(messageId, this.clock.now()));
  }
}
