import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { PromoCode } from '../promo-code.ts';

/** Administrators only; newest first. */
export class ListPromos {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(): Promise<PromoCode[]> {
    return this.uow.run(({ promos }) => promos.list());
  }
}
