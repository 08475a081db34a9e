import type { PromoCodeRepository } from '../../promos/promo-code-repository.port.ts';
import { promoMessages, type PromoCode } from '../../promos/promo-code.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

export class InMemoryPromoCodeRepository implements PromoCodeRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async findByCode(code: string): Promise<PromoCode | null> {
    const found = this.db.state.promoCodes.find((p) => p.code === code);
    return found ? copy(found) : null;
  }

  async findById(id: string): Promise<PromoCode | null> {
    const found = this.db.state.promoCodes.find((p) => p.id === id);
    return found ? copy(found) : null;
  }

  async insert(promo: PromoCode): Promise<Result<void, DomainError>> {
    if (promo.code !== promo.code.toUpperCase() || promo.code === '') throw new Error(`A promo code is stored upper case, got ${promo.code}`);
    if (this.db.state.promoCodes.some((p) => p.code === promo.code)) return err(domainError('promo.code_taken', promoMessages.codeTaken));
    if (this.db.state.promoCodes.some((p) => p.id === promo.id)) throw new Error(`Duplicate promo id ${promo.id}`);
    this.db.state.promoCodes.push(copy(promo));
    return ok(undefined);
  }

  async list(): Promise<PromoCode[]> {
    return [...this.db.state.promoCodes]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.code.localeCompare(b.code))
      .map(copy);
  }

  async delete(id: string): Promise<boolean> {
    const before = this.db.state.promoCodes.length;
    this.db.state.promoCodes = this.db.state.promoCodes.filter((p) => p.id !== id);
    this.db.state.promoRedemptions = this.db.state.promoRedemptions.filter((r) => r.promoId !== id);
    return this.db.state.promoCodes.length < before;
  }

  async hasRedeemed(promoId: string, userId: string): Promise<boolean> {
    return this.db.state.promoRedemptions.some((r) => r.promoId === promoId && r.userId === userId);
  }

  async claimUse(promoId: string, now: Date): Promise<boolean> {
    const promo = this.db.state.promoCodes.find((p) => p.id === promoId);
    if (!promo || !promo.isActive || promo.currentUses >= promo.maxUses || promo.expiresAt.getTime() <= now.getTime()) return false;
    promo.currentUses += 1;
    return true;
  }

  async recordRedemption(promoId: string, userId: string, at: Date): Promise<boolean> {
    if (!this.db.state.users.has(userId)) throw new Error(`Unknown user ${userId}`);
    if (!this.db.state.promoCodes.some((p) => p.id === promoId)) throw new Error(`Unknown promo ${promoId}`);
    if (await this.hasRedeemed(promoId, userId)) return false;
    this.db.state.promoRedemptions.push({ promoId, userId, createdAt: new Date(at) });
    return true;
  }

  async redemptionsOf(userId: string): Promise<Array<{ code: string; redeemedAt: Date }>> {
    return this.db.state.promoRedemptions
      .filter((r) => r.userId === userId)
      .flatMap((r) => {
        const promo = this.db.state.promoCodes.find((p) => p.id === r.promoId);
        return promo ? [{ code: promo.code, redeemedAt: new Date(r.createdAt) }] : [];
      })
      .sort((a, b) => a.redeemedAt.getTime() - b.redeemedAt.getTime() || a.code.localeCompare(b.code));
  }
}
