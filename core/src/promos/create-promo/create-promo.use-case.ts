import type { CreatePromoInput } from '../../contracts/promo.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import { promoMessages, promoTerms, type PromoCode } from '../promo-code.ts';
import type { AdminActor } from '../../admin/audit-log.port.ts';
import { audit } from '../../admin/audit.ts';

/**
 * Administrators only (the admin panel and the CLI); the caller checks the role, the audit log records who.
 * A credits code carries no discount and a discount code no credits, whatever the input held.
 */
export class CreatePromo {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, input: CreatePromoInput): Promise<Result<PromoCode, DomainError>> {
    const now = this.clock.now();
    if (input.expiresAt.getTime() <= now.getTime()) return err(domainError('validation.invalid', promoMessages.expiryInPast));
    const promo: PromoCode = {
      id: this.ids.next(),
      code: input.code,
      type: input.type,
      credits: input.type === 'credits' ? input.credits : 0,
      discountPercent: input.type === 'discount' ? input.discountPercent : 0,
      maxUses: input.maxUses,
      currentUses: 0,
      expiresAt: input.expiresAt,
      isActive: input.isActive,
      createdAt: now,
    };
    return this.uow.run(async (repos) => {
      const inserted = await repos.promos.insert(promo);
      if (!inserted.ok) return inserted;
      await audit(repos, { actor, clock: this.clock, ids: this.ids }, 'promo.create', promo.code, null, promoTerms(promo));
      return ok(promo);
    });
  }
}
