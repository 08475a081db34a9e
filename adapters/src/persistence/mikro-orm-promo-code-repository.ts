import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { InferEntity } from '@mikro-orm/core';
import {
  domainError, err, ok, promoMessages,
  type DomainError, type PromoCode, type PromoCodeRepository, type PromoType, type Result,
} from '@civicwatch/core';
import { PromoCodeEntity } from './entities/promo-code.entity.ts';
import { isUuid } from './sql-helpers.ts';
import { kysely, type Database } from './kysely-database.ts';

type PromoCodeRow = InferEntity<typeof PromoCodeEntity>;

const toPromoCode = (row: PromoCodeRow): PromoCode => ({
  id: row.id,
  code: row.code,
  type: row.type as PromoType,
  credits: row.credits,
  discountPercent: row.discountPercent,
  maxUses: row.maxUses,
  currentUses: row.currentUses,
  expiresAt: row.expiresAt,
  isActive: row.isActive,
  createdAt: row.createdAt,
});

/**
 * Reads bypass the identity map: `current_uses` moves by a Kysely update, so a cached entity would be stale.
 *
 * Concurrency: claimUse is one conditional UPDATE, so PostgreSQL's row lock orders concurrent claims of a
 * code and each re-checks `current_uses < max_uses` against the committed count. recordRedemption relies on
 * the (promo_id, user_id) primary key with ON CONFLICT DO NOTHING: a second insert for the same account
 * waits for the first transaction, then inserts nothing.
 */
export class MikroOrmPromoCodeRepository implements PromoCodeRepository {
  constructor(private readonly em: EntityManager) {}

  async findByCode(code: string): Promise<PromoCode | null> {
    const row = await this.em.findOne(PromoCodeEntity, { code }, { disableIdentityMap: true });
    return row ? toPromoCode(row) : null;
  }

  async findById(id: string): Promise<PromoCode | null> {
    if (!isUuid(id)) return null;
    const row = await this.em.findOne(PromoCodeEntity, { id }, { disableIdentityMap: true });
    return row ? toPromoCode(row) : null;
  }

  async insert(promo: PromoCode): Promise<Result<void, DomainError>> {
    const inserted = await this.em.createQueryBuilder(PromoCodeEntity)
      .insert({
        id: promo.id,
        code: promo.code,
        type: promo.type,
        credits: promo.credits,
        discountPercent: promo.discountPercent,
        maxUses: promo.maxUses,
        currentUses: promo.currentUses,
        expiresAt: promo.expiresAt,
        isActive: promo.isActive,
        createdAt: promo.createdAt,
      })
      .onConflict('code').ignore()
      .execute('run');
    return inserted.affectedRows === 1 ? ok(undefined) : err(domainError('promo.code_taken', promoMessages.codeTaken));
  }

  async list(): Promise<PromoCode[]> {
    const rows = await this.em.find(PromoCodeEntity, {}, { orderBy: [{ createdAt: 'desc' }, { code: 'asc' }], disableIdentityMap: true });
    return rows.map(toPromoCode);
  }

  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.em.nativeDelete(PromoCodeEntity, { id })) > 0;
  }

  async hasRedeemed(promoId: string, userId: string): Promise<boolean> {
    if (!isUuid(promoId) || !isUuid(userId)) return false;
    const row = await this.db.selectFrom('promo_redemptions').select((eb) => eb.lit(1).as('found'))
      .where('promo_id', '=', promoId).where('user_id', '=', userId).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async claimUse(promoId: string, now: Date): Promise<boolean> {
    if (!isUuid(promoId)) return false;
    const claimed = await this.db.updateTable('promo_codes')
      .set((eb) => ({ current_uses: eb('current_uses', '+', 1) }))
      .where((eb) => eb.and([eb('id', '=', promoId), eb('current_uses', '<', eb.ref('max_uses')), eb.ref('is_active'), eb('expires_at', '>', now)]))
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  async recordRedemption(promoId: string, userId: string, at: Date): Promise<boolean> {
    const inserted = await this.db.insertInto('promo_redemptions').values({ promo_id: promoId, user_id: userId, created_at: at })
      .onConflict((conflict) => conflict.columns(['promo_id', 'user_id']).doNothing())
      .returning('promo_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async redemptionsOf(userId: string): Promise<Array<{ code: string; redeemedAt: Date }>> {
    if (!isUuid(userId)) return [];
    const rows = await this.db.selectFrom('promo_redemptions as r').innerJoin('promo_codes as p', 'p.id', 'r.promo_id')
      .select(['p.code', 'r.created_at'])
      .where('r.user_id', '=', userId)
      .orderBy('r.created_at').orderBy('p.code')
      .execute();
    return rows.map((r) => ({ code: r.code, redeemedAt: new Date(r.created_at) }));
  }

  private get db(): Kysely<Database> {
    return kysely(this.em);
  }
}
