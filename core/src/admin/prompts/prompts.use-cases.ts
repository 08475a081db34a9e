import type { UpdateSettingInput } from '../../contracts/admin.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { SettingKey } from '../../contracts/prompt-settings.ts';
import type { AdminActor } from '../audit-log.port.ts';
import { adminMessages } from '../admin-messages.ts';
import { audit } from '../audit.ts';

/** GET /api/admin/settings and `civicwatch prompts get`: the three AI prompts (docs/product/analysis.md "Analysis types"). */
export class GetPrompts {
  constructor(private readonly uow: UnitOfWork) {}

  execute(): Promise<Array<{ key: SettingKey; value: string }>> {
    return this.uow.read(({ settings }) => settings.list());
  }
}

/**
 * Saves one prompt (the panel's editor, `civicwatch prompts set`). The paid prompt is the one analyses of a
 * chosen jurisdiction use, so it must keep its {{STATE}} and {{COUNTRY}} placeholders.
 */
export class UpdatePrompt {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, input: UpdateSettingInput): Promise<Result<{ key: SettingKey; value: string }, DomainError>> {
    if (input.key === 'paid_user_prompt' && !(input.value.includes('{{STATE}}') && input.value.includes('{{COUNTRY}}'))) {
      return err(domainError('validation.invalid', adminMessages.paidPromptPlaceholders));
    }
    return this.uow.run(async (repos) => {
      const before = await repos.settings.get(input.key);
      if (before === input.value) return ok(input);
      await repos.settings.set(input.key, input.value);
      await audit(repos, { actor, clock: this.clock, ids: this.ids }, 'prompt.update', input.key, { value: before }, { value: input.value });
      return ok(input);
    });
  }
}
