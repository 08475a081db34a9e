import { normalizePromoCode } from '../../contracts/promo.contract.ts';
import type { DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PromoCode } from '../promo-code.ts';
import { unknownPromo } from '../promo-checks.ts';
import { promoTerms } from '../promo-code.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import type { AdminActor } from '../../admin/audit-log.port.ts';
import { audit } from '../../admin/audit.ts';

/**
 * Administrators only. Takes the code (the CLI) or its id (the admin panel's DELETE /promo-codes/{id}).
 * Credits already granted stay: their ledger rows are the user's, not the code's.
 */
export class DeletePromo {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, codeOrId: string): Promise<Result<PromoCode, DomainError>> {
    return this.uow.run(async (repos) => {
      const { promos } = repos;
      const wanted = codeOrId.trim();
      const promo = (await promos.findByCode(normalizePromoCode(wanted)))
        ?? (await promos.findById(wanted.toLowerCase()));
      if (!promo || !(await promos.delete(promo.id))) return err(unknownPromo());
      await audit(repos, { actor, clock: this.clock, ids: this.ids }, 'promo.delete', promo.code, { ...promoTerms(promo), currentUses: promo.currentUses }, null);
      return ok(promo);
    });
  }
}
